/** The redaction boundary at each place the detectors used not to look: errors, keys, escapes, identifiers. */
import { describe, expect, it } from "vitest";
import { validatePlannerOutput } from "./validation.js";
import { factForReconcile } from "./decisions.js";
import { defineTool } from "./tool.js";
import { createRegistry } from "./registry.js";
import { executeIntent } from "./execution.js";
import {
  errorMessage,
  findSensitive,
  loggedError,
  isSensitiveIdentifier,
  redact,
  redactPlannerText,
} from "./redact.js";
import { executionDeps, intentFor } from "./test-helpers.js";
import type { AgentState } from "./state.js";
import { z } from "zod";

// Built from parts, so that no scanner of this repository reads a whole token here.
const TOKEN = ["ghp", "_", "R8wq2JmZt5Kx7Vn3Lp9Yc4Hd6Fs1Gb0Ae2X"].join("");
const JWT = ["eyJhbGciOiJIUzI1NiJ9", "eyJzdWIiOiIxMjM0NTY3ODkwIn0", "dBjftJeZ4CVPmB92K27uhbUJU1p1r_wW1gFWFOEjXk"].join(
  ".",
);
const CARD = "4111111111111111";
const escaped = (text: string) => [...text].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join("");

describe("error messages", () => {
  it("a read-only tool's error message reaches the outcome without the token it quoted", async () => {
    const failing = defineTool({
      name: "lookup",
      description: "fails",
      input: z.strictObject({}),
      risk: "read_only",
      timeoutMs: 100,
      execute() {
        throw new Error(`upstream refused: ${TOKEN}`);
      },
    });
    const deps = { ...executionDeps([]), registry: createRegistry([failing]) };
    const outcome = await executeIntent(deps, intentFor("lookup", "read_only"), true);
    expect(outcome).toEqual({ kind: "failed", message: "upstream refused: [redacted]" });
  });

  it("a logged failure keeps its stack, redacted", () => {
    const logged = loggedError(new Error(`sqlite refused ${TOKEN}`));
    expect([
      logged.startsWith("Error: sqlite refused [redacted]"),
      logged.includes("redact.test.ts"),
      logged.includes(TOKEN),
    ]).toEqual([true, true, false]);
  });

  it("anything thrown is redacted, an Error or not", () => {
    expect(errorMessage(`no ${TOKEN}`)).toBe("no [redacted]");
    expect(errorMessage(new TypeError(`bad ${JWT}`))).toBe("bad [redacted]");
  });
});

describe("object keys", () => {
  it("a key that holds a secret is stored redacted, its clean words kept, two such keys both kept", () => {
    const copy = redact({ [TOKEN]: 1, [`user ${TOKEN}`]: 2, [`${JWT}`]: 3, plain: 4 });
    expect(JSON.stringify(copy)).not.toContain(TOKEN);
    expect(copy).toEqual({ "[redacted]": 1, "user [redacted]": 2, "[redacted]#2": 3, plain: 4 });
  });

  it("findSensitive names a key that holds a secret, by a path that does not spell it", () => {
    expect(findSensitive({ rows: { [TOKEN]: "x" } })).toEqual(["$.rows.[redacted]"]);
  });

  it("a card number written as a JSON number is found and redacted", () => {
    expect(findSensitive({ n: Number(CARD) })).toEqual(["$.n"]);
    expect(redact({ n: Number(CARD) })).toEqual({ n: "[redacted]" });
  });
});

describe("JSON escapes", () => {
  it("planner output whose escapes spell a token is stored re-serialised with the token redacted", () => {
    const raw = `{"type":"final","text":"the key is ${escaped(TOKEN)} ok"}`;
    const { text, redacted } = redactPlannerText(raw);
    expect(redacted).toBe(true);
    expect(JSON.parse(text)).toEqual({ type: "final", text: "the key is [redacted] ok" });
  });

  it("escapes one level deeper (JSON inside a JSON string) are decoded too", () => {
    const inner = JSON.stringify({ note: `x ${escaped(TOKEN)}` });
    const { text } = redactPlannerText(JSON.stringify({ type: "final", text: inner }));
    // Every escape of every depth decoded, as a reader parsing the text again and again would.
    expect(
      text.replace(/\\+u([0-9a-f]{4})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    ).not.toContain(TOKEN);
  });

  it("a tool's answer whose string spells a token in escapes is redacted", () => {
    expect(redact({ body: `{"auth":"${escaped(TOKEN)}"}` })).toEqual({ body: "[redacted]" });
    expect(redact({ url: `postgres:\\/\\/admin:s3cretpass@db.internal:5432\\/app` })).toEqual({ url: "[redacted]" });
  });

  it("clean planner output is stored as JSON.stringify writes it, and not flagged", () => {
    expect(redactPlannerText('{ "type": "final", "text": "done" }')).toEqual({
      text: '{"type":"final","text":"done"}',
      redacted: false,
    });
  });

  it("a key:value pair that is a secret only together is still cut", () => {
    const { text, redacted } = redactPlannerText('{"type":"final","text":"password: hunter2hunter2"}');
    expect([redacted, text.includes("hunter2")]).toEqual([true, false]);
  });
});

describe("identifiers", () => {
  it("an identifier holding a token, a JWT or a card number is sensitive; ordinary ids are not", () => {
    for (const id of [TOKEN, JWT, `pay-${CARD}`, `s:${TOKEN}`]) expect(isSensitiveIdentifier(id), id).toBe(true);
    for (const id of ["session-13", "key-read_table", "3f2a6c1e-9b7d-4e21-a0c3-5d8f9e1b2c4a", "order.2026-12-06"])
      expect(isSensitiveIdentifier(id), id).toBe(false);
  });

  it("a planner's idempotency key holding a card number is refused as sensitive_input", () => {
    const registry = createRegistry([
      defineTool({
        name: "save",
        description: "saves",
        input: z.strictObject({}),
        risk: "idempotent_write",
        timeoutMs: 100,
        execute: async () => ({}),
      }),
    ]);
    const raw = JSON.stringify({ type: "tool_call", tool: "save", arguments: {}, idempotency_key: `pay-${CARD}` });
    const result = validatePlannerOutput(registry, raw);
    expect(result.ok ? "ok" : [result.error.code, result.error.issues[0]?.path]).toEqual([
      "sensitive_input",
      "$.idempotency_key",
    ]);
  });

  it("a reconcile names no operator that holds a secret, and keeps no secret in its note", () => {
    const state = { status: "reconcile_required" } as AgentState;
    expect(factForReconcile(state, { outcome: "confirmed", operator: JWT })).toMatchObject({
      error: expect.stringMatching(/^sensitive_identifier/),
    });
    expect(factForReconcile(state, { outcome: "confirmed", operator: "alice", note: `ok ${TOKEN}` })).toEqual({
      type: "tool_reconciled",
      operator: "alice",
      note: "ok [redacted]",
    });
  });
});
