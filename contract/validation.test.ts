import { createHash } from "node:crypto";
import { describe, it, expect } from "vitest";
import { referenceCanonical } from "../handwritten/engine/test-helpers.js";
import {
  createFixtureRegistry,
  createFixtureWorld,
  finalAnswer,
  toolCall,
  toolCalls,
} from "../handwritten/fixtures/index.js";
import {
  DEFAULT_INPUT_LIMITS,
  REJECTION_CODES,
  validatePlannerOutput,
  type InputLimits,
  type Rejection,
} from "./validation.js";
import { redactText } from "./sensitive.js";

const nodeSha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

function setup() {
  const world = createFixtureWorld();
  return { world, registry: createFixtureRegistry(world) };
}

function rejection(raw: string): Rejection {
  const { registry } = setup();
  const result = validatePlannerOutput(registry, raw);
  if (result.ok) throw new Error(`expected a rejection, got ${JSON.stringify(result.value)}`);
  return result.error;
}

/** `{"a":{"a":...{"a":1}}}` with `levels` objects. */
function nested(levels: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
}

describe("validatePlannerOutput", () => {
  it("turns a well-formed call into a validated call with the digest of its canonical arguments", () => {
    const { registry } = setup();
    const result = validatePlannerOutput(registry, toolCall("save_artifact", { name: "q3", content: "body" }, "key-1"));
    expect(result).toEqual({
      ok: true,
      value: {
        kind: "tool_call",
        call: {
          tool: "save_artifact",
          risk: "idempotent_write",
          args: { name: "q3", content: "body" },
          args_digest: nodeSha256(referenceCanonical({ content: "body", name: "q3" })),
          requested_key: "key-1",
        },
      },
    });
  });

  it("gives the same digest whatever order the planner wrote the arguments in", () => {
    const { registry } = setup();
    const a = validatePlannerOutput(
      registry,
      '{"type":"tool_call","tool":"read_table","arguments":{"table":"sales","limit":3}}',
    );
    const b = validatePlannerOutput(
      registry,
      '{"arguments":{"limit":3,"table":"sales"},"tool":"read_table","type":"tool_call"}',
    );
    if (!a.ok || !b.ok || a.value.kind !== "tool_call" || b.value.kind !== "tool_call")
      throw new Error("both should validate");
    expect(a.value.call.args_digest).toBe(b.value.call.args_digest);
  });

  it("reads a final answer", () => {
    const { registry } = setup();
    expect(validatePlannerOutput(registry, finalAnswer("all done"))).toEqual({
      ok: true,
      value: { kind: "final", text: "all done" },
    });
  });

  it("never executes anything, even for a valid call", () => {
    const { world, registry } = setup();
    validatePlannerOutput(registry, toolCall("publish_report", { artifact: "art_x", audience: "public" }));
    validatePlannerOutput(registry, toolCall("run_shell", { command: "rm -rf /" }));
    expect(world.totalCalls()).toBe(0);
  });

  it("rejects text that is not JSON with malformed_json", () => {
    expect(rejection("{not json").code).toBe("malformed_json");
    expect(rejection("").code).toBe("malformed_json");
  });

  it("rejects JSON that is neither a tool_call nor a final with malformed_call", () => {
    expect(rejection('{"type":"tool_call","arguments":{}}').code).toBe("malformed_call");
    expect(rejection('{"type":"shell","cmd":"ls"}').code).toBe("malformed_call");
    expect(rejection('{"type":"final","text":"x","extra":1}').code).toBe("malformed_call");
  });

  it("rejects a tool the registry does not hold with unknown_tool, naming it", () => {
    const r = rejection(toolCall("delete_everything", {}));
    expect(r.code).toBe("unknown_tool");
    expect(r.tool).toBe("delete_everything");
  });

  it("rejects an inherited object key as a tool name with unknown_tool", () => {
    expect(rejection(toolCall("constructor", {})).code).toBe("unknown_tool");
  });

  it("rejects wrong types with invalid_arguments and returns the issue paths", () => {
    const r = rejection(toolCall("read_table", { table: "sales", limit: "5" }));
    expect(r.code).toBe("invalid_arguments");
    expect(r.tool).toBe("read_table");
    expect(r.issues.map((i) => i.path)).toEqual(["$.limit"]);
  });

  it("rejects a missing field with invalid_arguments", () => {
    const r = rejection(toolCall("read_table", { table: "sales" }));
    expect(r.code).toBe("invalid_arguments");
    expect(r.issues.map((i) => i.path)).toEqual(["$.limit"]);
  });

  it("rejects unknown keys with invalid_arguments and names them", () => {
    const r = rejection(toolCall("read_table", { table: "sales", limit: 5, sudo: true }));
    expect(r.code).toBe("invalid_arguments");
    expect(r.issues.length).toBeGreaterThan(0);
    expect(JSON.stringify(r.issues)).toContain("sudo");
  });

  it("rejects a __proto__ key anywhere with forbidden_key", () => {
    expect(
      rejection(
        '{"type":"tool_call","tool":"read_table","arguments":{"table":"sales","limit":5,"__proto__":{"admin":true}}}',
      ).code,
    ).toBe("forbidden_key");
    expect(rejection('{"__proto__":{"x":1},"type":"final","text":"t"}').code).toBe("forbidden_key");
    expect(rejection(toolCall("read_table", { table: "sales", limit: 5, constructor: { prototype: 1 } })).code).toBe(
      "forbidden_key",
    );
  });

  it("rejects a string over the limit with input_too_large, before the tool schema sees it", () => {
    const r = rejection(
      toolCall("save_artifact", { name: "big", content: "x".repeat(DEFAULT_INPUT_LIMITS.maxStringLength + 1) }),
    );
    expect(r.code).toBe("input_too_large");
  });

  it("rejects planner output over the byte limit with input_too_large", () => {
    const parts = Array.from({ length: 5 }, () => "y".repeat(4000));
    expect(rejection(toolCall("save_artifact", { name: "big", content: parts })).code).toBe("input_too_large");
  });

  it("rejects nesting deeper than the limit with too_deep, and accepts nesting at the limit's edge", () => {
    expect(rejection(toolCall("read_table", nested(DEFAULT_INPUT_LIMITS.maxDepth))).code).toBe("too_deep");
    // arguments sit at depth 1, so maxDepth - 1 nested objects reach depth maxDepth exactly: not too deep.
    expect(rejection(toolCall("read_table", nested(DEFAULT_INPUT_LIMITS.maxDepth - 1))).code).toBe("invalid_arguments");
  });

  it("rejects credentials and contact data in tool input with sensitive_input, without echoing the value", () => {
    const r = rejection(toolCall("save_artifact", { name: "notes", content: "mail alice@example.com" }));
    expect(r.code).toBe("sensitive_input");
    expect(r.issues.map((i) => i.path)).toEqual(["$.content"]);
    expect(JSON.stringify(r)).not.toContain("alice@example.com");
  });

  it("rejects a malformed caller-supplied idempotency key with malformed_call", () => {
    expect(rejection(toolCall("read_table", { table: "sales", limit: 1 }, "bad key with spaces")).code).toBe(
      "malformed_call",
    );
  });

  it("only ever uses the listed rejection codes", () => {
    expect([...REJECTION_CODES].sort()).toEqual([
      "duplicate_call_id",
      "forbidden_key",
      "input_too_large",
      "invalid_arguments",
      "malformed_call",
      "malformed_json",
      "sensitive_input",
      "too_deep",
      "too_many_calls",
      "unknown_tool",
    ]);
  });
});

describe("validatePlannerOutput with several calls in one turn", () => {
  const read = (id: string, limit = 3) => ({ id, tool: "read_table", args: { table: "sales", limit } });

  it("validates each call on its own, keeping call order and ids", () => {
    const { registry } = setup();
    const result = validatePlannerOutput(
      registry,
      toolCalls([read("r1"), { id: "bad", tool: "read_table", args: { table: "sales", limit: "x" } }, read("r2", 5)]),
    );
    if (!result.ok || result.value.kind !== "tool_calls") throw new Error("expected a batch");
    const calls = result.value.calls;
    expect(calls.map((c) => c.call_id)).toEqual(["r1", "bad", "r2"]);
    expect(calls.map((c) => ("call" in c ? "valid" : c.rejection.code))).toEqual([
      "valid",
      "invalid_arguments",
      "valid",
    ]);
  });

  it("rejects the whole turn with too_many_calls over maxCallsPerTurn, and accepts exactly the limit", () => {
    const { registry } = setup();
    const calls = (n: number) => toolCalls(Array.from({ length: n }, (_, i) => read(`c${i}`, i + 1)));
    expect(DEFAULT_INPUT_LIMITS.maxCallsPerTurn).toBe(8);
    expect(validatePlannerOutput(registry, calls(8)).ok).toBe(true);
    expect(rejection(calls(9)).code).toBe("too_many_calls");
  });

  it("rejects the whole turn with duplicate_call_id and names the repeated id's path", () => {
    const r = rejection(toolCalls([read("same"), read("other"), read("same", 4)]));
    expect(r.code).toBe("duplicate_call_id");
    expect(r.issues.map((i) => i.path)).toEqual(["$.calls.2.id"]);
  });

  it("rejects an empty list of calls and a call without an id with malformed_call", () => {
    expect(rejection(JSON.stringify({ type: "tool_calls", calls: [] })).code).toBe("malformed_call");
    expect(rejection(JSON.stringify({ type: "tool_calls", calls: [{ tool: "read_table", arguments: {} }] })).code).toBe(
      "malformed_call",
    );
  });

  it("runs the shape guards over the whole turn first: a __proto__ key in one call rejects the turn", () => {
    const raw = '{"type":"tool_calls","calls":[{"id":"a","tool":"read_table","arguments":{"__proto__":{}}}]}';
    expect(rejection(raw).code).toBe("forbidden_key");
  });
});

describe("validatePlannerOutput: what each rejection tells the model", () => {
  const registry = () => setup().registry;
  /** One small limit, the others at their defaults, so a boundary is one character away. */
  const withLimits = (raw: string, small: Partial<InputLimits>) =>
    validatePlannerOutput(registry(), raw, { ...DEFAULT_INPUT_LIMITS, ...small });
  const rejectedWith = (raw: string, small: Partial<InputLimits>) => {
    const result = withLimits(raw, small);
    if (result.ok) throw new Error(`expected a rejection, got ${JSON.stringify(result.value)}`);
    return result.error;
  };
  /** `{"type":"final","text":"…"}` of exactly `length` characters (26 of them are the envelope). */
  const finalOfLength = (length: number) => finalAnswer("f".repeat(length - 26));

  it("accepts output of exactly maxBytes, and names both sizes one byte over", () => {
    expect(finalOfLength(60)).toHaveLength(60);
    expect(withLimits(finalOfLength(60), { maxBytes: 60 })).toEqual({
      ok: true,
      value: { kind: "final", text: "f".repeat(34) },
    });
    expect(rejectedWith(finalOfLength(61), { maxBytes: 60 })).toEqual({
      code: "input_too_large",
      message: "planner output is 61 bytes, over 60",
      tool: null,
      issues: [],
    });
  });

  it("says the output is not JSON, with the parser's reason", () => {
    const r = rejection("{not json");
    expect(r.code).toBe("malformed_json");
    expect(r.message).toMatch(/^planner output is not JSON: \S/);
    expect(r.issues).toEqual([]);
  });

  it("says the output is neither a call nor a final answer, and points at the field", () => {
    const r = rejection('{"type":"shell","cmd":"ls"}');
    expect(r.message).toBe("planner output is not a tool_call or final message");
    expect(r.tool).toBeNull();
    expect(r.issues.map((i) => i.path)).toEqual(["$.type"]);
  });

  it("refuses a constructor or prototype key on its own, naming the key and where it is", () => {
    expect(rejection(toolCall("read_table", { table: "sales", limit: 5, constructor: 1 }))).toEqual({
      code: "forbidden_key",
      message: 'key "constructor" at $.arguments is not allowed',
      tool: null,
      issues: [],
    });
    expect(rejection(toolCall("read_table", { table: "sales", limit: 5, prototype: 1 })).message).toBe(
      'key "prototype" at $.arguments is not allowed',
    );
  });

  it("writes an array element's path with its index", () => {
    const raw = '{"type":"tool_calls","calls":[{"id":"a","tool":"read_table","arguments":{"__proto__":{}}}]}';
    expect(rejection(raw).message).toBe('key "__proto__" at $.calls[0].arguments is not allowed');
  });

  it("names the depth limit and the path that crosses it", () => {
    expect(rejection(toolCall("read_table", nested(8)))).toEqual({
      code: "too_deep",
      message: "planner output nests deeper than 8 levels at $.arguments.a.a.a.a.a.a.a.a",
      tool: null,
      issues: [],
    });
  });

  it("accepts a string of exactly maxStringLength, and names the path and both lengths one over", () => {
    const save = (content: string) => toolCall("save_artifact", { name: "n", content });
    expect(withLimits(save("c".repeat(13)), { maxStringLength: 13 })).toMatchObject({
      ok: true,
      value: { kind: "tool_call" },
    });
    expect(rejectedWith(save("c".repeat(14)), { maxStringLength: 13 })).toEqual({
      code: "input_too_large",
      message: "string at $.arguments.content has 14 chars, over 13",
      tool: null,
      issues: [],
    });
  });

  it("counts only strings against the string limit: a long array goes on to the tool's schema", () => {
    const raw = toolCall("read_table", { table: "sales", limit: Array.from({ length: 14 }, () => 1) });
    expect(rejectedWith(raw, { maxStringLength: 13 }).code).toBe("invalid_arguments");
  });

  it("passes a null value on to the tool's schema", () => {
    expect(rejection(toolCall("read_table", { table: null, limit: 1 })).code).toBe("invalid_arguments");
  });

  it("names an unknown tool and the tools the registry holds", () => {
    expect(rejection(toolCall("delete_everything", {})).message).toBe(
      'no tool named "delete_everything"; known: read_table, run_regression, save_artifact, publish_report, run_shell',
    );
  });

  it("names the tool whose arguments do not match its schema", () => {
    expect(rejection(toolCall("read_table", { table: "sales", limit: "5" })).message).toBe(
      "arguments for read_table do not match its schema",
    );
  });

  it("says why tool input with contact data is refused, and where it is", () => {
    const r = rejection(toolCall("save_artifact", { name: "notes", content: "mail alice@example.com" }));
    expect(r).toEqual({
      code: "sensitive_input",
      message: "tool input carries credentials or contact data",
      tool: "save_artifact",
      issues: [{ path: "$.content", message: "credentials and contact data are never tool input" }],
    });
  });

  it("accepts a caller's call id of 64 allowed characters, and refuses one with a space or of 65", () => {
    const one = (id: string) => toolCalls([{ id, tool: "read_table", args: { table: "sales", limit: 1 } }]);
    expect(validatePlannerOutput(registry(), one("a".repeat(64))).ok).toBe(true);
    expect(rejection(one("a".repeat(65))).code).toBe("malformed_call");
    expect(rejection(one("a b")).code).toBe("malformed_call");
  });

  it("names both counts when a turn carries too many calls", () => {
    const read = (id: string) => ({ id, tool: "read_table", args: { table: "sales", limit: 1 } });
    expect(rejectedWith(toolCalls([read("a"), read("b"), read("c")]), { maxCallsPerTurn: 2 })).toEqual({
      code: "too_many_calls",
      message: "3 tool calls in one turn, over 2",
      tool: null,
      issues: [],
    });
  });

  it("names a repeated call id and says ids must be unique", () => {
    const read = (id: string) => ({ id, tool: "read_table", args: { table: "sales", limit: 1 } });
    expect(rejection(toolCalls([read("same"), read("same")]))).toEqual({
      code: "duplicate_call_id",
      message: 'call id "same" appears twice',
      tool: null,
      issues: [{ path: "$.calls.1.id", message: "call ids must be unique within a turn" }],
    });
  });
});

describe("validatePlannerOutput on redacted output", () => {
  const redacted = (raw: string) => validatePlannerOutput(setup().registry, raw, DEFAULT_INPUT_LIMITS, true);
  const because = { path: "$", message: "credentials and contact data are never tool input; they were redacted" };

  it("refuses a call built from it, naming the tool of a single call", () => {
    expect(redacted(toolCall("save_artifact", { name: "n", content: "[redacted]" }))).toEqual({
      ok: false,
      error: {
        code: "sensitive_input",
        message: "tool input carries credentials or contact data",
        tool: "save_artifact",
        issues: [because],
      },
    });
  });

  it("refuses a whole batch built from it, naming no single tool", () => {
    const raw = toolCalls([{ id: "a", tool: "read_table", args: { table: "sales", limit: 1 } }]);
    expect(redacted(raw)).toEqual({
      ok: false,
      error: {
        code: "sensitive_input",
        message: "tool input carries credentials or contact data",
        tool: null,
        issues: [because],
      },
    });
  });

  it("refuses a call whose redaction left no JSON as sensitive_input, not malformed_json", () => {
    // A model's natural way to pass a credential: a `password` argument. Its find takes the key, the
    // quotes and the value, so what is left is `{"[redacted]"}`.
    const raw = JSON.stringify({ type: "tool_call", tool: "save_artifact", arguments: { password: "hunter22" } });
    const text = redactText(raw);
    expect(text).not.toContain("hunter22");
    expect(() => JSON.parse(text)).toThrow();
    expect(redacted(text)).toEqual({
      ok: false,
      error: {
        code: "sensitive_input",
        message: "tool input carries credentials or contact data",
        tool: null,
        issues: [
          { path: "$", message: "credentials and contact data are never tool input; redacting them left no JSON" },
        ],
      },
    });
  });

  it("answers malformed_json for output that was not JSON and had nothing redacted", () => {
    expect(validatePlannerOutput(setup().registry, '{"type": "tool_call",', DEFAULT_INPUT_LIMITS, false)).toMatchObject(
      {
        ok: false,
        error: { code: "malformed_json" },
      },
    );
  });

  it("still reads a final answer (its text is stored redacted)", () => {
    expect(redacted(finalAnswer("[redacted]"))).toEqual({ ok: true, value: { kind: "final", text: "[redacted]" } });
  });
});
