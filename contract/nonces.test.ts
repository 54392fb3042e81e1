import { describe, expect, it } from "vitest";
import { createMemoryNonceStore } from "./nonces.js";

describe("createMemoryNonceStore", () => {
  it("claims a nonce once, for any session, and never forgets it", () => {
    const store = createMemoryNonceStore();
    expect(store.has("n1")).toBe(false);
    expect(store.claim("n1", "s1", 1)).toBe(true);
    expect(store.claim("n1", "s2", 2)).toBe(false);
    expect(store.claim("n1", "s1", 3)).toBe(false);
    expect([store.has("n1"), store.has("n2")]).toEqual([true, false]);
    expect(store.claim("n2", "s1", 4)).toBe(true);
  });
});
