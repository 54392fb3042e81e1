import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { referenceCanonical } from "../handwritten/engine/test-helpers.js";
import { appended, deepFreeze, EMPTY_LIST_DIGEST, hashStateFields, listDigest, STATE_HASH_RULE } from "./state-hash.js";

const nodeSha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

const chainOf = (items: readonly unknown[]) =>
  items.reduce<string>((head, item) => nodeSha256(head + referenceCanonical(item)), nodeSha256("[]"));

describe("listDigest", () => {
  it("is the chain h0 = sha256('[]'), h(i+1) = sha256(h(i) + canonical(item))", () => {
    const items = [{ b: 1, a: "x" }, "two", [3, { z: null }]];
    // The rule's name is cited by the README and by whoever compares hashes: a new rule gets a new name.
    expect(STATE_HASH_RULE).toBe("chain-v1");
    expect(EMPTY_LIST_DIGEST).toBe(nodeSha256("[]"));
    expect(listDigest(items)).toEqual({ chain: chainOf(items), length: 3 });
  });

  it("gives a list built by appended the digest of the same list built by hand", () => {
    let list: readonly unknown[] = Object.freeze([]);
    const items = [{ role: "user", content: "goal" }, { b: [1, 2], a: true }, "nonce-1"];
    for (const item of items) list = appended(list, item);
    expect(listDigest(list)).toEqual(listDigest([...items]));
    expect(listDigest(list).chain).toBe(chainOf(items));
  });

  it("reads a frozen list's items once: hashing it again costs no re-serialisation", () => {
    const items = Object.freeze([{ a: 1 }, "two", [3]]);
    let reads = 0;
    const counted = new Proxy(items, {
      get(target, key, receiver) {
        if (typeof key === "string" && /^\d+$/.test(key)) reads += 1;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    expect(listDigest(counted)).toEqual({ chain: chainOf(items), length: 3 });
    expect(reads).toBe(3);
    expect(listDigest(counted)).toEqual({ chain: chainOf(items), length: 3 });
    expect(reads).toBe(3);
  });

  it("hashes a list that is not frozen afresh each time, so a later change to it counts", () => {
    const list: unknown[] = ["a"];
    expect(listDigest(list)).toEqual({ chain: chainOf(["a"]), length: 1 });
    list.push({ b: 2 });
    expect(listDigest(list)).toEqual({ chain: chainOf(["a", { b: 2 }]), length: 2 });
  });

  it("tells lists apart by order and content", () => {
    expect(listDigest(["a", "b"]).chain).not.toBe(listDigest(["b", "a"]).chain);
    expect(listDigest(["ab"]).chain).not.toBe(listDigest(["a", "b"]).chain);
  });
});

describe("appended", () => {
  it("copies and freezes the item, so the caller's later mutation does not reach the list", () => {
    const item = { content: { rows: [1, 2] } };
    const list = appended([], item);
    item.content.rows.push(3);
    expect(list).toEqual([{ content: { rows: [1, 2] } }]);
    expect(Object.isFrozen(list)).toBe(true);
    expect(() => (list[0] as { content: { rows: number[] } }).content.rows.push(4)).toThrow(TypeError);
    expect(listDigest(list).chain).toBe(chainOf([{ content: { rows: [1, 2] } }]));
  });

  it("shares a frozen content around which only the record is copied, and still keeps the caller's record out", () => {
    const content = deepFreeze({ rows: [{ id: 1 }] });
    const item: { role: string; content: unknown } = { role: "tool", content };
    const list = appended([], item);
    item.role = "user";
    expect(list[0]).toEqual({ role: "tool", content: { rows: [{ id: 1 }] } });
    expect(list[0]?.content).toBe(content);
    expect(Object.isFrozen(list[0])).toBe(true);
    expect(listDigest(list).chain).toBe(chainOf([{ role: "tool", content: { rows: [{ id: 1 }] } }]));
  });

  it("writes an undefined field and -0 as the canonical text reads them", () => {
    const list = appended<Record<string, unknown>>([], { a: undefined, z: -0 });
    expect(Object.keys(list[0] ?? {})).toEqual(["z"]);
    expect(Object.is(list[0]?.z, 0)).toBe(true);
  });
});

describe("hashStateFields", () => {
  it("replaces each top-level array by its chain and length, and leaves out checkpoint_hash", () => {
    const state = { seq: 2, messages: ["m1", "m2"], used_approvals: [], checkpoint_hash: "stale", call: { x: [1] } };
    const expected = nodeSha256(
      referenceCanonical({
        seq: 2,
        messages: { chain: chainOf(["m1", "m2"]), length: 2 },
        used_approvals: { chain: chainOf([]), length: 0 },
        call: { x: [1] },
      }),
    );
    expect(hashStateFields(state)).toBe(expected);
  });
});

describe("deepFreeze", () => {
  it("freezes nested objects and stops at parts already frozen", () => {
    const shared = Object.freeze({ inner: { mutable: 1 } });
    const value = deepFreeze({ a: { b: [1] }, shared });
    expect(Object.isFrozen(value.a.b)).toBe(true);
    expect(Object.isFrozen(shared.inner)).toBe(false);
  });

  it("returns primitives and null as they are", () => {
    expect([deepFreeze(null), deepFreeze(0), deepFreeze("s"), deepFreeze(undefined)]).toEqual([
      null,
      0,
      "s",
      undefined,
    ]);
  });
});
