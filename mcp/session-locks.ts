/**
 * One call at a time per session: a call reads its session's state, awaits the tool, and saves
 * the next state, so two calls of one session interleaving would each build on a stale state.
 */
export type SessionLocks = { run<T>(session_id: string, work: () => Promise<T>): Promise<T> };

export function createSessionLocks(): SessionLocks {
  const tails = new Map<string, Promise<unknown>>();
  return {
    run(session_id, work) {
      const previous = tails.get(session_id) ?? Promise.resolve();
      const result = previous.then(work, work);
      const tail = result.catch(() => undefined);
      tails.set(session_id, tail);
      // Forget an idle session, so the map holds only sessions with calls in progress.
      void tail.then(() => {
        if (tails.get(session_id) === tail) tails.delete(session_id);
      });
      return result;
    },
  };
}
