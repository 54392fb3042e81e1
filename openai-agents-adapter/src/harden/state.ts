/**
 * sealed_state and redaction: the SDK's RunState, stored beside the contract checkpoint it was
 * taken at and sealed under the store key, so a restored copy is the state of that checkpoint or
 * refused (checkpoint_tampered); and what enters the SDK's state first passes the contract's one
 * redaction function, so no stored RunState carries a raw secret.
 */
import { CheckpointTamperedError, checkSeal, redact, sealOf, type AgentState } from "../../../contract/index.js";
import { isOn, type HardeningOptions } from "./pieces.js";

export type SealedRunState = { readonly checkpoint_hash: string; readonly run_state: string; readonly seal: string };
export type RunStateStore = Map<string, SealedRunState>;

/** Where a RunState is kept: beside its checkpoint when sealed_state is on, else one per session (the last one). */
const keyOf = (options: HardeningOptions, state: AgentState) =>
  isOn(options, "sealed_state") ? `${state.session_id}\n${state.checkpoint_hash}` : state.session_id;

export function keepRunState(
  store: RunStateStore,
  secret: string,
  options: HardeningOptions,
  state: AgentState,
  run_state: string,
): void {
  const record = { checkpoint_hash: state.checkpoint_hash, run_state };
  const seal = isOn(options, "sealed_state") ? sealOf(secret, state.session_id, record) : "";
  store.set(keyOf(options, state), { ...record, seal });
}

/** The RunState kept for `state`'s checkpoint, its seal checked first; undefined when none was kept. */
export function openRunState(
  store: RunStateStore,
  secret: string,
  options: HardeningOptions,
  state: AgentState,
): string | undefined {
  const saved = store.get(keyOf(options, state));
  if (saved === undefined) return undefined;
  if (isOn(options, "sealed_state")) {
    const { seal, ...record } = saved;
    const sealed = checkSeal(secret, state.session_id, record, seal);
    if (!sealed.ok) throw new CheckpointTamperedError(sealed.error);
  }
  return saved.run_state;
}

/** The run's input as the SDK will store it: the contract's redaction of the goal. */
export const sdkInput = (options: HardeningOptions, goal: string): string =>
  isOn(options, "redaction") ? String(redact(goal, Infinity)) : goal;
