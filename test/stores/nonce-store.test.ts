/**
 * The NonceStore interface (contract/nonces.ts), one suite over every implementation (memory,
 * SQLite, Postgres): a claim is a compare-and-set that answers true once per nonce, ever, and a
 * durable store keeps claims for a new instance. Two processes racing on the same nonces are in
 * nonce-race.test.ts.
 */
import { describe, expect, it } from "vitest";
import { storeImplementations } from "./implementations.js";

for (const { name, make, durable } of storeImplementations("nonce-spec")) {
  const open = make((s) => s.nonces);
  describe(`NonceStore: ${name}`, () => {
    it("claims a nonce once; a second claim, by any session, answers false", () => {
      const { store } = open();
      expect(store.has("n1")).toBe(false);
      expect(store.claim("n1", "s1", 10)).toBe(true);
      expect(store.has("n1")).toBe(true);
      expect(store.claim("n1", "s1", 11)).toBe(false);
      expect(store.claim("n1", "s2", 12)).toBe(false);
    });

    it("keeps nonces apart, including ones that differ only in case or punctuation", () => {
      const { store } = open();
      for (const nonce of ["a", "A", "a.", "a/..", ""]) expect(store.claim(nonce, "s", 0)).toBe(true);
      expect(store.has("b")).toBe(false);
    });

    it("records a claim at a real clock's time (epoch milliseconds)", () => {
      const { store } = open();
      expect(store.claim("n-now", "s1", 1_790_000_000_000)).toBe(true);
      expect(store.has("n-now")).toBe(true);
    });

    it("keeps its claims for a new instance over the same storage", () => {
      const { store, reopen } = open();
      store.claim("n-durable", "s1", 1);
      expect(store.has("n-durable")).toBe(true);
      expect(reopen !== null).toBe(durable);
      if (reopen === null) return; // the memory store lives and dies with its process
      const again = reopen();
      expect(again.has("n-durable")).toBe(true);
      expect(again.claim("n-durable", "s1", 2)).toBe(false);
    });
  });
}
