/**
 * The NonceStore interface (contract/nonces.ts), one suite over every implementation: a claim is
 * a compare-and-set that answers true once per nonce, ever, and a durable store keeps claims for
 * a new instance. A new implementation (SQLite, PostgreSQL) joins by adding a line to IMPLEMENTATIONS.
 */
import { describe, expect, it } from "vitest";
import { createMemoryNonceStore, type NonceStore } from "../../handwritten/contract/index.js";

type Implementation = {
  readonly name: string;
  /** A store, and a way to open it again as a new process would (null for one that does not outlive its instance). */
  open(): { store: NonceStore; reopen: (() => NonceStore) | null };
};

const IMPLEMENTATIONS: readonly Implementation[] = [
  // The SQLite and PostgreSQL stores (durable/) add their NonceStore here; until then a durable
  // environment keeps nonces in memory (EnvironmentStores.nonces is optional).
  { name: "memory", open: () => ({ store: createMemoryNonceStore(), reopen: null }) },
];

for (const implementation of IMPLEMENTATIONS) {
  describe(`NonceStore: ${implementation.name}`, () => {
    it("claims a nonce once; a second claim, by any session, answers false", () => {
      const { store } = implementation.open();
      expect(store.has("n1")).toBe(false);
      expect(store.claim("n1", "s1", 10)).toBe(true);
      expect(store.has("n1")).toBe(true);
      expect(store.claim("n1", "s1", 11)).toBe(false);
      expect(store.claim("n1", "s2", 12)).toBe(false);
    });

    it("keeps nonces apart, including ones that differ only in case or punctuation", () => {
      const { store } = implementation.open();
      for (const nonce of ["a", "A", "a.", "a/..", ""]) expect(store.claim(nonce, "s", 0)).toBe(true);
      expect(store.has("b")).toBe(false);
    });

    it("keeps its claims for a new instance over the same storage", () => {
      const { store, reopen } = implementation.open();
      store.claim("n-durable", "s1", 1);
      expect(store.has("n-durable")).toBe(true);
      if (reopen === null) return; // the memory store lives and dies with its process
      const again = reopen();
      expect(again.has("n-durable")).toBe(true);
      expect(again.claim("n-durable", "s1", 2)).toBe(false);
    });
  });
}
