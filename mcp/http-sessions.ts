/**
 * The live MCP sessions of one HTTP server, so that clients cannot grow it without bound: at most
 * `max` at once (a new one past that is refused), and each closed once it has gone `idleMs`
 * without a request in flight. Expiry is checked whenever the table is used, against the injected
 * clock; an expired id is then unknown, as if it had never been issued.
 */

export const DEFAULT_MAX_SESSIONS = 100;
export const DEFAULT_SESSION_IDLE_MS = 30 * 60 * 1000;

export type SessionLimits = { readonly maxSessions: number; readonly sessionIdleMs: number };

export type SessionTable<T> = {
  /** A live session, held open until `leave`; undefined when unknown, closed or expired. */
  enter(id: string): T | undefined;
  leave(id: string): void;
  /** Room for one session about to open, until `settled`; false when the table is full. */
  reserve(): boolean;
  settled(): void;
  add(id: string, value: T): void;
  remove(id: string): void;
  values(): T[];
};

type Entry<T> = { readonly value: T; seen: number; busy: number };

export function createSessionTable<T extends { close(): Promise<void> }>(
  limits: SessionLimits,
  now: () => number,
): SessionTable<T> {
  const live = new Map<string, Entry<T>>();
  let opening = 0;
  const sweep = () => {
    const at = now();
    for (const [id, entry] of live) {
      // A request in flight (a call waiting for a person, an open event stream) keeps its session alive.
      if (entry.busy > 0 || at - entry.seen < limits.sessionIdleMs) continue;
      live.delete(id);
      void entry.value.close().catch(() => undefined);
    }
  };
  return {
    enter(id) {
      sweep();
      const entry = live.get(id);
      if (entry === undefined) return undefined;
      entry.busy++;
      return entry.value;
    },
    leave(id) {
      const entry = live.get(id);
      if (entry === undefined) return;
      entry.busy--;
      // Idle time counts from the end of its last request.
      entry.seen = now();
    },
    reserve() {
      sweep();
      if (live.size + opening >= limits.maxSessions) return false;
      opening++;
      return true;
    },
    settled: () => void opening--,
    add: (id, value) => void live.set(id, { value, seen: now(), busy: 0 }),
    remove: (id) => void live.delete(id),
    values: () => [...live.values()].map((entry) => entry.value),
  };
}

/** The refusal of a session past the cap, as a JSON-RPC error (sent with HTTP 503). */
export function tooManySessions(id: unknown, max: number) {
  return {
    jsonrpc: "2.0" as const,
    id: typeof id === "string" || typeof id === "number" ? id : null,
    error: {
      code: -32000,
      message: `too_many_sessions: this server holds at most ${max} live MCP sessions (--max-sessions); end one (DELETE) or wait for one to expire (--session-idle-ms)`,
    },
  };
}
