import { describe, expect, it } from "vitest";
import { approvePending } from "./approval.js";
import type { RestatedCall } from "./approval-input.js";
import { approve } from "./approve.js";
import { digest } from "./canonical.js";
import { applyFacts, startRun } from "./facts.js";
import { createIdSource } from "./ids.js";
import { createMemoryNonceStore, type NonceStore } from "./nonces.js";

/** Deps over a fresh nonce store, with `spent` nonces already claimed by another history. */
const fresh = (secret: string, spent: readonly string[] = []) => {
  const nonces = createMemoryNonceStore();
  for (const nonce of spent) nonces.claim(nonce, "elsewhere", 0);
  return { nonces, secret };
};

function waitingFor(session: string) {
  const ids = createIdSource("nonces");
  const args = { artifact: "art_a", audience: "team" };
  const { state } = applyFacts(
    startRun(session, "goal", { at: 0, ids }).state,
    [
      { type: "planner_responded", raw: "x" },
      {
        type: "call_validated",
        call: { tool: "publish_report", risk: "high_risk", args, args_digest: digest(args), requested_key: null },
      },
      { type: "approval_requested" },
    ],
    { at: 0, ids },
  );
  if (state.status !== "approval_required") throw new Error("not waiting");
  return state;
}

describe("approve spends the pending call's nonce on every decision", () => {
  const SECRET = "nonce-store-secret";

  it("spends the nonce of an accepted token; the same token is then refused, in this or any history", () => {
    const d = fresh(SECRET);
    const state = waitingFor("s");
    const token = approvePending(state.pending_approval, "s", SECRET, 0);
    expect(approve(d, state, { kind: "token", token }, 1)).toEqual({ type: "approval_accepted" });
    expect(d.nonces.has(state.pending_approval.nonce)).toBe(true);
    // The same waiting state again: a rewind or a restored copy brings it back.
    expect(approve(d, state, { kind: "token", token }, 2)).toMatchObject({
      type: "approval_refused",
      failure: { code: "approval_already_used" },
    });
  });

  it("spends the nonce of a decline, so a token minted before it never works afterwards", () => {
    const d = fresh(SECRET);
    const state = waitingFor("s");
    const token = approvePending(state.pending_approval, "s", SECRET, 0);
    expect(approve(d, state, { kind: "decline" }, 1)).toEqual({ type: "approval_declined" });
    expect(d.nonces.has(state.pending_approval.nonce)).toBe(true);
    expect(approve(d, state, { kind: "token", token }, 2)).toMatchObject({
      failure: { code: "approval_already_used" },
    });
  });

  it("still takes a decline after the nonce was spent elsewhere: a person's no is always safe", () => {
    const state = waitingFor("s");
    expect(approve(fresh(SECRET, [state.pending_approval.nonce]), state, { kind: "decline" }, 1)).toEqual({
      type: "approval_declined",
    });
  });

  it("spends nothing for a forged token or malformed input", () => {
    const d = fresh(SECRET);
    const state = waitingFor("s");
    const forged = approvePending(state.pending_approval, "s", "another-secret", 0);
    expect(approve(d, state, { kind: "token", token: forged }, 1)).toMatchObject({
      failure: { code: "approval_bad_signature" },
    });
    expect(approve(d, state, { kind: "approve" }, 1)).toMatchObject({ failure: { code: "approval_malformed" } });
    expect(d.nonces.has(state.pending_approval.nonce)).toBe(false);
  });

  it("refuses a valid token when the claim itself loses a race (has said no, claim says taken)", () => {
    const state = waitingFor("s");
    const token = approvePending(state.pending_approval, "s", SECRET, 0);
    const racing: NonceStore = { has: () => false, claim: () => false };
    expect(approve({ nonces: racing, secret: SECRET }, state, { kind: "token", token }, 1)).toEqual({
      type: "approval_refused",
      failure: { code: "approval_already_used", message: "token was already used" },
    });
  });

  it("answers a spent nonce before any other fault of the token (here: expired)", () => {
    const state = waitingFor("s");
    const expired = approvePending(state.pending_approval, "s", SECRET, 0, 10);
    expect(
      approve(fresh(SECRET, [state.pending_approval.nonce]), state, { kind: "token", token: expired }, 100),
    ).toMatchObject({
      failure: { code: "approval_already_used" },
    });
  });

  it("refuses malformed input as a fact instead of throwing", () => {
    const state = waitingFor("s");
    for (const input of [{ kind: "approve" }, { kind: "token", token: 7 }, undefined]) {
      expect(approve(fresh(SECRET), state, input, 0)).toMatchObject({
        type: "approval_refused",
        failure: { code: "approval_malformed" },
      });
    }
  });
});

describe("approve with a restated call (a host that sends the call again beside its token)", () => {
  const SECRET = "restated-approval-secret";
  const waiting = (() => {
    const ids = createIdSource("restated");
    const { state } = applyFacts(
      startRun("s", "goal", { at: 0, ids }).state,
      [
        { type: "planner_responded", raw: "x" },
        {
          type: "call_validated",
          call: {
            tool: "publish_report",
            risk: "high_risk",
            args: { artifact: "art_a", audience: "team" },
            args_digest: digest({ artifact: "art_a", audience: "team" }),
            requested_key: "key-1",
          },
        },
        { type: "approval_requested" },
      ],
      { at: 0, ids },
    );
    if (state.status !== "approval_required") throw new Error("not waiting");
    return state;
  })();
  const token = approvePending(waiting.pending_approval, "s", SECRET, 0);
  const same = { tool: "publish_report", args_digest: waiting.pending_approval.args_digest, idempotency_key: "key-1" };
  const verdict = (restated: RestatedCall) => approve(fresh(SECRET), waiting, { kind: "token", token, restated }, 1);

  it("accepts the pending call restated exactly, with or without its key", () => {
    expect(verdict(same)).toEqual({ type: "approval_accepted" });
    expect(verdict({ ...same, idempotency_key: null })).toEqual({ type: "approval_accepted" });
  });

  it("names the mismatch when the restated call is another tool, other arguments or another key", () => {
    const codeOf = (restated: RestatedCall) => {
      const fact = verdict(restated);
      return fact.type === "approval_refused" ? fact.failure.code : fact.type;
    };
    expect(codeOf({ ...same, tool: "save_artifact" })).toBe("approval_tool_mismatch");
    expect(codeOf({ ...same, args_digest: digest({ artifact: "art_a", audience: "public" }) })).toBe(
      "approval_args_mismatch",
    );
    expect(codeOf({ ...same, idempotency_key: "key-2" })).toBe("approval_not_pending");
    expect(verdict({ ...same, idempotency_key: "key-2" })).toMatchObject({
      failure: { message: "token approves the pending call under another idempotency key" },
    });
  });
});

describe("approve", () => {
  const SECRET = "approval-secret";
  const waiting = () => {
    const ids = createIdSource("approval");
    const { state } = applyFacts(
      startRun("s", "goal", { at: 0, ids }).state,
      [
        { type: "planner_responded", raw: "x" },
        {
          type: "call_validated",
          call: { tool: "publish_report", risk: "high_risk", args: {}, args_digest: digest({}), requested_key: null },
        },
        { type: "approval_requested" },
      ],
      { at: 0, ids },
    );
    if (state.status !== "approval_required") throw new Error("not waiting");
    return state;
  };

  it("answers a decline as declined", () => {
    expect(approve(fresh(SECRET), waiting(), { kind: "decline" }, 1)).toEqual({ type: "approval_declined" });
  });

  it("accepts a valid token, and refuses one signed under another secret", () => {
    const state = waiting();
    const token = approvePending(state.pending_approval, "s", SECRET, 0);
    expect(approve(fresh(SECRET), state, { kind: "token", token }, 1)).toEqual({ type: "approval_accepted" });
    expect(approve(fresh("another-secret"), state, { kind: "token", token }, 1)).toMatchObject({
      type: "approval_refused",
      failure: { code: "approval_bad_signature" },
    });
  });

  it("refuses a token whose nonce the state or the nonce store holds as used", () => {
    const state = waiting();
    const { nonce } = state.pending_approval;
    const token = approvePending(state.pending_approval, "s", SECRET, 0);
    const used = { type: "approval_refused", failure: { code: "approval_already_used" } };
    expect(approve(fresh(SECRET), { ...state, used_approvals: [nonce] }, { kind: "token", token }, 1)).toMatchObject(
      used,
    );
    expect(approve(fresh(SECRET, [nonce]), state, { kind: "token", token }, 1)).toMatchObject(used);
    expect(approve(fresh(SECRET, ["another-nonce"]), state, { kind: "token", token }, 1)).toEqual({
      type: "approval_accepted",
    });
  });
});
