/**
 * guarded_execute: the SDK's `execute` of one call, wrapped by the contract. The call runs under
 * its ledger entry and idempotency key, after its intent is checkpointed, with the arguments the
 * SDK validated (refused when they are not the arguments the contract authorized), and an outcome
 * the ledger cannot confirm stops the run in reconcile_required. Each invocation performs only the
 * contract's work for its own call; a batch's calls are dispatched together once the SDK has
 * invoked every one of them, as the contract's batch effect has them run.
 */
import { digest, executeIntent, type AgentState, type Intent } from "../contract/index.js";
import type { DriverDeps, Driver } from "./driver.js";
import type { Effect } from "./effects.js";
import { answerTo, inBatch, sdkIdOf } from "./framework-turn.js";

type Waiter = {
  readonly args: unknown;
  readonly batched: boolean;
  readonly resolve: (text: string) => void;
  readonly reject: (error: unknown) => void;
};

export type GuardedExecutor = {
  readonly driver: Driver;
  /** The answer the contract gives the call `callId`, with `args` as the SDK validated them. */
  execute(callId: string, args: unknown): Promise<string>;
};

export function guardedExecutor(deps: DriverDeps, driver: Driver): GuardedExecutor {
  const waiters = new Map<string, Waiter>();
  let queue: Promise<unknown> = Promise.resolve();
  let died: { readonly error: unknown } | null = null;

  const state = (): AgentState => {
    const s = driver.state();
    if (s === null) throw new Error("the driver holds no session");
    return s;
  };
  /** The SDK's invocation of a call of this effect, if it has come. */
  const waiterOf = (s: AgentState, call_id: string | null) => waiters.get(sdkIdOf(s, call_id));
  const sameArgs = (waiter: Waiter, expected: string) => digest(waiter.args) === expected;
  /** The intent run with the arguments the SDK validated (checked equal to the authorized ones first). */
  const withArgs = (intent: Intent, waiter: Waiter): Intent => ({ ...intent, args: waiter.args as Intent["args"] });
  /** Calls whose SDK arguments are not the ones the contract authorized: answered with a refusal, never run. */
  const refused = new Set<string>();
  const refuse = (callId: string) => {
    refused.add(callId);
    waiters.get(callId)?.resolve("refused: the arguments are not the ones the contract authorized");
    waiters.delete(callId);
  };

  /** Performs the contract's next effect if its call's invocation is here; false when it must wait. */
  const performOne = async (s: AgentState, effect: Effect): Promise<boolean> => {
    switch (effect.type) {
      case "ledger/begin": {
        const waiter = waiterOf(s, null);
        if (waiter === undefined) return false;
        // Checked before the ledger entry opens: a refused call leaves no intent behind.
        if (!sameArgs(waiter, effect.call.args_digest)) {
          refuse(sdkIdOf(s, null));
          return false;
        }
        await driver.performNext();
        return true;
      }
      case "tool/execute": {
        const waiter = waiterOf(s, null);
        if (waiter === undefined) return false;
        if (!sameArgs(waiter, effect.intent.args_digest)) {
          refuse(sdkIdOf(s, null));
          return false;
        }
        const outcome = await executeIntent(deps, withArgs(effect.intent, waiter), effect.last_attempt);
        driver.dispatch({ type: "tool/settled", outcome, at: deps.clock.now() });
        return true;
      }
      case "batch/begin":
        if (!effect.calls.some((c) => waiterOf(s, c.call_id) !== undefined)) return false;
        await driver.performNext();
        return true;
      case "batch/execute": {
        if (!effect.calls.every((c) => waiterOf(s, c.call_id) !== undefined)) return false;
        const changed = effect.calls.filter((c) => !sameArgs(waiterOf(s, c.call_id)!, c.intent.args_digest));
        if (changed.length > 0) {
          for (const c of changed) refuse(sdkIdOf(s, c.call_id));
          return false;
        }
        // The finished siblings of a batch a crash interrupted are kept (runtime/pending-outcomes.ts), as the contract's batch effect keeps them.
        const known = deps.pendingOutcomes?.list(s.session_id, s.seq) ?? [];
        const results = await Promise.allSettled(
          effect.calls.map(async (c) => {
            const earlier = known.find((k) => k.call_id === c.call_id);
            if (earlier !== undefined) return earlier.outcome;
            const outcome = await executeIntent(deps, withArgs(c.intent, waiterOf(s, c.call_id)!), c.last_attempt);
            deps.pendingOutcomes?.add(s.session_id, s.seq, { call_id: c.call_id, outcome });
            return outcome;
          }),
        );
        const outcomes = results.map((r, i) => {
          if (r.status === "rejected") throw r.reason;
          return { call_id: effect.calls[i]!.call_id, outcome: r.value };
        });
        driver.dispatch({ type: "batch/settled", outcomes, at: deps.clock.now() });
        return true;
      }
      case "planner/request":
        return false;
    }
  };

  const pump = async () => {
    for (let effect = driver.effects()[0]; effect !== undefined; effect = driver.effects()[0])
      if (!(await performOne(state(), effect))) break;
    const s = state();
    const next = driver.effects()[0];
    // A batch effect still waiting on invocations the SDK has not made yet keeps its callers waiting.
    const waitsForSiblings =
      (next?.type === "batch/execute" || next?.type === "batch/begin") &&
      next.calls.every((c) => !refused.has(sdkIdOf(s, c.call_id)));
    for (const [callId, waiter] of waiters) {
      const answer = answerTo(s, callId, waiter.batched);
      if (answer !== undefined) waiter.resolve(JSON.stringify(answer.content));
      else if (!waitsForSiblings) waiter.resolve(`no answer: the session is ${s.status}`);
      else continue;
      waiters.delete(callId);
    }
  };

  return {
    driver,
    execute(callId, args) {
      return new Promise<string>((resolve, reject) => {
        if (died !== null) return reject(died.error);
        waiters.set(callId, { args, batched: inBatch(state(), callId), resolve, reject });
        const work = queue.then(async () => {
          if (died !== null) throw died.error;
          try {
            await pump();
          } catch (error) {
            // A process that died (or spent its work budget) does nothing more: every waiting call sees the same death.
            died = { error };
            for (const w of waiters.values()) w.reject(error);
            waiters.clear();
          }
        });
        queue = work.catch(() => undefined);
      });
    },
  };
}
