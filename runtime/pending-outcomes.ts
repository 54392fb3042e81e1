/**
 * The outcomes of a batch's calls that finished while a sibling was still running, kept per
 * checkpoint until the batch settles. A process that dies mid-batch loses only the calls that had
 * not finished: the next process runs those again and takes the others from here (LangGraph keeps
 * the same record as pending writes). Without a durable store a read-only call may run again after
 * a crash, which rule 5 of the contract allows; the scenarios keep one in their durable storage.
 */
import type { ExecutionOutcome } from "../contract/index.js";

export type SettledCall = { readonly call_id: string; readonly outcome: ExecutionOutcome };

export interface PendingOutcomeStore {
  /** The outcomes recorded for the batch checkpointed at `seq`. */
  list(session_id: string, seq: number): readonly SettledCall[];
  add(session_id: string, seq: number, settled: SettledCall): void;
}

const id = (session_id: string, seq: number) => `${session_id}\u0000${seq}`;

export function createMemoryPendingOutcomes(): PendingOutcomeStore {
  const bySeq = new Map<string, SettledCall[]>();
  return {
    list(session_id, seq) {
      return bySeq.get(id(session_id, seq)) ?? [];
    },
    add(session_id, seq, settled) {
      const list = bySeq.get(id(session_id, seq)) ?? [];
      // Only the latest batch can still settle: forget the others.
      for (const key of bySeq.keys())
        if (key.startsWith(`${session_id}\u0000`) && key !== id(session_id, seq)) bySeq.delete(key);
      bySeq.set(id(session_id, seq), [...list.filter((s) => s.call_id !== settled.call_id), settled]);
    },
  };
}
