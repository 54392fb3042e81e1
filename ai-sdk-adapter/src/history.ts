/**
 * The AI SDK's state, its message history, kept per session beside the contract's checkpoints:
 * each record is sealed under the engine's secret (the contract's `sealOf`) and names the
 * contract checkpoint it goes with, so a rewind can restore the history of that checkpoint. It is
 * stored redacted (the contract's `redact`), as the contract's checkpoints are.
 */
import type { ModelMessage } from "ai";
import { openOrThrow, redact, sealOf } from "../../contract/index.js";
import { defineSlot, type EngineContext } from "../../runtime/index.js";

export type HistoryRecord = {
  readonly session_id: string;
  /** The contract checkpoint the history was saved with. */
  readonly checkpoint_hash: string;
  readonly messages: readonly ModelMessage[];
};
type Sealed = HistoryRecord & { readonly seal: string };

export type HistoryStore = { put(record: Sealed): void; list(session_id: string): readonly Sealed[] };

/** Where the histories live: memory unless a caller puts a durable store in the slot. */
export const AI_SDK_HISTORY_KEY = defineSlot<HistoryStore>("ai_sdk.histories");

function memoryHistories(): HistoryStore {
  const bySession = new Map<string, Sealed[]>();
  return {
    put: (record) => void bySession.set(record.session_id, [...(bySession.get(record.session_id) ?? []), record]),
    list: (session_id) => bySession.get(session_id) ?? [],
  };
}

export type SealedHistories = {
  save(session_id: string, checkpoint_hash: string, messages: readonly ModelMessage[]): void;
  /** The latest history of a session, its seal checked. */
  latest(session_id: string): readonly ModelMessage[] | undefined;
  /** Makes the latest history saved with `checkpoint_hash` the session's latest again (a rewind). */
  restore(session_id: string, checkpoint_hash: string): void;
};

export function sealedHistoriesOf(env: EngineContext): SealedHistories {
  let store = env.slots.get(AI_SDK_HISTORY_KEY);
  if (store === undefined) {
    store = memoryHistories();
    env.slots.set(AI_SDK_HISTORY_KEY, store);
  }
  const kept = store;
  const open = ({ seal, ...record }: Sealed): HistoryRecord => openOrThrow(env.secret, record.session_id, record, seal);
  const put = (record: HistoryRecord) => kept.put({ ...record, seal: sealOf(env.secret, record.session_id, record) });
  return {
    // Stored redacted, as the contract's own state is: a secret the contract refused as tool input
    // or planner text must not reach a store through the framework's copy of the conversation.
    save: (session_id, checkpoint_hash, messages) =>
      put({ session_id, checkpoint_hash, messages: redact(messages, Infinity) as ModelMessage[] }),
    latest(session_id) {
      const last = kept.list(session_id).at(-1);
      return last === undefined ? undefined : open(last).messages;
    },
    restore(session_id, checkpoint_hash) {
      const found = [...kept.list(session_id)]
        .reverse()
        .map(open)
        .find((r) => r.checkpoint_hash === checkpoint_hash);
      if (found !== undefined) put(found);
    },
  };
}
