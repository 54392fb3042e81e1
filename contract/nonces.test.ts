import { describe, expect, it } from "vitest";
import { approvePending } from "./approval.js";
import { digest } from "./canonical.js";
import { createManualClock } from "./clock.js";
import { applyFacts, startRun } from "./facts.js";
import { createIdSource } from "./ids.js";
import { claimApproval, createMemoryNonceStore } from "./nonces.js";

const SECRET = "nonce-store-secret";

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

describe("createMemoryNonceStore", () => {
  it("claims a nonce once, for any session, and never forgets it", () => {
    const store = createMemoryNonceStore();
    expect(store.has("n1")).toBe(false);
    expect(store.claim("n1", "s1", 1)).toBe(true);
    expect(store.claim("n1", "s2", 2)).toBe(false);
    expect(store.claim("n1", "s1", 3)).toBe(false);
    expect([store.has("n1"), store.has("n2")]).toEqual([true, false]);
    expect(store.claim("n2", "s1", 4)).toBe(true);
  });
});

describe("claimApproval", () => {
  const deps = () => ({ nonces: createMemoryNonceStore(), secret: SECRET, clock: createManualClock(0) });

  it("claims the nonce of a token that would be accepted, and reports nothing used", () => {
    const d = deps();
    const state = waitingFor("s");
    const token = approvePending(state.pending_approval, "s", SECRET, 0);
    expect(claimApproval(d, state, { kind: "token", token }, 1)).toEqual([]);
    expect(d.nonces.has(state.pending_approval.nonce)).toBe(true);
  });

  it("reports the nonce as used when another history already claimed it", () => {
    const d = deps();
    const state = waitingFor("s");
    const token = approvePending(state.pending_approval, "s", SECRET, 0);
    d.nonces.claim(state.pending_approval.nonce, "elsewhere", 0);
    expect(claimApproval(d, state, { kind: "token", token }, 1)).toEqual([state.pending_approval.nonce]);
    expect(claimApproval(d, state, { kind: "decline" }, 1)).toEqual([state.pending_approval.nonce]);
  });

  it("claims nothing for a decline, a forged token or malformed input", () => {
    const d = deps();
    const state = waitingFor("s");
    const forged = approvePending(state.pending_approval, "s", "another-secret", 0);
    expect(claimApproval(d, state, { kind: "decline" }, 1)).toEqual([]);
    expect(claimApproval(d, state, { kind: "token", token: forged }, 1)).toEqual([]);
    expect(claimApproval(d, state, { kind: "approve" }, 1)).toEqual([]);
    expect(d.nonces.has(state.pending_approval.nonce)).toBe(false);
  });

  it("answers used when the claim itself loses a race (has said no, claim says taken)", () => {
    const state = waitingFor("s");
    const token = approvePending(state.pending_approval, "s", SECRET, 0);
    const racing = { has: () => false, claim: () => false };
    expect(claimApproval({ ...deps(), nonces: racing }, state, { kind: "token", token }, 1)).toEqual([
      state.pending_approval.nonce,
    ]);
  });
});
