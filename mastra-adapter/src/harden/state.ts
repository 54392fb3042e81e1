/**
 * sealed_state and redaction. Mastra keeps a suspended run as a snapshot in its storage, found by
 * runId; the layer keeps which run waits on which call beside the contract checkpoint it stopped at,
 * sealed under the store key, so a run is resumed only from the checkpoint it belongs to (a restored
 * or edited record is refused, checkpoint_tampered). What enters Mastra's stored messages (the goal)
 * first passes the contract's one redaction function.
 */
import { CheckpointTamperedError, checkSeal, redact, sealOf, type AgentState } from "../../../contract/index.js";
import { isOn, type HardeningOptions } from "./pieces.js";

/** A Mastra run suspended for approval: its runId and the call it waits on. */
export type SuspendedRun = { readonly runId: string; readonly toolCallId: string };
export type SealedRun = SuspendedRun & { readonly checkpoint_hash: string; readonly seal: string };
export type SuspendedRunStore = Map<string, SealedRun>;

/** Where a run is kept: beside its checkpoint when sealed_state is on, else one per session (the last one). */
const keyOf = (options: HardeningOptions, state: AgentState) =>
  isOn(options, "sealed_state") ? `${state.session_id}\n${state.checkpoint_hash}` : state.session_id;

export function keepSuspendedRun(
  store: SuspendedRunStore,
  secret: string,
  options: HardeningOptions,
  state: AgentState,
  run: SuspendedRun,
): void {
  const record = { checkpoint_hash: state.checkpoint_hash, runId: run.runId, toolCallId: run.toolCallId };
  const seal = isOn(options, "sealed_state") ? sealOf(secret, state.session_id, record) : "";
  store.set(keyOf(options, state), { ...record, seal });
}

/** The suspended run kept at `state`'s checkpoint, its seal checked first; undefined when none was kept. */
export function openSuspendedRun(
  store: SuspendedRunStore,
  secret: string,
  options: HardeningOptions,
  state: AgentState,
): SuspendedRun | undefined {
  const saved = store.get(keyOf(options, state));
  if (saved === undefined) return undefined;
  if (isOn(options, "sealed_state")) {
    const { seal, ...record } = saved;
    const sealed = checkSeal(secret, state.session_id, record, seal);
    if (!sealed.ok) throw new CheckpointTamperedError(sealed.error);
  }
  return { runId: saved.runId, toolCallId: saved.toolCallId };
}

/** Once resumed, a suspended run is spent: it is not resumed twice. */
export const spendSuspendedRun = (store: SuspendedRunStore, options: HardeningOptions, state: AgentState): boolean =>
  store.delete(keyOf(options, state));

/** The run's input as Mastra will store it: the contract's redaction of the goal. */
export const mastraInput = (options: HardeningOptions, goal: string): string =>
  isOn(options, "redaction") ? String(redact(goal, Infinity)) : goal;
