export { createMemoryGraphCheckpointer } from "./checkpointer.js";
export type { GraphCheckpoint, GraphCheckpointer } from "./checkpointer.js";
export { END, START, edgesOf } from "./definition.js";
export type {
  Edge,
  GraphDefinition,
  GraphShape,
  Interrupt,
  NodeContext,
  NodeFn,
  RouteResult,
  SendPacket,
} from "./definition.js";
export { StateGraph } from "./graph.js";
export { CompiledGraph } from "./run.js";
export type { RunInput, RunResult } from "./run.js";
export { drawMermaid } from "./mermaid.js";
