/**
 * The one place a tool is called. It reads and writes the ledger around the call, enforces the
 * tool's timeout on the injected clock, and turns every way a call can end into an outcome.
 * It catches exactly once; a `ProcessCrash` is never caught.
 */
import { toMessageContent, type ArtifactStore } from "./artifacts.js";
import type { JsonValue } from "./canonical.js";
import { SleepCancel, type Clock } from "./clock.js";
import { factForReconcile, type ExecutionOutcome, type ReconcileInput } from "./decisions.js";
import type { Fact } from "./facts.js";
import { grantDispatch } from "./dispatch-permit.js";
import { decideDispatch, type BeginDecision, type LedgerStore } from "./ledger.js";
import { hasSideEffects } from "./risk.js";
import { errorMessage, redact } from "./redact.js";
import type { ToolRegistry } from "./registry.js";
import { assertNever, err, HarnessError, ok, type Result } from "./result.js";
import type { AgentState, AuthorizedCall, Intent } from "./state.js";
import { isPermanentToolError, isProcessCrash, isTransientToolError, type AnyToolSpec } from "./tool.js";

export type ExecutionDeps = {
  readonly registry: ToolRegistry;
  readonly ledger: LedgerStore;
  readonly artifacts: ArtifactStore;
  readonly clock: Clock;
};

/** Opens the ledger entry of a side-effecting call; read-only calls need none. */
export function beginCall(deps: ExecutionDeps, session_id: string, step: number, call: AuthorizedCall): BeginDecision {
  if (!hasSideEffects(call.risk)) return { kind: "execute" };
  return deps.ledger.begin({
    key: call.idempotency_key,
    tool: call.tool,
    args_digest: call.args_digest,
    owner: `${session_id}#${step}`,
    at: deps.clock.now(),
    risk: call.risk,
  });
}

/** The ledger's answer for each authorized call of a batch, opened before any of them is dispatched. */
export function beginBatch(
  deps: ExecutionDeps,
  session_id: string,
  step: number,
  calls: readonly { readonly call_id: string; readonly call: AuthorizedCall }[],
): { readonly call_id: string; readonly decision: BeginDecision; readonly replay: JsonValue }[] {
  return calls.map(({ call_id, call }) => {
    const decision = beginCall(deps, session_id, step, call);
    return { call_id, decision, replay: decision.kind === "replay" ? replayContent(deps)(decision.output) : null };
  });
}

/** The content a replayed call shows the model (stores the artifact of a large output again if needed). */
export function replayContent(deps: ExecutionDeps) {
  return (output: unknown) => stored(deps, output).content;
}

/**
 * Runs one attempt of an intent. `lastAttempt` releases the key when a transient failure ends the run.
 * `cancel` (a host's cancellation) before dispatch releases the key and runs nothing; after dispatch
 * it aborts the tool's signal, and a side-effecting call is then `uncertain`.
 */
export async function executeIntent(
  deps: ExecutionDeps,
  intent: Intent,
  lastAttempt: boolean,
  cancel?: AbortSignal,
): Promise<ExecutionOutcome> {
  const spec = deps.registry.get(intent.tool);
  if (spec === undefined) throw new HarnessError("invalid_transition", `intent names unregistered tool ${intent.tool}`);
  const { clock, ledger } = deps;
  if (intent.retry_at !== null && clock.now() < intent.retry_at) await clock.sleep(intent.retry_at - clock.now());

  const writes = hasSideEffects(intent.risk);
  if (cancel?.aborted === true) {
    if (writes && ledger.get(intent.key)?.state === "in_flight") ledger.release(intent.key);
    return { kind: "failed", message: "cancelled before dispatch; nothing ran" };
  }
  const decision = decideDispatch(writes ? ledger.get(intent.key) : undefined, intent);
  switch (decision.kind) {
    case "refused":
      return { kind: "failed", message: decision.message };
    case "recovered":
      return { kind: "succeeded", content: stored(deps, decision.output).content, recovered: true };
    case "uncertain":
      ledger.markUncertain(intent.key, clock.now());
      return {
        kind: "uncertain",
        reason: decision.reason,
        message: "an earlier attempt may have run; its outcome is unknown",
      };
    case "dispatch":
      if (writes) ledger.setDispatched(intent.key, true, clock.now());
      break;
    default:
      return assertNever(decision);
  }

  const settled = await callWithTimeout(spec, intent, clock, cancel);
  switch (settled.kind) {
    case "cancelled":
      return writes
        ? uncertain(deps, intent, "cancelled", "cancelled after dispatch; the side effect may have happened")
        : { kind: "failed", message: "cancelled while running" };
    case "returned": {
      const output =
        spec.output === undefined
          ? { success: true as const, data: settled.value }
          : spec.output.safeParse(settled.value);
      if (!output.success) {
        return writes
          ? uncertain(deps, intent, "invalid_output", "tool output failed its schema after the call")
          : { kind: "failed", message: "tool output failed its schema" };
      }
      // A tool's answer can carry what no store may keep (a service echoing a token, a customer's phone
      // number): the ledger, the conversation and the artifacts get the redacted copy, never the raw one.
      const safe = redact(output.data, Infinity);
      if (writes) ledger.complete(intent.key, safe, clock.now());
      return { kind: "succeeded", content: stored(deps, safe).content, recovered: false };
    }
    case "timed_out":
      return writes
        ? uncertain(deps, intent, "timeout", `no answer within ${spec.timeoutMs} ms`)
        : { kind: "transient", message: `timed out after ${spec.timeoutMs} ms` };
    case "threw":
      return threw(deps, intent, settled.error, writes, lastAttempt);
    default:
      return assertNever(settled);
  }
}

/** The outcome of a tool that threw: a transient or permanent refusal, or, for a write, uncertain. */
function threw(
  deps: ExecutionDeps,
  intent: Intent,
  error: unknown,
  writes: boolean,
  lastAttempt: boolean,
): ExecutionOutcome {
  const { clock, ledger } = deps;
  if (isTransientToolError(error)) {
    if (writes) lastAttempt ? ledger.release(intent.key) : ledger.setDispatched(intent.key, false, clock.now());
    return { kind: "transient", message: errorMessage(error) };
  }
  if (isPermanentToolError(error) || !writes) {
    if (writes) ledger.release(intent.key);
    return { kind: "failed", message: errorMessage(error) };
  }
  return uncertain(deps, intent, "unknown_error", errorMessage(error));
}

/**
 * Runs the dispatched calls of a batch in parallel and waits for all of them, so a crash in one
 * call is raised only after its siblings have settled. `known` holds outcomes an earlier process
 * recorded for calls of this batch (they do not run again); `settled` hears each call as it ends.
 */
export async function executeBatch(
  deps: ExecutionDeps,
  calls: readonly { readonly call_id: string; readonly intent: Intent; readonly last_attempt: boolean }[],
  known: readonly { readonly call_id: string; readonly outcome: ExecutionOutcome }[] = [],
  settled: (call_id: string, outcome: ExecutionOutcome) => void = () => undefined,
): Promise<{ readonly call_id: string; readonly outcome: ExecutionOutcome }[]> {
  const run = async (c: (typeof calls)[number]) => {
    const earlier = known.find((k) => k.call_id === c.call_id);
    if (earlier !== undefined) return earlier.outcome;
    const outcome = await executeIntent(deps, c.intent, c.last_attempt);
    settled(c.call_id, outcome);
    return outcome;
  };
  const results = await Promise.allSettled(calls.map(run));
  return results.map((result, i) => {
    if (result.status === "rejected") throw result.reason;
    return { call_id: calls[i]!.call_id, outcome: result.value };
  });
}

/**
 * The audited reconcile, up to the fact: checks the request (only a named operator confirms an
 * uncertain outcome), records the confirmation in the ledger before the state moves on — so the
 * key replays instead of staying uncertain — and returns the fact the engine applies. Never
 * calls the executor.
 */
export function confirmUncertain(deps: ExecutionDeps, state: AgentState, input: ReconcileInput): Result<Fact, string> {
  const fact = factForReconcile(state, input);
  if ("error" in fact) return err(fact.error);
  // factForReconcile refused every other status; this only narrows the state's type.
  if (state.status === "reconcile_required") confirmInLedger(deps, state.intent, input);
  return ok(fact);
}

/** Records a person's confirmation of an uncertain outcome; never calls the executor. */
export function confirmInLedger(deps: ExecutionDeps, intent: Intent, input: ReconcileInput): void {
  // A key already completed (an earlier confirmation, or an outcome that reached the ledger) keeps its stored result.
  if (hasSideEffects(intent.risk) && deps.ledger.get(intent.key)?.state !== "completed") {
    deps.ledger.complete(
      intent.key,
      redact(input.output ?? { reconciled: "confirmed", operator: input.operator }, Infinity),
      deps.clock.now(),
    );
  }
}

type Settled =
  | { kind: "returned"; value: unknown }
  | { kind: "threw"; error: unknown }
  | { kind: "timed_out" }
  | { kind: "cancelled" };

async function callWithTimeout(
  spec: AnyToolSpec,
  intent: Intent,
  clock: Clock,
  cancel?: AbortSignal,
): Promise<Settled> {
  const call = new LazyAbort();
  const timer = new SleepCancel();
  const execution = (async (): Promise<Settled> => {
    try {
      const ctx = {
        idempotencyKey: intent.key,
        get signal() {
          return call.signal;
        },
      };
      return { kind: "returned", value: await spec.execute(intent.args, grantDispatch(ctx)) };
    } catch (error) {
      if (isProcessCrash(error)) throw error;
      return { kind: "threw", error };
    }
  })();
  // A crash reported after the timeout already won has nobody left to hear it.
  execution.catch(() => undefined);
  const timeout = clock.sleep(spec.timeoutMs, timer).then((): Settled => ({ kind: "timed_out" }));
  const racers = [execution, timeout];
  let stop: (() => void) | undefined;
  if (cancel !== undefined)
    racers.push(
      new Promise<Settled>((resolve) => {
        stop = () => resolve({ kind: "cancelled" });
        if (cancel.aborted) stop();
        // An abort event fires once per signal: no listener needs `once`.
        else cancel.addEventListener("abort", stop);
      }),
    );
  try {
    const winner = await Promise.race(racers);
    if (winner.kind === "timed_out" || winner.kind === "cancelled") call.abort();
    return winner;
  } finally {
    timer.abort();
    if (stop !== undefined) cancel?.removeEventListener("abort", stop);
  }
}

/**
 * The tool's abort signal, made only when the tool reads it: most tools never do, and making an
 * AbortSignal costs more than the rest of the race. Read after `abort`, it is already aborted.
 */
class LazyAbort {
  #controller: AbortController | null = null;
  #aborted = false;

  get signal(): AbortSignal {
    if (this.#controller === null) {
      this.#controller = new AbortController();
      if (this.#aborted) this.#controller.abort();
    }
    return this.#controller.signal;
  }

  abort(): void {
    this.#aborted = true;
    this.#controller?.abort();
  }
}

function uncertain(
  deps: ExecutionDeps,
  intent: Intent,
  reason: "timeout" | "invalid_output" | "unknown_error" | "cancelled",
  message: string,
): ExecutionOutcome {
  deps.ledger.markUncertain(intent.key, deps.clock.now());
  return { kind: "uncertain", reason, message };
}

function stored(deps: ExecutionDeps, output: unknown) {
  const message = toMessageContent(output);
  if (message.artifact !== null) deps.artifacts.put(message.artifact.ref, message.artifact.body);
  return message;
}
