import { describe, expect, it } from "vitest";
import { parseApprovalInput } from "./approval-input.js";

describe("parseApprovalInput", () => {
  it("accepts a token or a decline", () => {
    expect(parseApprovalInput({ kind: "token", token: "apv1.a.b" })).toEqual({
      ok: true,
      value: { kind: "token", token: "apv1.a.b" },
    });
    expect(parseApprovalInput({ kind: "decline" })).toEqual({ ok: true, value: { kind: "decline" } });
  });

  it("accepts a token with the call restated beside it, and a decline from an object without a prototype", () => {
    const restated = { tool: "publish_report", args_digest: "0a".repeat(32), idempotency_key: null };
    expect(parseApprovalInput({ kind: "token", token: "apv1.a.b", restated })).toEqual({
      ok: true,
      value: { kind: "token", token: "apv1.a.b", restated },
    });
    const bare = Object.assign(Object.create(null) as object, { kind: "decline" });
    expect(parseApprovalInput(bare)).toEqual({ ok: true, value: { kind: "decline" } });
  });

  it.each<[unknown, string]>([
    [{ kind: "approve" }, "$.kind"],
    [{ kind: "token", token: 42 }, "$.token"],
    [{ kind: "token" }, "$.token"],
    [{ kind: "token", token: "" }, "$.token"],
    [{ kind: "token", token: "x".repeat(4097) }, "$.token"],
    [{ kind: "decline", extra: true }, "$: "],
    [
      { kind: "token", token: "t", restated: { tool: "t", args_digest: "ab", idempotency_key: null } },
      "$.restated.args_digest",
    ],
    [
      { kind: "token", token: "t", restated: { tool: "t", args_digest: `${"a".repeat(64)}x`, idempotency_key: null } },
      "$.restated.args_digest",
    ],
    [
      { kind: "token", token: "t", restated: { tool: "t", args_digest: `x${"a".repeat(64)}`, idempotency_key: null } },
      "$.restated.args_digest",
    ],
    [
      { kind: "token", token: "t", restated: { tool: "t", args_digest: "A".repeat(64), idempotency_key: null } },
      "$.restated.args_digest",
    ],
  ])("refuses %j as approval_malformed, naming the path %s", (input, path) => {
    const parsed = parseApprovalInput(input);
    expect(parsed.ok ? null : parsed.error.code).toBe("approval_malformed");
    expect(parsed.ok ? "" : parsed.error.message).toContain(`(${path}`);
  });

  it("lists every issue, separated by '; '", () => {
    const parsed = parseApprovalInput({ kind: "token", token: 42, extra: 1 });
    expect(parsed.ok ? "" : parsed.error.message).toMatch(/\(\$\.token: [^;()]+; \$: [^;()]+\)$/);
  });

  it.each([[null], ["apv1.a.b"], [[{ kind: "decline" }]], [Object.create({ kind: "decline" }) as unknown]])(
    "refuses %j as approval_malformed: not a plain object",
    (input) => {
      const parsed = parseApprovalInput(input);
      expect(parsed.ok ? null : parsed.error.code).toBe("approval_malformed");
      expect(parsed.ok ? "" : parsed.error.message).toContain("not a plain object");
    },
  );
});
