/**
 * MCP answers are read off the state: each answer's code and words are those of the tool message
 * the engine left in the session (worded by `contract/call-facts.ts`), and a host gets the same
 * words on stdio, over Streamable HTTP, in memory and in the web page's flow.
 */
import { paced } from "../test/setup/pace.js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  conflictContent,
  createIdSource,
  createManualClock,
  declinedContent,
  deniedContent,
  type JsonValue,
} from "../contract/index.js";
import { createFixtureWorld } from "../handwritten/fixtures/index.js";
import { createFlow } from "../web/flow/flow.js";
import { createCallTool, type ToolCallRequest } from "./call-tool.js";
import { createFixtureHarnessDeps } from "./deps.js";
import { openWire, WIRES, type RawWire, type WireName } from "../scenarios/mcp/raw-wires.js";
import { TEST_SECRET } from "../scenarios/mcp/stdio-server.js";

vi.setConfig({ testTimeout: paced(30_000), hookTimeout: paced(60_000) });

const SAVE = { name: "fit.json", content: "slope=3" };

function callPath() {
  const deps = createFixtureHarnessDeps({
    world: createFixtureWorld(),
    clock: createManualClock(),
    ids: createIdSource("answers-test"),
    secret: TEST_SECRET,
  });
  const call = createCallTool(deps);
  return async (session_id: string, name: string, args: unknown, extra: Partial<ToolCallRequest> = {}) => {
    const decision = await call({
      session_id,
      name,
      arguments: args,
      approval: null,
      idempotency_key: undefined,
      ...extra,
    });
    if (decision.kind !== "answered") throw new Error(decision.message);
    const message = deps.sessions.latest(session_id)?.state.messages.at(-1);
    return { answer: decision.answer as Record<string, unknown>, message };
  };
}

const words = (content: JsonValue) => {
  const { code, message } = content as { code: string; message: string };
  return { code, message };
};

describe("an answer is the tool message the engine left in the state", () => {
  it.each([
    ["rejected", "save_artifact", { ...SAVE, extra: 1 }, {}],
    ["denied", "run_shell", { command: "ls" }, {}],
    [
      "declined",
      "publish_report",
      { artifact: "art_fit", audience: "team" },
      { ask: async () => ({ kind: "decline" }) },
    ],
    ["ok", "save_artifact", SAVE, {}],
  ] as const)("%s", async (status, tool, args, extra) => {
    const call = callPath();
    const { answer, message } = await call(`state-${status}`, tool, args, extra as Partial<ToolCallRequest>);
    expect(message).toMatchObject({ role: "tool", status });
    const content = message!.role === "tool" ? message!.content : null;
    if (status === "ok") expect(answer.output).toEqual(content);
    else expect(answer).toMatchObject(content as Record<string, unknown>);
    expect(answer.status).toBe(status);
  });

  it("replayed and conflict: a key's second call, with the same and with other arguments", async () => {
    const call = callPath();
    const key = { idempotency_key: "k-1" };
    const first = await call("keys", "save_artifact", SAVE, key);
    const replayed = await call("keys", "save_artifact", SAVE, key);
    expect(replayed.answer).toMatchObject({ status: "replayed", output: first.answer.output });
    expect(replayed.message).toMatchObject({ status: "replayed", content: replayed.answer.output });
    const conflict = await call("keys", "save_artifact", { ...SAVE, content: "slope=4" }, key);
    expect(conflict.message).toMatchObject({ status: "conflict" });
    expect(conflict.answer).toMatchObject({ status: "conflict", ...words(conflict.message!.content as JsonValue) });
  });

  it("words a denial, a decline and a conflict as the contract does", async () => {
    const call = callPath();
    const decline = { ask: async () => ({ kind: "decline" as const }) };
    expect((await call("w1", "run_shell", { command: "ls" })).answer).toMatchObject(
      words(deniedContent("run_shell", "always_deny")),
    );
    expect(
      (await call("w2", "publish_report", { artifact: "art_fit", audience: "team" }, decline)).answer,
    ).toMatchObject(words(declinedContent()));
    const key = { idempotency_key: "k-2" };
    await call("w3", "save_artifact", SAVE, key);
    expect((await call("w3", "save_artifact", { ...SAVE, content: "x" }, key)).answer).toMatchObject(
      words(conflictContent("key_reused_with_other_arguments")),
    );
  });
});

const frame = (id: number, name: string, args: unknown, meta: Record<string, string>) =>
  JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args, _meta: meta } });

describe("the same words on every transport and in the page", () => {
  const wires = new Map<WireName, RawWire>();
  beforeAll(async () => {
    for (const wire of await Promise.all(WIRES.map((name) => openWire(name, 65_536)))) wires.set(wire.name, wire);
  });
  afterAll(async () => {
    for (const wire of wires.values()) await wire.close();
  });

  it("answers a denial and a conflict with the contract's words, identically on stdio, HTTP and in memory", async () => {
    const bodies = new Map<WireName, unknown[]>();
    for (const [name, wire] of wires) {
      const meta = { "agent-harness/session": "words", "agent-harness/idempotency-key": "k-words" };
      const body = async (f: string) =>
        (await wire.exchange(f)).result as { structuredContent: Record<string, unknown> };
      const denied = (await body(frame(1, "run_shell", { command: "ls" }, meta))).structuredContent;
      await body(frame(2, "save_artifact", SAVE, meta));
      const conflict = (await body(frame(3, "save_artifact", { ...SAVE, content: "x" }, meta))).structuredContent;
      expect(denied).toMatchObject(words(deniedContent("run_shell", "always_deny")));
      expect(conflict).toMatchObject(words(conflictContent("key_reused_with_other_arguments")));
      bodies.set(name, [denied, conflict]);
    }
    expect(bodies.get("http")).toEqual(bodies.get("stdio"));
    expect(bodies.get("in_memory")).toEqual(bodies.get("stdio"));
  });

  it("shows the page's reader the contract's words for a denial", async () => {
    const flow = createFlow("always_deny", (error) => {
      throw error;
    });
    for (let i = 0; i < 10 && flow.next() !== "finished"; i += 1) await flow.advance();
    const answer = flow
      .entries()
      .flatMap((e) => (e.kind === "wire" && "result" in e.message ? [e.message.result.structuredContent] : []))
      .at(-1);
    expect(answer).toMatchObject({ status: "denied", ...words(deniedContent("run_shell", "always_deny")) });
    await flow.close();
  });
});
