/**
 * Used approval nonces, kept outside every checkpoint history, beside the ledger. A checkpoint's
 * own `used_approvals` goes back in time with the checkpoint (a rewind, a time-travel resume, a
 * store restored from an older copy); this store does not, so a token works once, ever.
 *
 * The interface is the whole contract a durable implementation must meet (files here; SQLite or
 * PostgreSQL are a table with the nonce as primary key):
 * - `claim` is one atomic compare-and-set across processes: of two claims of one nonce, exactly
 *   one answers true. It never forgets a claim.
 * - `has` reads; it may be stale only in the direction of answering false for a nonce a claim in
 *   flight is about to record, which `claim` then catches.
 */

export interface NonceStore {
  /** Records `nonce` as used by `session_id`; false when it was already used. */
  claim(nonce: string, session_id: string, at: number): boolean;
  has(nonce: string): boolean;
}

/** In memory: no one reads back who claimed a nonce or when, so only the nonce is kept. */
export function createMemoryNonceStore(): NonceStore {
  const used = new Set<string>();
  return {
    claim(nonce) {
      if (used.has(nonce)) return false;
      used.add(nonce);
      return true;
    },
    has(nonce) {
      return used.has(nonce);
    },
  };
}
