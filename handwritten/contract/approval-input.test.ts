import { describe, expect, it } from "vitest";
import { parseApprovalInput } from "./approval-input.js";
import { factForApproval } from "./decisions.js";
import { applyFacts, startRun } from "./facts.js";
import { createIdSource } from "./ids.js";
import type { StateOf } from "./state.js";
import type { ValidatedCall } from "./validation.js";

describe("parseApprovalInput", () => {
  it("accepts a token or a decline", () => {
    expect(parseApprovalInput({ kind: "token", token: "apv1.a.b" })).toEqual({
      ok: true,
      value: { kind: "token", token: "apv1.a.b" },
    });
    expect(parseApprovalInput({ kind: "decline" })).toEqual({ ok: true, value: { kind: "decline" } });
  });

  it.each([
    [{ kind: "approve" }],
    [{ kind: "token", token: 42 }],
    [{ kind: "token" }],
    [{ kind: "token", token: "" }],
    [{ kind: "token", token: "x".repeat(4097) }],
    [{ kind: "decline", extra: true }],
    [null],
    ["apv1.a.b"],
    [Object.create({ kind: "decline" }) as unknown],
  ])("refuses %j as approval_malformed, with the path that is wrong", (input) => {
    const parsed = parseApprovalInput(input);
    expect(parsed.ok ? null : parsed.error.code).toBe("approval_malformed");
    expect(parsed.ok ? "" : parsed.error.message).toMatch(/\$/);
  });
});

describe("factForApproval on untrusted input", () => {
  const ids = createIdSource("seed");
  const call: ValidatedCall = {
    tool: "publish_report",
    risk: "high_risk",
    args: { artifact: "a", audience: "team" },
    args_digest: "d",
    requested_key: "k",
  };
  const waiting = applyFacts(
    startRun("s1", "goal", { at: 0, ids }).state,
    [{ type: "planner_responded", raw: "{}" }, { type: "call_validated", call }, { type: "approval_requested" }],
    { at: 0, ids },
  ).state as StateOf<"approval_required">;

  it("refuses a malformed input as a fact instead of throwing", () => {
    for (const input of [{ kind: "approve" }, { kind: "token", token: 7 }, undefined]) {
      expect(factForApproval(waiting, input, "secret", 0)).toMatchObject({
        type: "approval_refused",
        failure: { code: "approval_malformed" },
      });
    }
  });
});
