import { createHmac } from "node:crypto";
import { describe, it, expect } from "vitest";
import { referenceCanonical } from "../handwritten/engine/test-helpers.js";
import {
  APPROVAL_FAILURE_CODES,
  approvePending,
  DEFAULT_APPROVAL_TTL_MS,
  issueApprovalToken,
  verifyApprovalToken,
  type ApprovalCheck,
  type ApprovalClaims,
  type PendingApproval,
} from "./approval.js";
import { digest } from "./canonical.js";

const SECRET = "server-held-secret";
const SESSION = "sess-1";
const NOW = 1_000_000;
const ARGS = { artifact: "art_q3", audience: "team" } as const;

const pending: PendingApproval = {
  tool: "publish_report",
  args: ARGS,
  args_digest: digest(ARGS),
  idempotency_key: "idem_1",
  nonce: "nonce-pending",
  requested_at: NOW,
};

const check = (over: Partial<ApprovalCheck> = {}): ApprovalCheck => ({
  pending,
  session_id: SESSION,
  now: NOW,
  used: [],
  ...over,
});

const claimsFor = (over: Partial<ApprovalClaims> = {}): ApprovalClaims => ({
  tool: pending.tool,
  args_digest: pending.args_digest,
  session_id: SESSION,
  expires_at: NOW + 60_000,
  nonce: pending.nonce,
  ...over,
});

function failureCode(token: string, c: ApprovalCheck = check(), secret = SECRET): string | null {
  const verdict = verifyApprovalToken(token, c, secret);
  return verdict.ok ? null : verdict.error.code;
}

/** A token over any body, signed by an independent HMAC: what a buggy or out-of-date issuer holding the secret could send. */
function signedBody(body: string, secret = SECRET): string {
  return `apv1.${body}.${createHmac("sha256", secret).update(`apv1.${body}`).digest("hex")}`;
}

const base64url = (text: string) => Buffer.from(text, "utf8").toString("base64url");

/** Replaces the last hex digit of the signature with a different one. */
function tamperSignature(token: string): string {
  const last = token.at(-1);
  return `${token.slice(0, -1)}${last === "0" ? "1" : "0"}`;
}

describe("approval tokens", () => {
  it("accepts a token issued for exactly the pending call, session and time", () => {
    const verdict = verifyApprovalToken(issueApprovalToken(claimsFor(), SECRET), check(), SECRET);
    expect(verdict).toEqual({ ok: true, value: claimsFor() });
  });

  it("signs the canonical claims with HMAC-SHA256 under the secret (apv1.<claims>.<hmac>)", () => {
    const token = issueApprovalToken(claimsFor(), SECRET);
    const [prefix, body, signature] = token.split(".");
    expect(prefix).toBe("apv1");
    expect(Buffer.from(body ?? "", "base64url").toString("utf8")).toBe(referenceCanonical(claimsFor()));
    expect(signature).toBe(
      createHmac("sha256", SECRET)
        .update(`apv1.${body ?? ""}`)
        .digest("hex"),
    );
  });

  it("binds the token to tool, argument digest, session, expiry and nonce", () => {
    const claims = claimsFor();
    const token = issueApprovalToken(claims, SECRET);
    for (const changed of [
      claimsFor({ tool: "save_artifact" }),
      claimsFor({ args_digest: digest({ ...ARGS, audience: "public" }) }),
      claimsFor({ session_id: "sess-2" }),
      claimsFor({ expires_at: claims.expires_at + 1 }),
      claimsFor({ nonce: "other" }),
    ]) {
      expect(issueApprovalToken(changed, SECRET)).not.toBe(token);
    }
  });

  it("approvePending issues a token valid for the default 15 minutes from now", () => {
    expect(DEFAULT_APPROVAL_TTL_MS).toBe(15 * 60 * 1000);
    const token = approvePending(pending, SESSION, SECRET, NOW);
    expect(failureCode(token, check({ now: NOW + 15 * 60 * 1000 }))).toBeNull();
    expect(failureCode(token, check({ now: NOW + 15 * 60 * 1000 + 1 }))).toBe("approval_expired");
  });

  it("has one distinct reason code per way a token can fail", () => {
    expect(new Set(APPROVAL_FAILURE_CODES).size).toBe(APPROVAL_FAILURE_CODES.length);
    expect([...APPROVAL_FAILURE_CODES].sort()).toEqual([
      "approval_already_used",
      "approval_args_mismatch",
      "approval_bad_signature",
      "approval_expired",
      "approval_malformed",
      "approval_not_pending",
      "approval_session_mismatch",
      "approval_tool_mismatch",
    ]);
  });

  describe("rejections", () => {
    it("rejects a tampered signature with approval_bad_signature", () => {
      expect(failureCode(tamperSignature(approvePending(pending, SESSION, SECRET, NOW)))).toBe(
        "approval_bad_signature",
      );
    });

    it("rejects tampered claims under the original signature with approval_bad_signature", () => {
      const [prefix, , signature] = issueApprovalToken(claimsFor(), SECRET).split(".");
      const [, forgedBody] = issueApprovalToken(claimsFor({ expires_at: NOW + 10 ** 9 }), SECRET).split(".");
      expect(failureCode(`${prefix ?? ""}.${forgedBody ?? ""}.${signature ?? ""}`)).toBe("approval_bad_signature");
    });

    it("rejects a token signed with another secret with approval_bad_signature", () => {
      expect(failureCode(issueApprovalToken(claimsFor(), "attacker-secret"))).toBe("approval_bad_signature");
    });

    it("checks the signature before any claim: a forged token for another session is a bad signature, not a mismatch", () => {
      expect(failureCode(issueApprovalToken(claimsFor({ session_id: "sess-2" }), "attacker-secret"))).toBe(
        "approval_bad_signature",
      );
    });

    it("rejects a token that is not apv1.<claims>.<signature> with approval_malformed", () => {
      expect(failureCode("garbage")).toBe("approval_malformed");
      expect(failureCode("apv2.a.b")).toBe("approval_malformed");
      expect(failureCode(`${issueApprovalToken(claimsFor(), SECRET)}.extra`)).toBe("approval_malformed");
    });

    it("rejects an expired token with approval_expired (the injected clock decides)", () => {
      const token = approvePending(pending, SESSION, SECRET, NOW, 1_000);
      expect(failureCode(token, check({ now: NOW + 1_000 }))).toBeNull();
      expect(failureCode(token, check({ now: NOW + 1_001 }))).toBe("approval_expired");
    });

    it("rejects a token of another session with approval_session_mismatch", () => {
      expect(failureCode(approvePending(pending, "sess-2", SECRET, NOW))).toBe("approval_session_mismatch");
    });

    it("rejects a token for other arguments with approval_args_mismatch", () => {
      const token = issueApprovalToken(claimsFor({ args_digest: digest({ ...ARGS, audience: "public" }) }), SECRET);
      expect(failureCode(token)).toBe("approval_args_mismatch");
    });

    it("rejects a token for another tool with approval_tool_mismatch", () => {
      expect(failureCode(issueApprovalToken(claimsFor({ tool: "save_artifact" }), SECRET))).toBe(
        "approval_tool_mismatch",
      );
    });

    it("rejects a token whose nonce was already used with approval_already_used", () => {
      const token = approvePending(pending, SESSION, SECRET, NOW);
      expect(failureCode(token, check({ used: ["older", pending.nonce] }))).toBe("approval_already_used");
    });

    it("rejects a token when no call is pending with approval_not_pending", () => {
      expect(failureCode(approvePending(pending, SESSION, SECRET, NOW), check({ pending: null }))).toBe(
        "approval_not_pending",
      );
    });

    it("rejects a token for an earlier request of the same call (other nonce) with approval_not_pending", () => {
      expect(failureCode(issueApprovalToken(claimsFor({ nonce: "nonce-of-an-older-request" }), SECRET))).toBe(
        "approval_not_pending",
      );
    });
  });

  describe("encoding", () => {
    it("writes the claims as unpadded base64url, and reads back claims whose base64 needs '+', '/' and padding", () => {
      const odd = { ...pending, nonce: "n>>>???é✓" };
      const claims = claimsFor({ nonce: odd.nonce });
      const standard = Buffer.from(referenceCanonical(claims), "utf8").toString("base64");
      expect([standard.includes("+"), standard.includes("/"), standard.endsWith("==")]).toEqual([true, true, true]);
      const token = issueApprovalToken(claims, SECRET);
      expect(token.split(".")[1]).toBe(base64url(referenceCanonical(claims)));
      expect(verifyApprovalToken(token, check({ pending: odd }), SECRET)).toEqual({ ok: true, value: claims });
    });
  });

  describe("claims under a valid signature", () => {
    it.each([
      ["a body that is not base64", "!!!"],
      ["a body that is not JSON", base64url("not json")],
      ["JSON null", base64url("null")],
      ["a tool that is not a string", base64url(JSON.stringify({ ...claimsFor(), tool: 1 }))],
      ["no argument digest", base64url(JSON.stringify({ ...claimsFor(), args_digest: null }))],
      ["a session that is not a string", base64url(JSON.stringify({ ...claimsFor(), session_id: [SESSION] }))],
      ["an expiry that is not a number", base64url(JSON.stringify({ ...claimsFor(), expires_at: String(NOW + 1) }))],
      ["a nonce that is not a string", base64url(JSON.stringify({ ...claimsFor(), nonce: 7 }))],
    ])("refuses %s as approval_malformed, without throwing", (_, body) => {
      expect(failureCode(signedBody(body))).toBe("approval_malformed");
    });

    it("accepts claims signed by an independent HMAC over the same canonical body", () => {
      expect(failureCode(signedBody(base64url(referenceCanonical(claimsFor()))))).toBeNull();
    });
  });

  describe("messages", () => {
    const refusals: [string, string, ApprovalCheck?][] = [
      ["not three parts", "garbage"],
      ["bad signature", tamperSignature(issueApprovalToken(claimsFor(), SECRET))],
      ["malformed claims", signedBody(base64url("{}"))],
      ["already used", issueApprovalToken(claimsFor(), SECRET), check({ used: [pending.nonce] })],
      ["nothing pending", issueApprovalToken(claimsFor(), SECRET), check({ pending: null })],
      ["other session", issueApprovalToken(claimsFor({ session_id: "sess-2" }), SECRET)],
      ["other tool", issueApprovalToken(claimsFor({ tool: "save_artifact" }), SECRET)],
      ["other arguments", issueApprovalToken(claimsFor({ args_digest: digest({ a: 1 }) }), SECRET)],
      ["other call", issueApprovalToken(claimsFor({ nonce: "older" }), SECRET)],
      ["expired", issueApprovalToken(claimsFor({ expires_at: NOW - 1 }), SECRET)],
    ];
    const messageOf = (token: string, c: ApprovalCheck = check()) => {
      const verdict = verifyApprovalToken(token, c, SECRET);
      return verdict.ok ? null : verdict.error.message;
    };

    it("explains each way of failing in its own words", () => {
      const messages = refusals.map(([, token, c]) => messageOf(token, c));
      for (const message of messages) expect(message).toMatch(/\w{3}/);
      expect(new Set(messages).size).toBe(refusals.length);
    });

    it("names both tools for a tool mismatch and the expiry for an expired token", () => {
      expect(messageOf(issueApprovalToken(claimsFor({ tool: "save_artifact" }), SECRET))).toBe(
        "token approves save_artifact, not publish_report",
      );
      expect(messageOf(issueApprovalToken(claimsFor({ expires_at: NOW - 1 }), SECRET))).toBe(
        `token expired at ${NOW - 1}`,
      );
    });
  });
});
