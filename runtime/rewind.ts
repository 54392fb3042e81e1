/**
 * Rewinds, as an attacker or an operator can cause them: a store restored from an older copy, a
 * time-travel resume at an old checkpoint. The scenario action `rewind_to_approval` goes back to
 * the most recent earlier checkpoint at which a call waited for approval; every built-in engine
 * implements it with its own history (the contract store, the local graph's checkpointer,
 * LangGraph's `getStateHistory` and `updateState`). What must hold afterwards is the contract's
 * business: a token spent in the abandoned history stays spent (the nonce store).
 */
import type { TraceEvent } from "../contract/index.js";

/**
 * The newest entry before the last at which a call waited for a person, or undefined. What marks
 * such an entry is the engine's own: a state in `approval_required`, or a graph paused at an
 * interrupt (a batch run in one node waits inside it, its checkpoint still saying `batch`).
 */
export function latestEarlierApproval<T>(history: readonly T[], waits: (entry: T) => boolean): T | undefined {
  for (let i = history.length - 2; i >= 0; i--) {
    const entry = history[i] as T;
    if (waits(entry)) return entry;
  }
  return undefined;
}

/**
 * The trace of a session's current history, from an append-only log that also holds the events
 * of histories abandoned by a rewind: walking back from the newest event, each earlier event kept
 * has a smaller seq. Without a rewind this is the whole log.
 */
export function currentHistory(log: readonly TraceEvent[]): TraceEvent[] {
  const kept: TraceEvent[] = [];
  for (let i = log.length - 1; i >= 0; i--) {
    const event = log[i] as TraceEvent;
    const next = kept.at(-1);
    if (next === undefined || event.seq < next.seq) kept.push(event);
  }
  return kept.reverse();
}
