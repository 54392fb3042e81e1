/**
 * Every transport passes the same guards: one table of guard cases, sent as raw frames to the
 * stdio server (a spawned process), over Streamable HTTP and in memory, must get the answer the
 * table names — and so the same answer on each wire — with no side effect. Before the guards
 * were shared, HTTP executed a call whose arguments carried `__proto__`.
 */
import { paced } from "../test/setup/pace.js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openWire, WIRES, type RawWire, type WireName } from "../scenarios/mcp/raw-wires.js";

// The stdio wire starts the server as a host would (node + tsx): slow on a busy machine.
vi.setConfig({ testTimeout: paced(30_000), hookTimeout: paced(60_000) });

const MAX_FRAME = 65_536;
const session = (id: number) => ({ "agent-harness/session": `guard-case-${id}` });
const callFrame = (id: number, name: string, args: string) =>
  `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"${name}","arguments":${args},"_meta":${JSON.stringify(session(id))}}}`;
const save = (id: number, extra: string) => callFrame(id, "save_artifact", `{${extra}"name":"fit.json","content":"x"}`);
const deep = `${'{"inner":'.repeat(5_000)}"bottom"${"}".repeat(5_000)}`;

/** What a wire must answer: a tool result's status and code, or a JSON-RPC error's code and id. */
type Want =
  { readonly status: string; readonly code: string | null } | { readonly error: number; readonly id: number | null };

type GuardCase = {
  readonly name: string;
  readonly frame: string;
  readonly want: Want;
  /** Side effects the frame may cause: only the control call lands one. */
  readonly effects: 0 | 1;
  /** Text that is no JSON has no object form, so it cannot travel in memory. */
  readonly textOnly?: true;
};

const CASES: readonly GuardCase[] = [
  { name: "a valid call (control)", frame: save(10, ""), want: { status: "ok", code: null }, effects: 1 },
  {
    name: "__proto__ in the arguments",
    frame: save(11, '"__proto__":{"polluted":true},'),
    want: { status: "rejected", code: "forbidden_key" },
    effects: 0,
  },
  {
    name: "constructor in the arguments",
    frame: save(12, '"constructor":{"prototype":{"polluted":true}},'),
    want: { status: "rejected", code: "forbidden_key" },
    effects: 0,
  },
  {
    name: "prototype nested in the arguments",
    frame: save(13, '"meta":{"prototype":1},'),
    want: { status: "rejected", code: "forbidden_key" },
    effects: 0,
  },
  {
    name: "arguments nested 5,000 deep",
    frame: save(14, `"nested":${deep},`),
    want: { status: "rejected", code: "too_deep" },
    effects: 0,
  },
  {
    name: "an input over the contract's limit, under the frame limit",
    frame: save(15, `"blob":"${"x".repeat(20_000)}",`),
    want: { status: "rejected", code: "input_too_large" },
    effects: 0,
  },
  {
    name: "a frame over the frame limit",
    frame: save(16, `"blob":"${"x".repeat(MAX_FRAME * 2)}",`),
    want: { error: -32600, id: null },
    effects: 0,
  },
  {
    name: "broken JSON",
    frame: '{"jsonrpc":"2.0","id":17,"method":"tools/list"',
    want: { error: -32700, id: null },
    effects: 0,
    textOnly: true,
  },
  {
    name: "a request without a method",
    frame: '{"jsonrpc":"2.0","id":18,"params":{}}',
    want: { error: -32600, id: 18 },
    effects: 0,
  },
  { name: "a JSON array", frame: "[1,2]", want: { error: -32600, id: null }, effects: 0 },
  {
    name: "arguments that are no object",
    frame: callFrame(19, "save_artifact", '"name=fit.json"'),
    want: { error: -32602, id: 19 },
    effects: 0,
  },
  { name: "an unknown tool", frame: callFrame(20, "format_disk", "{}"), want: { error: -32602, id: 20 }, effects: 0 },
];

function summary(answer: Record<string, unknown>): Want {
  if (answer.error !== undefined)
    return { error: (answer.error as { code: number }).code, id: (answer.id ?? null) as number | null };
  const body = (answer.result as { structuredContent?: { status?: string; code?: string } }).structuredContent;
  return { status: String(body?.status), code: body?.code ?? null };
}

const wires = new Map<WireName, RawWire>();
const answers = new Map<string, Want>();
beforeAll(async () => {
  for (const wire of await Promise.all(WIRES.map((name) => openWire(name, MAX_FRAME)))) wires.set(wire.name, wire);
});
afterAll(async () => {
  for (const wire of wires.values()) await wire.close();
});

const rows = CASES.flatMap((c) =>
  WIRES.filter((wire) => !(c.textOnly && wire === "in_memory")).map((wire) => ({ ...c, wire })),
);

describe("the same guard cases on stdio, Streamable HTTP and in memory", () => {
  it.each(rows)("$wire: $name", async ({ wire, frame, want, effects, name }) => {
    const raw = wires.get(wire)!;
    const before = raw.effects();
    const got = summary(await raw.exchange(frame));
    answers.set(`${wire}|${name}`, got);
    expect(got).toEqual(want);
    expect(raw.effects() - before).toBe(effects);
  });

  it.each(WIRES)("%s: a call refused before its handler ran leaves no arguments behind for its id", async (wire) => {
    const raw = wires.get(wire)!;
    const badMeta = `{"jsonrpc":"2.0","id":30,"method":"tools/call","params":{"name":"save_artifact","arguments":{"name":"fit.json","content":"x"},"_meta":{"agent-harness/session":7}}}`;
    expect(summary(await raw.exchange(badMeta))).toEqual({ error: -32602, id: 30 });
    // The same id again: decided on its own arguments, not on the refused call's.
    expect(summary(await raw.exchange(save(30, '"__proto__":{"polluted":true},')))).toEqual({
      status: "rejected",
      code: "forbidden_key",
    });
  });

  it("answered each case alike on every wire that carries it", () => {
    for (const c of CASES) {
      const carried = WIRES.filter((wire) => answers.has(`${wire}|${c.name}`));
      expect(carried.length).toBe(c.textOnly ? 2 : 3);
      for (const wire of carried) expect(answers.get(`${wire}|${c.name}`)).toEqual(answers.get(`stdio|${c.name}`));
    }
  });
});
