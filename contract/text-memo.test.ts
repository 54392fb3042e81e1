import { describe, expect, it } from "vitest";
import { createTextMemo } from "./text-memo.js";

/** A memo over `maxChars` whose computations are counted per key. */
function counted(maxChars: number) {
  const memo = createTextMemo<{ key: string }>(maxChars);
  const computed: string[] = [];
  const get = (key: string) =>
    memo.get(key, () => {
      computed.push(key);
      return { key };
    });
  return { get, computed };
}

describe("createTextMemo", () => {
  it("computes a key once and answers again with the same value", () => {
    const { get, computed } = counted(80);
    const first = get("0123456789");
    expect(get("0123456789")).toBe(first);
    expect(computed).toEqual(["0123456789"]);
  });

  it("remembers keys up to an eighth of the bound, and computes longer ones every time", () => {
    const { get, computed } = counted(80);
    get("a".repeat(10));
    get("a".repeat(10));
    get("b".repeat(11));
    get("b".repeat(11));
    expect(computed).toEqual(["a".repeat(10), "b".repeat(11), "b".repeat(11)]);
  });

  it("holds keys of up to the bound's characters, then lets the oldest go first", () => {
    const { get, computed } = counted(80);
    const keys = Array.from({ length: 9 }, (_, i) => String(i).repeat(10));
    for (const key of keys.slice(0, 8)) get(key);
    // 80 characters: all eight stay.
    for (const key of keys.slice(0, 8)) get(key);
    expect(computed).toEqual(keys.slice(0, 8));
    computed.length = 0;
    // The ninth pushes out the first only.
    get(keys[8]!);
    for (const key of keys.slice(1)) get(key);
    expect(computed).toEqual([keys[8]]);
    get(keys[0]!);
    expect(computed).toEqual([keys[8], keys[0]]);
  });
});
