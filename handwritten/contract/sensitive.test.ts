import { describe, it, expect } from "vitest";
import { createRegistry } from "./registry.js";
import { PLAIN_SAMPLES, SENSITIVE_SAMPLES } from "./sensitive-corpus.js";
import { findSensitive, isSensitiveText, redact, redactText, REDACTED, scanText } from "./sensitive.js";
import { defineTool } from "./tool.js";
import { validatePlannerOutput } from "./validation.js";
import { z } from "zod";

describe("the detector's corpus", () => {
  it("has at least 40 samples of each side", () => {
    expect(SENSITIVE_SAMPLES.length).toBeGreaterThanOrEqual(40);
    expect(PLAIN_SAMPLES.length).toBeGreaterThanOrEqual(40);
  });

  it.each(SENSITIVE_SAMPLES)("finds %s", (_kind, text) => {
    expect(isSensitiveText(text)).toBe(true);
    expect(redactText(text)).toContain(REDACTED);
  });

  it.each(PLAIN_SAMPLES.map((text) => [text]))("leaves %j alone", (text) => {
    expect(scanText(text)).toEqual([]);
    expect(redactText(text)).toBe(text);
  });
});

describe("what issue 19 found passing as tool input", () => {
  const registry = createRegistry([
    defineTool({
      name: "send_note",
      description: "sends a note",
      risk: "idempotent_write",
      input: z.strictObject({ note: z.string() }),
      timeoutMs: 1000,
      execute: async () => ({ sent: true }),
    }),
  ]);
  const call = (note: string) =>
    JSON.stringify({ type: "tool_call", tool: "send_note", arguments: { note }, idempotency_key: "k-1" });
  it.each([
    ["a phone number", "call me on +1 415-555-0132"],
    ["a JWT", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJib2IifQ.c2lnbmF0dXJlLWZha2U"],
    ["a Slack bot token", "xoxb-123456789012-1234567890123-abcdefghijABCDEFGHIJklmn"],
    ["a password assignment", "password=Tr0ub4dor-fake"],
  ])("refuses %s as sensitive_input", (_what, note) => {
    const result = validatePlannerOutput(registry, call(note));
    expect(result.ok ? null : result.error.code).toBe("sensitive_input");
  });
});

describe("redactText", () => {
  it("replaces only the sensitive stretches and keeps the rest of the text", () => {
    expect(redactText("mail bob@example.org or call +1 415-555-0132 today")).toBe(
      `mail ${REDACTED} or call ${REDACTED} today`,
    );
  });

  it("merges overlapping finds into one replacement", () => {
    expect(redactText("Authorization: Bearer abcdefghijklmnop")).toBe(REDACTED);
  });
});

describe("findSensitive", () => {
  it("finds contact data and credentials in values and sensitive key names, with their paths", () => {
    expect(
      findSensitive({
        note: "write to bob@example.org",
        nested: [{ header: "Bearer abcdefghijklmnop" }],
        password: "hunter2",
        fine: "nothing to see",
      }),
    ).toEqual(["$.note", "$.nested[0].header", "$.password"]);
  });

  it("finds nothing in plain data", () => {
    expect(findSensitive({ table: "sales", limit: 5, rows: ["a", 1, null] })).toEqual([]);
  });
});

describe("redact", () => {
  it("replaces sensitive keys and values and leaves the rest", () => {
    expect(redact({ api_key: "x", note: "mail bob@example.org", table: "sales" })).toEqual({
      api_key: REDACTED,
      note: REDACTED,
      table: "sales",
    });
  });

  it("cuts long strings", () => {
    const out = redact("z".repeat(500));
    expect(typeof out === "string" && out.length < 500).toBe(true);
  });

  it("keeps long strings whole when asked to (a frozen route replays them), still redacting inside arrays", () => {
    const long = "z".repeat(500);
    expect(redact({ rows: [long, "bob@example.org"] }, Infinity)).toEqual({ rows: [long, REDACTED] });
  });

  it("keeps a __proto__ key as plain data instead of changing the prototype", () => {
    const input = JSON.parse('{"__proto__":{"polluted":true}}') as unknown;
    const out = redact(input) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.keys(out)).toEqual(["__proto__"]);
  });
});

describe("findSensitive on long input", () => {
  // Speed is the benchmark's business (the anchored pattern is linear); this pins the answers.
  it("still finds an address after a long run of letters, and nothing in the run alone", () => {
    const long = "a".repeat(20_000);
    expect(findSensitive(long)).toEqual([]);
    expect(findSensitive(`${long} bob@example.com`)).toEqual(["$"]);
    expect(findSensitive(`${long}bob@example.com`)).toEqual(["$"]);
  });

  it("answers on 16 KB runs built to make a backtracking pattern fail slowly", () => {
    // Each run repeats the prefix of a pattern that then never completes; the answers are pinned here, the time in the bench.
    for (const unit of ["eyJa", "xoxb-", "sk-", "1 ", "+1 ", "(1) ", "a@", "password", "://a:", "-----BEGIN "]) {
      const run = unit.repeat(Math.ceil(16_384 / unit.length));
      expect(Array.isArray(scanText(run))).toBe(true);
      expect(scanText(`${run} bob@example.com`).some((s) => s.detector === "email")).toBe(true);
    }
  });
});

describe("scanText's memo", () => {
  it("answers a repeated scan with equal spans that a caller may change without changing the next answer", () => {
    const text = "mail bob@example.com or call +1 415 555 0100";
    const first = scanText(text);
    expect(first.length).toBeGreaterThan(1);
    const again = scanText(text);
    expect(again).toEqual(first);
    again[0] = { ...first[0]!, start: 999 };
    again.pop();
    expect(scanText(text)).toEqual(first);
  });
});
