/** A worker module for the multi-worker bench: the contract's engine, sabotaged to run a picked-up call again. */
export { duplicating as scaleEngine } from "./scale-sabotage.js";
