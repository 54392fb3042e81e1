/**
 * sealed_state and redaction: the agent's thread (its LangGraph checkpoint id) kept beside the
 * contract checkpoint it was taken at and sealed under the store key, so a restored copy resumes
 * that thread or is refused (checkpoint_tampered); and what enters the agent's checkpointed messages
 * first passes the contract's one redaction function.
 */
import { CheckpointTamperedError, checkSeal, redact, sealOf, type AgentState } from "../../../contract/index.js";
import type { MemorySaver } from "@langchain/langgraph";
import { isOn, type HardeningOptions } from "./pieces.js";

/** The thread an interrupt left waiting: its config and each waiting call's interrupt id. */
export type KeptThread = {
  readonly thread_id: string;
  readonly checkpoint_id: string;
  readonly asked: readonly { readonly interruptId: string; readonly callId: string }[];
};
export type SealedThread = KeptThread & { readonly checkpoint_hash: string; readonly seal: string };
export type ThreadStore = Map<string, SealedThread>;
/** The agent's checkpointer and the sealed threads kept beside it, with how many threads were made. */
export type KeptThreads = { readonly saver: MemorySaver; readonly threads: ThreadStore; made: number };

const keyOf = (options: HardeningOptions, state: AgentState) =>
  isOn(options, "sealed_state") ? `${state.session_id}\n${state.checkpoint_hash}` : state.session_id;

export function keepThread(
  store: ThreadStore,
  secret: string,
  options: HardeningOptions,
  state: AgentState,
  thread: KeptThread,
): void {
  const record = { checkpoint_hash: state.checkpoint_hash, ...thread };
  const seal = isOn(options, "sealed_state") ? sealOf(secret, state.session_id, record) : "";
  store.set(keyOf(options, state), { ...record, seal });
}

/** The thread kept for `state`'s checkpoint, its seal checked first; undefined when none was kept. */
export function openThread(
  store: ThreadStore,
  secret: string,
  options: HardeningOptions,
  state: AgentState,
): KeptThread | undefined {
  const saved = store.get(keyOf(options, state));
  if (saved === undefined) return undefined;
  const { seal, ...record } = saved;
  if (isOn(options, "sealed_state")) {
    const sealed = checkSeal(secret, state.session_id, record, seal);
    if (!sealed.ok) throw new CheckpointTamperedError(sealed.error);
  }
  return { thread_id: record.thread_id, checkpoint_id: record.checkpoint_id, asked: record.asked };
}

/** The run's input as the agent will checkpoint it: the contract's redaction of the goal. */
export const agentInput = (options: HardeningOptions, goal: string): string =>
  isOn(options, "redaction") ? String(redact(goal, Infinity)) : goal;
