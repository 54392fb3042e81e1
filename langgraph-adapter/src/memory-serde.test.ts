/**
 * The default MemorySaver's serializer reads back exactly what LangGraph's JsonPlus reads back,
 * for plain JSON and for every value JsonPlus writes specially (undefined, Set, Map, Error, bytes)
 * or revives from plain-looking JSON (`lc` records, a `__proto__` key).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MemorySaver } from "./langgraph.js";
import { PlainJsonFirstSerializer, revivesAsItself } from "./memory-serde.js";

const jsonPlus = new MemorySaver().serde;
const fast = new PlainJsonFirstSerializer(jsonPlus);

async function bothRead(value: unknown): Promise<[unknown, unknown]> {
  const [type, bytes] = await jsonPlus.dumpsTyped(value);
  return [await fast.loadsTyped(type, bytes), await jsonPlus.loadsTyped(type, bytes)];
}

const special = fc.oneof(
  fc.constant(undefined),
  fc.array(fc.integer(), { maxLength: 3 }).map((xs) => new Set(xs)),
  fc.array(fc.tuple(fc.string(), fc.integer()), { maxLength: 3 }).map((xs) => new Map(xs)),
  fc.string().map((m) => new Error(m)),
  fc.uint8Array({ maxLength: 4 }),
  fc.constantFrom({ lc: 2, type: "undefined" }, { lc: 2, type: "constructor", id: ["Set"], args: [[1]] }),
  fc.constant(JSON.parse('{"__proto__": {"polluted": 1}, "x": 2}') as unknown),
);
const value = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.jsonValue({ maxDepth: 2 }),
    special,
    fc.array(tie("node"), { maxLength: 3 }),
    fc.dictionary(fc.string(), tie("node"), { maxKeys: 3 }),
  ),
})).node;

describe("the MemorySaver serializer that reads plain JSON first", () => {
  it("reads back what JsonPlus reads back", async () => {
    await fc.assert(
      fc.asyncProperty(value, async (v) => {
        const [got, expected] = await bothRead(v);
        expect(got).toStrictEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it("leaves to JsonPlus the records it revives and a __proto__ key", async () => {
    expect(revivesAsItself({ a: [1, { b: null }] })).toBe(true);
    expect(revivesAsItself({ a: [{ lc: 2, type: "undefined" }] })).toBe(false);
    expect(revivesAsItself([{ lc: 1, type: "constructor", id: ["x"] }])).toBe(false);
    expect(revivesAsItself(JSON.parse('{"a":{"__proto__":{"p":1}}}'))).toBe(false);
    const [got] = await bothRead({ kept: undefined, set: new Set([1]) });
    expect(got).toStrictEqual({ kept: undefined, set: new Set([1]) });
  });
});
