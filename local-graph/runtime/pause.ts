/** How a node pauses at an interrupt on the local runtime, and the contexts the loop hands its nodes. */
import { HarnessError } from "../../contract/index.js";
import type { NodeContext } from "./definition.js";

/**
 * Thrown by `interrupt()` and caught by the loop around the node. Not an Error: a pause is control
 * flow that never leaves the runtime, and an Error would capture a stack at every approval wait.
 */
export class GraphPause {
  constructor(readonly payload: unknown) {}
}

/** The context of a node with no earlier answers to replay (nearly every node): one for all of them. */
export const PAUSE_AT_FIRST_INTERRUPT: NodeContext = {
  interrupt(payload) {
    throw new GraphPause(payload);
  },
};

export const NO_INTERRUPT_IN_FAN_OUT: NodeContext = {
  interrupt() {
    throw new HarnessError("invalid_config", "interrupt() inside a fan-out task is not supported");
  },
};

/** The context of a node re-run on resume: its earlier interrupts return their answers, in order, then it pauses. */
export function replaying(offered: readonly unknown[]): NodeContext {
  let used = 0;
  // A method, not a named arrow: under tsx's keepNames each arrow made per node is a name definition.
  return {
    interrupt<T>(payload: unknown): T {
      if (used < offered.length) return offered[used++] as T;
      throw new GraphPause(payload);
    },
  };
}
