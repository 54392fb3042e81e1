import { describe, expect, it } from "vitest";
import { applyFact, startRun } from "./facts.js";
import { createIdSource } from "./ids.js";

const env = { at: 1_000, ids: createIdSource("facts-test") };

describe("applyFact", () => {
  it("keeps credentials in planner output out of the durable conversation", () => {
    const { state } = startRun("s", "goal", env);
    const raw = '{"type":"tool_call","tool":"save_artifact","arguments":{"name":"x","content":"mail bob@example.com"}}';
    const next = applyFact(state, { type: "planner_responded", raw }, env).state;
    expect(JSON.stringify(next.messages)).not.toContain("bob@example.com");
    expect(next.messages.at(-1)).toMatchObject({ role: "assistant" });
  });

  it("stores planner JSON re-serialised from its redacted value, never its raw text", () => {
    const { state } = startRun("s", "goal", env);
    // A token spelled in JSON escapes (one JSON.parse gives it back), in pretty-printed JSON.
    const token = ["ghp", "_", "R8wq2JmZt5Kx7Vn3Lp9Yc4Hd6Fs1Gb0Ae2X"].join("");
    const raw = `{\n  "type": "final",\n  "text": "key \\u${token.charCodeAt(0).toString(16).padStart(4, "0")}${token.slice(1)}"\n}`;
    const next = applyFact(state, { type: "planner_responded", raw }, env).state;
    expect(next.status === "planned" && [next.planned, next.planned_redacted]).toEqual([
      '{"type":"final","text":"key [redacted]"}',
      true,
    ]);
    // Clean JSON is stored as JSON.stringify writes it too.
    const clean = applyFact(state, { type: "planner_responded", raw: '{ "type": "final", "text": "ok" }' }, env).state;
    expect(clean.status === "planned" && clean.planned).toBe('{"type":"final","text":"ok"}');
  });

  it("refuses a fact in a status that does not allow it", () => {
    const { state } = startRun("s", "goal", env);
    expect(() => applyFact(state, { type: "intent_recorded" }, env)).toThrow(/cannot apply in status ready/);
  });

  it("numbers facts and derives each event id from the session and the sequence", () => {
    const { state } = startRun("s", "goal", env);
    const next = applyFact(state, { type: "planner_responded", raw: "{}" }, env);
    expect([state.seq, next.state.seq]).toEqual([0, 1]);
    expect(next.state.event_id).toBe(env.ids.eventId("s", 1));
    expect(next.trace.checkpoint_hash).toBe(next.state.checkpoint_hash);
  });
});
