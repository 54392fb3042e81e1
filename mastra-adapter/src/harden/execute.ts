/**
 * guarded_execute: Mastra's `execute` of one call performs the contract's work for the turn (the
 * driver's effects up to the next planner turn: ledger entry, idempotency key, intent checkpointed
 * before the effect, the executor, the outcome) and returns the contract's answer to that call.
 * Mastra's input must be the arguments the contract authorized (digest-equal), or the call is
 * refused before anything runs. An outcome the contract holds unsettled (uncertain) ends Mastra's
 * loop, and a process death inside it is rethrown as itself once Mastra returns.
 */
import { digest, type AgentState } from "../../../contract/index.js";
import type { Driver } from "../../../runtime/index.js";
import { answerOf, type SurfacedCall } from "./calls.js";

export type GuardedExecutor = {
  /** The contract's answer to `toolCallId`, run with `args` as Mastra validated them. */
  execute(toolCallId: string, args: unknown): Promise<unknown>;
  /** What stopped the loop from inside a tool (a process death), to be rethrown once Mastra returns. */
  readonly died: () => { readonly error: unknown } | null;
};

/** The session a driver holds; a driver with none is a bug of the caller. */
export const live = (driver: Driver): AgentState => {
  const state = driver.state();
  if (state === null) throw new Error("the driver holds no state");
  return state;
};

/** Performs the driver's effects up to the next planner turn. */
export async function drain(driver: Driver): Promise<void> {
  for (
    let next = driver.effects()[0];
    next !== undefined && next.type !== "planner/request";
    next = driver.effects()[0]
  )
    await driver.performNext();
}

export function guardedExecutor(
  driver: Driver,
  surfaced: ReadonlyMap<string, SurfacedCall>,
  stop: () => void,
): GuardedExecutor {
  let draining: Promise<void> | null = null;
  let died: { readonly error: unknown } | null = null;
  return {
    died: () => died,
    async execute(toolCallId, args) {
      // The process died inside a sibling call: nothing more runs before Mastra returns.
      if (died !== null) throw died.error;
      const call = surfaced.get(toolCallId);
      if (call === undefined || digest(args) !== digest(call.args))
        throw new Error(`the contract authorized no call ${toolCallId} with these arguments`);
      try {
        await (draining ??= drain(driver).finally(() => (draining = null)));
      } catch (error) {
        died ??= { error };
        stop();
        throw error;
      }
      const answer = answerOf(live(driver), toolCallId);
      if (answer === undefined) {
        // Uncertain, or the run failed: no result enters Mastra's messages until an operator or a resume settles it.
        stop();
        throw new Error(`the contract holds ${toolCallId} unsettled (${live(driver).status})`);
      }
      return answer.content;
    },
  };
}
