/** Every way one attempt of a tool call can end, and what it leaves in the ledger and the artifact store. */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { digest } from "./canonical.js";
import { beginBatch, beginCall, confirmUncertain, executeBatch, executeIntent, replayContent } from "./execution.js";
import { applyFacts, startRun } from "./facts.js";
import { createIdSource } from "./ids.js";
import { beginIntent, executionDeps, intentFor, type TestExecutionDeps } from "./test-helpers.js";
import type { RiskClass } from "./risk.js";
import { defineTool, PermanentToolError, ProcessCrash, TransientToolError, type ToolContext } from "./tool.js";

type Behaviour = () => Promise<unknown>;
let behaviour: Behaviour = () => Promise.resolve({ n: 1 });
const calls: string[] = [];
/** The signal each call handed its tool, in call order. */
const signals: AbortSignal[] = [];

const tool = (name: string, risk: RiskClass, output?: z.ZodType) =>
  defineTool({
    name,
    description: name,
    input: z.strictObject({}),
    ...(output === undefined ? {} : { output }),
    risk,
    timeoutMs: 1_000,
    execute: (_args, ctx) => {
      calls.push(`${name}:${ctx.idempotencyKey}`);
      signals.push(ctx.signal);
      return behaviour();
    },
  });

function setup(): TestExecutionDeps {
  calls.length = 0;
  signals.length = 0;
  behaviour = () => Promise.resolve({ n: 1 });
  return executionDeps([
    tool("write_it", "high_risk"),
    tool("save_it", "idempotent_write"),
    tool("read_it", "read_only"),
    tool("typed_write", "high_risk", z.strictObject({ n: z.number() })),
    tool("typed_read", "read_only", z.strictObject({ n: z.number() })),
  ]);
}

const write = intentFor("write_it", "high_risk");
const read = intentFor("read_it", "read_only");
const save = intentFor("save_it", "idempotent_write");
const typedRead = intentFor("typed_read", "read_only");
const never = () => new Promise<never>(() => undefined);

describe("executeIntent", () => {
  it("completes a write in the ledger with its output, and passes the key to the tool", async () => {
    const d = setup();
    beginIntent(d, write);
    expect(await executeIntent(d, write, false)).toEqual({ kind: "succeeded", content: { n: 1 }, recovered: false });
    expect(calls).toEqual(["write_it:key-write_it"]);
    expect(d.ledger.get(write.key)).toMatchObject({ state: "completed", output: { n: 1 } });
  });

  it("marks the entry dispatched before the call", async () => {
    const d = setup();
    beginIntent(d, write);
    let seen: unknown = null;
    behaviour = () => ((seen = d.ledger.get(write.key)), Promise.resolve(null));
    await executeIntent(d, write, false);
    expect(seen).toMatchObject({ state: "in_flight", dispatched: true });
  });

  it("runs a read without any ledger entry", async () => {
    const d = setup();
    expect(await executeIntent(d, read, false)).toMatchObject({ kind: "succeeded" });
    expect(d.ledger.entries()).toEqual([]);
  });

  it("waits until the retry time on the injected clock before it calls", async () => {
    const d = setup();
    let at = -1;
    behaviour = () => ((at = d.clock.now()), Promise.resolve(null));
    await executeIntent(d, intentFor("read_it", "read_only", { retry_at: 250 }), false);
    expect(at).toBe(250);
    await executeIntent(d, intentFor("read_it", "read_only", { retry_at: 100 }), false);
    expect(at).toBe(250);
    await executeIntent(d, intentFor("read_it", "read_only", { retry_at: 400 }), false);
    expect(at).toBe(400);
  });

  it("refuses an intent naming an unregistered tool as a programming error", async () => {
    await expect(executeIntent(setup(), intentFor("gone", "read_only"), false)).rejects.toMatchObject({
      code: "invalid_transition",
      message: "intent names unregistered tool gone",
    });
  });

  it("recovers an outcome the ledger holds, and answers uncertain for an uncertain key without calling", async () => {
    const d = setup();
    beginIntent(d, write);
    d.ledger.complete(write.key, { n: 9 }, 1);
    expect(await executeIntent(d, write, false)).toEqual({ kind: "succeeded", content: { n: 9 }, recovered: true });
    const u = setup();
    beginIntent(u, write);
    u.ledger.markUncertain(write.key, 1);
    expect(await executeIntent(u, write, false)).toEqual({
      kind: "uncertain",
      reason: "ledger_uncertain",
      message: "an earlier attempt may have run; its outcome is unknown",
    });
    expect(calls).toEqual([]);
  });

  it("refuses a write whose ledger entry holds other arguments", async () => {
    const d = setup();
    d.ledger.begin({ key: write.key, tool: "write_it", args_digest: "other", owner: "s#1", at: 0 });
    expect(await executeIntent(d, write, false)).toEqual({
      kind: "failed",
      message: "arguments differ from the ledger entry of this key; not dispatched",
    });
  });

  it("checks the output schema: a read fails, a write becomes uncertain", async () => {
    const d = setup();
    behaviour = () => Promise.resolve({ n: "not a number" });
    expect(await executeIntent(d, typedRead, false)).toEqual({
      kind: "failed",
      message: "tool output failed its schema",
    });
    const w = intentFor("typed_write", "high_risk");
    beginIntent(d, w);
    expect(await executeIntent(d, w, false)).toEqual({
      kind: "uncertain",
      reason: "invalid_output",
      message: "tool output failed its schema after the call",
    });
    expect(d.ledger.get(w.key)?.state).toBe("uncertain");
    behaviour = () => Promise.resolve({ n: 2, extra: true });
    expect(await executeIntent(d, typedRead, false)).toMatchObject({ kind: "failed" });
  });

  it("times out on the injected clock: a read is transient, a write uncertain", async () => {
    const d = setup();
    behaviour = never;
    expect(await executeIntent(d, read, false)).toEqual({ kind: "transient", message: "timed out after 1000 ms" });
    expect(d.clock.now()).toBe(1_000);
    beginIntent(d, write);
    expect(await executeIntent(d, write, false)).toEqual({
      kind: "uncertain",
      reason: "timeout",
      message: "no answer within 1000 ms",
    });
    expect(d.ledger.get(write.key)?.state).toBe("uncertain");
  });

  it("retries a transient failure under the same key, and releases the key on the last attempt", async () => {
    const d = setup();
    behaviour = () => Promise.reject(new TransientToolError("busy"));
    beginIntent(d, write);
    expect(await executeIntent(d, write, false)).toEqual({ kind: "transient", message: "busy" });
    expect(d.ledger.get(write.key)).toMatchObject({ state: "in_flight", dispatched: false });
    expect(await executeIntent(d, write, true)).toEqual({ kind: "transient", message: "busy" });
    expect(d.ledger.get(write.key)).toBeUndefined();
  });

  it("releases the key of a permanent refusal; an unknown error is uncertain for a write, a failure for a read", async () => {
    const d = setup();
    behaviour = () => Promise.reject(new PermanentToolError("no"));
    beginIntent(d, write);
    expect(await executeIntent(d, write, false)).toEqual({ kind: "failed", message: "no" });
    expect(d.ledger.get(write.key)).toBeUndefined();
    behaviour = () => Promise.reject(new Error("odd"));
    beginIntent(d, write);
    expect(await executeIntent(d, write, false)).toEqual({
      kind: "uncertain",
      reason: "unknown_error",
      message: "odd",
    });
    expect(await executeIntent(d, read, false)).toEqual({ kind: "failed", message: "odd" });
    behaviour = () => Promise.reject("plain");
    expect(await executeIntent(d, read, false)).toEqual({ kind: "failed", message: "plain" });
    beginIntent(d, save);
    expect(await executeIntent(d, save, false)).toEqual({
      kind: "uncertain",
      reason: "unknown_error",
      message: "plain",
    });
  });

  it("never catches a process crash", async () => {
    const d = setup();
    behaviour = () => Promise.reject(new ProcessCrash("died"));
    await expect(executeIntent(d, read, false)).rejects.toThrow("died");
  });

  it("on a cancellation before dispatch, releases only a key still in flight", async () => {
    const d = setup();
    beginIntent(d, write);
    d.ledger.setDispatched(write.key, true, 0);
    d.ledger.complete(write.key, 1, 0);
    expect(await executeIntent(d, write, false, AbortSignal.abort())).toMatchObject({ kind: "failed" });
    expect(d.ledger.get(write.key)?.state).toBe("completed");
  });

  it("on a cancellation before dispatch of a write nobody opened, fails and writes no entry", async () => {
    const d = setup();
    expect(await executeIntent(d, write, false, AbortSignal.abort())).toEqual({
      kind: "failed",
      message: "cancelled before dispatch; nothing ran",
    });
    expect(d.ledger.entries()).toEqual([]);
    expect(calls).toEqual([]);
  });

  it("never touches a write's entry when a read runs under the same (caller-chosen) key, however it ends", async () => {
    const shared = intentFor("read_it", "read_only", { key: write.key });
    const endings = [
      () => Promise.resolve({ n: 1 }),
      () => Promise.reject(new TransientToolError("busy")),
      () => Promise.reject(new PermanentToolError("no")),
    ];
    for (const dispatched of [false, true]) {
      const d = setup();
      beginIntent(d, write);
      d.ledger.setDispatched(write.key, dispatched, 0);
      const entry = d.ledger.get(write.key);
      for (const ending of endings) {
        behaviour = ending;
        await executeIntent(d, shared, false);
        await executeIntent(d, shared, true);
        expect(d.ledger.get(write.key)).toEqual(entry);
      }
    }
  });

  it("aborts the tool's signal when the call timed out, never when it answered or failed", async () => {
    const d = setup();
    await executeIntent(d, read, false);
    behaviour = () => Promise.reject(new PermanentToolError("no"));
    await executeIntent(d, read, false);
    behaviour = never;
    await executeIntent(d, read, false);
    expect(signals.map((s) => s.aborted)).toEqual([false, false, true]);
  });

  it("hands a tool that reads its signal only after it timed out an aborted signal, the same one each read", async () => {
    const kept: ToolContext[] = [];
    const late = defineTool({
      name: "late_reader",
      description: "keeps its context and never answers",
      input: z.strictObject({}),
      risk: "read_only",
      timeoutMs: 1_000,
      execute: (_args, ctx) => (kept.push(ctx), new Promise(() => undefined)),
    });
    expect(await executeIntent(executionDeps([late]), intentFor(late.name, "read_only"), false)).toMatchObject({
      kind: "transient",
    });
    const [ctx] = kept;
    expect(ctx?.signal.aborted).toBe(true);
    expect(ctx?.signal).toBe(ctx?.signal);
  });

  it("moves no virtual time for a call that answered before its timeout", async () => {
    const d = setup();
    await executeIntent(d, read, false);
    // A sleep ends after the macrotasks queued before it: a timeout left running would end first.
    await d.clock.sleep(0);
    expect(d.clock.now()).toBe(0);
  });

  it("stores a large output as an artifact and gives the model a reference", async () => {
    const d = setup();
    behaviour = () => Promise.resolve("x".repeat(3_000));
    const outcome = await executeIntent(d, read, false);
    expect(outcome).toMatchObject({ kind: "succeeded", content: { chars: 3_002 } });
    expect(d.artifacts.size()).toBe(1);
  });
});

describe("beginCall and beginBatch", () => {
  const call = (tool: string, risk: RiskClass) => ({
    tool,
    risk,
    args: {},
    args_digest: digest({}),
    requested_key: null,
    idempotency_key: `key-${tool}`,
  });

  it("opens a ledger entry owned by session#step for a write only", () => {
    const d = setup();
    d.clock.advance(7);
    expect(beginCall(d, "s", 4, call("read_it", "read_only"))).toEqual({ kind: "execute" });
    expect(d.ledger.entries()).toEqual([]);
    expect(beginCall(d, "s", 4, call("write_it", "high_risk"))).toEqual({ kind: "execute" });
    expect(d.ledger.get("key-write_it")).toEqual({
      key: "key-write_it",
      tool: "write_it",
      args_digest: digest({}),
      owner: "s#4",
      state: "in_flight",
      dispatched: false,
      updated_at: 7,
    });
  });

  it("answers each call of a batch, with the replay content of a completed key", () => {
    const d = setup();
    d.ledger.begin({ key: "key-save_it", tool: "save_it", args_digest: digest({}), owner: "x", at: 0 });
    d.ledger.complete("key-save_it", "y".repeat(3_000), 0);
    const answers = beginBatch(d, "s", 1, [
      { call_id: "a", call: call("read_it", "read_only") },
      { call_id: "b", call: call("save_it", "idempotent_write") },
    ]);
    expect(answers[0]).toEqual({ call_id: "a", decision: { kind: "execute" }, replay: null });
    expect(answers[1]).toMatchObject({ call_id: "b", decision: { kind: "replay" }, replay: { chars: 3_002 } });
    expect(d.artifacts.size()).toBe(1);
    expect(replayContent(d)({ small: true })).toEqual({ small: true });
  });
});

describe("executeBatch", () => {
  it("runs the calls without a known outcome, reports each as it settles, and keeps call order", async () => {
    const d = setup();
    const heard: string[] = [];
    const known = [{ call_id: "a", outcome: { kind: "failed" as const, message: "earlier" } }];
    const results = await executeBatch(
      d,
      [
        { call_id: "a", intent: read, last_attempt: false },
        { call_id: "b", intent: typedRead, last_attempt: false },
      ],
      known,
      (id, outcome) => heard.push(`${id}:${outcome.kind}`),
    );
    expect(results).toEqual([
      { call_id: "a", outcome: { kind: "failed", message: "earlier" } },
      { call_id: "b", outcome: { kind: "succeeded", content: { n: 1 }, recovered: false } },
    ]);
    expect(heard).toEqual(["b:succeeded"]);
    expect(calls).toEqual(["typed_read:key-typed_read"]);
  });

  it("raises a crash only after its siblings settled", async () => {
    const d = setup();
    let settledSibling = false;
    behaviour = () => Promise.reject(new ProcessCrash("died"));
    const crashing = executeBatch(
      { ...d, registry: d.registry },
      [
        { call_id: "a", intent: read, last_attempt: false },
        { call_id: "b", intent: typedRead, last_attempt: false },
      ],
      [],
      () => (settledSibling = true),
    );
    await expect(crashing).rejects.toThrow("died");
    expect(settledSibling).toBe(false);
  });
});

describe("confirmUncertain", () => {
  const ids = createIdSource("confirm");
  const ready = () => startRun("s", "g", { at: 0, ids }).state;
  /** A run stopped on an uncertain write of `write_it`, and the ledger holding that key as uncertain. */
  const uncertainWrite = (d: TestExecutionDeps) => {
    const call = { tool: "write_it", risk: "high_risk" as const, args: {}, args_digest: digest({}) };
    const { state } = applyFacts(
      ready(),
      [
        { type: "planner_responded", raw: "x" },
        { type: "call_validated", call: { ...call, requested_key: write.key } },
        { type: "policy_allowed" },
        { type: "intent_recorded" },
        { type: "tool_uncertain", reason: "timeout", message: "m" },
      ],
      { at: 0, ids },
    );
    beginIntent(d, write);
    d.ledger.markUncertain(write.key, 0);
    return state;
  };

  it("records the confirmation in the ledger and returns the fact", () => {
    const d = setup();
    expect(confirmUncertain(d, uncertainWrite(d), { outcome: "confirmed", operator: "ann" })).toEqual({
      ok: true,
      value: { type: "tool_reconciled", operator: "ann", note: "" },
    });
    expect(d.ledger.get(write.key)).toMatchObject({
      state: "completed",
      output: { reconciled: "confirmed", operator: "ann" },
    });
  });

  it("confirms a run whose key the ledger no longer holds", () => {
    const d = setup();
    const state = uncertainWrite(d);
    d.ledger.release(write.key);
    expect(confirmUncertain(d, state, { outcome: "confirmed", operator: "ann" })).toEqual({
      ok: true,
      value: { type: "tool_reconciled", operator: "ann", note: "" },
    });
  });

  it("says why not, and records nothing, when nothing is uncertain or no operator is named", () => {
    const d = setup();
    expect(confirmUncertain(d, ready(), { outcome: "confirmed", operator: "ann" })).toEqual({
      ok: false,
      error: "nothing to reconcile in status ready",
    });
    const state = uncertainWrite(d);
    expect(confirmUncertain(d, state, { outcome: "confirmed", operator: " " })).toEqual({
      ok: false,
      error: "a reconcile needs a named operator",
    });
    expect(d.ledger.get(write.key)?.state).toBe("uncertain");
  });
});
