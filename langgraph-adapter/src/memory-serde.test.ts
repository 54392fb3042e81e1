/**
 * The default MemorySaver's serializer reads back exactly what LangGraph's JsonPlus reads back,
 * for plain JSON and for every value JsonPlus writes specially (undefined, Set, Map, Error, bytes)
 * or revives from plain-looking JSON (`lc` records, a `__proto__` key), and keeps by reference
 * only what can never change.
 */
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppendList, extended } from "../../contract/index.js";
import { extendList } from "./held-values.js";
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

describe("the MemorySaver serializer that keeps what cannot change", () => {
  const roundTrip = async (v: unknown) => fast.loadsTyped(...(await fast.dumpsTyped(v)));
  const viaJsonPlus = async (v: unknown) => jsonPlus.loadsTyped(...(await jsonPlus.dumpsTyped(v)));

  it("reads back what JsonPlus reads back, frozen or not", async () => {
    await fc.assert(
      fc.asyncProperty(value, fc.boolean(), async (v, freeze) => {
        const stored = freeze ? deepFreeze(v) : v;
        expect(await roundTrip(stored)).toStrictEqual(await viaJsonPlus(stored));
      }),
      { numRuns: 300 },
    );
  });

  it("keeps frozen JSON data by reference, inside fresh copies of the rest on every read", async () => {
    const agent = deepFreeze({ status: "ready", messages: [{ role: "user", content: "hi" }] });
    const trace = AppendList.from<unknown>([]).append([deepFreeze({ seq: 1 })]);
    const checkpoint = {
      id: "1",
      channel_values: { agent, trace, outcomes: [] },
      versions_seen: { plan: { agent: 2 } },
    };
    const [type, stored] = await fast.dumpsTyped(checkpoint);
    const first = (await fast.loadsTyped(type, stored)) as typeof checkpoint;
    const second = (await fast.loadsTyped(type, stored)) as typeof checkpoint;
    expect(first.channel_values.agent).toBe(agent);
    expect(first.channel_values.trace).toBe(trace);
    expect(first.channel_values).not.toBe(checkpoint.channel_values);
    expect(first.versions_seen).not.toBe(second.versions_seen);
    // LangGraph updates a read checkpoint's versions in place: that reaches neither the store nor a later read.
    first.versions_seen.plan.agent = 3;
    checkpoint.versions_seen.plan.agent = 4;
    expect(((await fast.loadsTyped(type, stored)) as typeof checkpoint).versions_seen.plan.agent).toBe(2);
  });

  it("stores a copy of what could still change: a later change never reaches the checkpoint", async () => {
    const inner = { audience: "team" };
    const shallow = Object.freeze({ call: inner, list: Object.freeze([inner]) });
    const [type, stored] = await fast.dumpsTyped({ agent: shallow });
    inner.audience = "public";
    expect(await fast.loadsTyped(type, stored)).toStrictEqual({
      agent: { call: { audience: "team" }, list: [{ audience: "team" }] },
    });
  });

  it("checks every item of a list that starts like one it kept before", async () => {
    const first = deepFreeze({ role: "user", content: "hi" });
    const kept = Object.freeze([first, deepFreeze({ role: "assistant", content: "ok" })]);
    await fast.dumpsTyped(kept);
    const changing = { role: "assistant", content: "ok" };
    const [type, stored] = await fast.dumpsTyped(Object.freeze([first, changing, kept[1]]));
    changing.content = "changed";
    expect(await fast.loadsTyped(type, stored)).toStrictEqual([first, { role: "assistant", content: "ok" }, kept[1]]);
  });

  describe("a trace extended from one it kept before (extendList)", () => {
    afterEach(() => {
      vi.restoreAllMocks();
    });
    const keptTrace = async () => {
      const trace = AppendList.from<unknown>([deepFreeze({ seq: 1 })]);
      await fast.dumpsTyped({ trace });
      return trace;
    };

    it("is kept by reference after checking only the items it added, not the whole list", async () => {
      const trace = extendList(await keptTrace(), [deepFreeze({ seq: 2 })]);
      const readOut = vi.spyOn(AppendList.prototype, "toArray");
      const [type, stored] = await fast.dumpsTyped({ trace });
      expect(readOut).not.toHaveBeenCalled();
      expect(((await fast.loadsTyped(type, stored)) as { trace: unknown }).trace).toBe(trace);
    });

    it("is left to JsonPlus when an added item would read back otherwise", async () => {
      const proto = deepFreeze(JSON.parse('{"__proto__": {"polluted": 1}, "seq": 2}') as unknown);
      const trace = extendList(await keptTrace(), [proto]);
      const [type, stored] = await fast.dumpsTyped({ trace });
      const read = (await fast.loadsTyped(type, stored)) as { trace: unknown };
      expect(read.trace).not.toBe(trace);
      expect(read).toStrictEqual(await viaJsonPlus({ trace }));
    });
  });
});

describe("the conversation of an agent state, an AppendList the contract extends (extended)", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });
  const agentWith = (messages: AppendList<unknown>) => Object.freeze({ status: "ready", messages });

  it("is kept by reference after checking only the messages it added, without copying the list out", async () => {
    const held = AppendList.from<unknown>([deepFreeze({ role: "user", content: "hi" })]);
    await fast.dumpsTyped({ agent: agentWith(held) });
    const agent = agentWith(extended(held, [{ role: "assistant", content: "ok" }]));
    const readOut = vi.spyOn(AppendList.prototype, "toArray");
    const [type, stored] = await fast.dumpsTyped({ agent });
    expect(readOut).not.toHaveBeenCalled();
    expect(((await fast.loadsTyped(type, stored)) as { agent: unknown }).agent).toBe(agent);
  });

  it("is copied when an earlier message could still change, however it starts", async () => {
    const first = deepFreeze({ role: "user", content: "hi" });
    const reply = deepFreeze({ role: "assistant", content: "ok" });
    await fast.dumpsTyped({ agent: agentWith(AppendList.from<unknown>([first, reply])) });
    // Taken in as it is (a seeded array): the same first messages, then one that can still change.
    const changing = { role: "tool", content: "rows" };
    const rewritten = extended(AppendList.from<unknown>([first, changing, reply]), [reply]);
    const [type, stored] = await fast.dumpsTyped({ agent: agentWith(rewritten) });
    changing.content = "changed";
    expect(await fast.loadsTyped(type, stored)).toStrictEqual({
      agent: { status: "ready", messages: [first, { role: "tool", content: "rows" }, reply, reply] },
    });
  });

  it("is copied when it extends a conversation that was copied", async () => {
    const changing = { role: "user", content: "hi" };
    const seeded = AppendList.from<unknown>([changing]);
    await fast.dumpsTyped({ agent: agentWith(seeded) });
    const [type, stored] = await fast.dumpsTyped({ agent: agentWith(extended(seeded, [{ role: "assistant" }])) });
    changing.content = "changed";
    expect(await fast.loadsTyped(type, stored)).toStrictEqual({
      agent: { status: "ready", messages: [{ role: "user", content: "hi" }, { role: "assistant" }] },
    });
  });
});

/** Freezes all it can: a byte array with bytes cannot be frozen. */
function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !ArrayBuffer.isView(value) && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
