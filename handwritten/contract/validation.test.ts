import { createHash } from "node:crypto";
import { describe, it, expect } from "vitest";
import { referenceCanonical } from "../engine/test-helpers.js";
import { createFixtureRegistry, createFixtureWorld, finalAnswer, toolCall, toolCalls } from "../fixtures/index.js";
import { DEFAULT_INPUT_LIMITS, REJECTION_CODES, validatePlannerOutput, type Rejection } from "./validation.js";

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
