import { describe, it, expect } from "vitest";
import { canonicalJson } from "./canonical.js";
import { deepFreeze } from "./state-hash.js";
import { createMemoryTraceSink, traceEvent, type TraceHead } from "./trace.js";

const head = (session_id: string, seq: number): TraceHead => ({
  seq,
  event_id: `${session_id}:${seq}`,
  at: 0,
  session_id,
  step: 0,
  type: "intent_recorded",
  status: "executing",
  checkpoint_hash: "h",
});

describe("traceEvent", () => {
  it("stores redacted arguments: credentials and contact data never reach a trace event", () => {
    const event = traceEvent(head("s1", 1), {
      tool: "t",
      args: { password: "hunter2", note: "call carol@example.net", table: "sales" },
    });
    expect(event.args).toEqual({ password: "[redacted]", note: "[redacted]", table: "sales" });
    const text = JSON.stringify(event);
    expect(text).not.toContain("hunter2");
    expect(text).not.toContain("carol@example.net");
  });

  it("is frozen all the way down, without freezing the caller's arguments", () => {
    const args = { table: "sales", filter: { region: "west" } };
    const event = traceEvent(head("s1", 1), { tool: "t", args });
    expect(Object.isFrozen(event)).toBe(true);
    expect(Object.isFrozen(event.args)).toBe(true);
    expect(Object.isFrozen((event.args as typeof args).filter)).toBe(true);
    expect(Object.isFrozen(args) || Object.isFrozen(args.filter)).toBe(false);
  });

  it("redacts the arguments of a sealed call once for all its events, and arguments that can change each time", () => {
    const sealed = deepFreeze({ password: "hunter2", table: "sales" });
    canonicalJson(sealed); // sealing a state writes its call's arguments
    const first = traceEvent(head("s1", 1), { args: sealed });
    const second = traceEvent(head("s1", 2), { args: sealed });
    expect(second.args).toBe(first.args);
    expect(first.args).toEqual({ password: "[redacted]", table: "sales" });
    expect(Object.isFrozen(first.args)).toBe(true);
    // Frozen on top but not below: the redaction follows a change underneath.
    const shallow = Object.freeze({ note: { to: "sales" } });
    canonicalJson(shallow);
    const before = traceEvent(head("s1", 3), { args: shallow });
    shallow.note.to = "call carol@example.net";
    expect(traceEvent(head("s1", 4), { args: shallow }).args).toEqual({ note: { to: "[redacted]" } });
    expect(before.args).toEqual({ note: { to: "sales" } });
  });

  it("fills every field of the event, with null for what the transition does not carry", () => {
    expect(traceEvent(head("s1", 1), {})).toEqual({
      ...head("s1", 1),
      tool: null,
      args_digest: null,
      args: null,
      decision: null,
      result_status: null,
      reason: null,
      idempotency_key: null,
    });
  });
});

describe("createMemoryTraceSink", () => {
  it("lists the events of one session in append order", () => {
    const sink = createMemoryTraceSink();
    sink.append([traceEvent(head("s1", 0), {}), traceEvent(head("s2", 0), {})]);
    sink.append([traceEvent(head("s1", 1), {})]);
    expect(sink.list("s1").map((e) => e.seq)).toEqual([0, 1]);
    expect(sink.list("s2")).toHaveLength(1);
    expect(sink.list("none")).toEqual([]);
  });
});
