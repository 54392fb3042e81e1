/** A worker module for the multi-worker bench: the contract's engine, sabotaged to drop approvals. */
export { losing as scaleEngine } from "./scale-sabotage.js";
