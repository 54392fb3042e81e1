import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { referenceCanonical } from "../handwritten/engine/test-helpers.js";
import { AppendList, digestOfList, listItems } from "./append-list.js";
import { isImmutableJson } from "./canonical.js";

const nodeSha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");
const chainOf = (items: readonly unknown[]) =>
  items.reduce<string>((head, item) => nodeSha256(head + referenceCanonical(item)), nodeSha256("[]"));

describe("AppendList", () => {
  it("reads, digests and serialises as the plain array of its items", () => {
    const items = [{ role: "user", content: "goal" }, "b", { n: [1, 2] }];
    const list = AppendList.from<unknown>([items[0]]).append(items.slice(1));
    expect(list.length).toBe(3);
    expect(list.toArray()).toEqual(items);
    expect(Object.isFrozen(list.toArray())).toBe(true);
    expect(list.digest()).toEqual({ chain: chainOf(items), length: 3 });
    expect(digestOfList(list)).toEqual(digestOfList(items));
    expect(JSON.stringify({ trace: list })).toBe(JSON.stringify({ trace: items }));
    expect(listItems(items)).toBe(items);
  });

  it("never shows an older version what a newer one appended, nor a sibling's items", () => {
    const base = AppendList.from<string>(["a"]);
    const left = base.append(["l1"]);
    const right = base.append(["r1"]); // base is no longer the newest: this one copies
    const further = left.append(["l2"]);
    expect(base.toArray()).toEqual(["a"]);
    expect(left.toArray()).toEqual(["a", "l1"]);
    expect(right.toArray()).toEqual(["a", "r1"]);
    expect(further.toArray()).toEqual(["a", "l1", "l2"]);
    expect(right.digest().chain).toBe(chainOf(["a", "r1"]));
    expect(further.digest().chain).toBe(chainOf(["a", "l1", "l2"]));
  });

  it("knows a version starts with another only when it holds that version's very items", () => {
    const base = AppendList.from<object>([{ n: 0 }]);
    const left = base.append([{ n: 1 }]);
    const right = base.append([{ n: 1 }]); // a rewound thread: the same-looking item, in a store of its own
    const further = left.append([{ n: 2 }]);
    const retaken = AppendList.from(further.toArray());
    const versions = [base, left, right, further, retaken];
    for (const a of versions)
      for (const b of versions) if (a.startsWith(b)) for (let i = 0; i < b.length; i++) expect(a.at(i)).toBe(b.at(i));
    expect([left.startsWith(base), further.startsWith(base), further.startsWith(left)]).toEqual([true, true, true]);
    expect([base.startsWith(left), right.startsWith(left), further.startsWith(right)]).toEqual([false, false, false]);
  });

  it("keeps a frozen copy of an item the caller may still change, and the item itself when it cannot change", () => {
    const mutable = { rows: [1, 2] };
    const frozen = Object.freeze({ rows: Object.freeze([3]) });
    const list = AppendList.from<object>([]).append([mutable, frozen]);
    mutable.rows.push(99);
    const [kept, shared] = list.toArray();
    expect(kept).toEqual({ rows: [1, 2] });
    expect(Object.isFrozen((kept as { rows: number[] }).rows)).toBe(true);
    expect(shared).toBe(frozen);
    // Written once for the chain, never again: its text is not kept (what it holds is).
    expect([isImmutableJson(frozen), isImmutableJson(frozen.rows)]).toEqual([false, true]);
    expect(list.digest().chain).toBe(chainOf([{ rows: [1, 2] }, frozen]));
  });

  it("is itself frozen: its length cannot be rewritten", () => {
    const list = AppendList.from(["a"]);
    expect(Object.isFrozen(list)).toBe(true);
    expect(() => Object.assign(list, { length: 0 })).toThrow(TypeError);
  });
});
