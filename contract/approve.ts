/**
 * The one way an approval is decided, for every engine and the MCP server: the input is checked
 * against the pending call, and any decision (an accepted token or a person's decline) spends the
 * pending call's nonce in the nonce store, which lives outside every checkpoint history. A token
 * therefore works once, ever, and a person's "no" is final for every token of that call, whatever
 * history a rewind, a restore or a restart brings back.
 */
import { verifyApprovalToken } from "./approval.js";
import { parseApprovalInput } from "./approval-input.js";
import type { Fact } from "./facts.js";
import type { NonceStore } from "./nonces.js";
import { assertNever } from "./result.js";
import type { StateOf } from "./state.js";

/** The facts an approval decision can apply. */
export type ApprovalDecision = Extract<
  Fact,
  { readonly type: "approval_accepted" | "approval_declined" | "approval_refused" }
>;

export type ApproveDeps = { readonly nonces: NonceStore; readonly secret: string };

/**
 * Decides what a person sent while `state` waits. Malformed input and a refused token spend
 * nothing; a decline spends the nonce; an accepted token spends it, or is refused
 * `approval_already_used` when another history or process spent it first (compare-and-set).
 * Between the claim and the next checkpoint a crash spends the token: the person decides again
 * after the session is restarted (safety over availability).
 */
export function approve(
  deps: ApproveDeps,
  state: StateOf<"approval_required">,
  input: unknown,
  now: number,
): ApprovalDecision {
  const { nonce } = state.pending_approval;
  const spent = deps.nonces.has(nonce);
  const decision = factForApproval(state, input, deps.secret, now, spent ? [nonce] : []);
  switch (decision.type) {
    case "approval_refused":
      return decision;
    case "approval_declined":
      deps.nonces.claim(nonce, state.session_id, now);
      return decision;
    case "approval_accepted":
      return deps.nonces.claim(nonce, state.session_id, now) ? decision : alreadyUsed();
    default:
      return assertNever(decision);
  }
}

const alreadyUsed = (): ApprovalDecision => ({
  type: "approval_refused",
  failure: { code: "approval_already_used", message: "token was already used" },
});

/**
 * The pure check: the input is untrusted (`unknown`), checked by the one schema first; malformed
 * input is refused as `approval_malformed`, never thrown. Not exported from the contract: only
 * `approve` decides, so no caller can apply a decision without spending the nonce.
 */
function factForApproval(
  state: StateOf<"approval_required">,
  input: unknown,
  secret: string,
  now: number,
  usedElsewhere: readonly string[],
): ApprovalDecision {
  const parsed = parseApprovalInput(input);
  if (!parsed.ok) return { type: "approval_refused", failure: parsed.error };
  if (parsed.value.kind === "decline") return { type: "approval_declined" };
  const { token, restated } = parsed.value;
  const pending = state.pending_approval;
  const check = { pending, session_id: state.session_id, now, used: [...state.used_approvals, ...usedElsewhere] };
  const verdict = verifyApprovalToken(token, check, secret);
  if (!verdict.ok) return { type: "approval_refused", failure: verdict.error };
  if (restated === undefined) return { type: "approval_accepted" };
  // The same verification, with the restated call in place of the pending one, names the mismatch.
  const same = verifyApprovalToken(
    token,
    { ...check, pending: { ...pending, tool: restated.tool, args_digest: restated.args_digest } },
    secret,
  );
  if (!same.ok) return { type: "approval_refused", failure: same.error };
  if (restated.idempotency_key !== null && restated.idempotency_key !== pending.idempotency_key) {
    const message = "token approves the pending call under another idempotency key";
    return { type: "approval_refused", failure: { code: "approval_not_pending", message } };
  }
  return { type: "approval_accepted" };
}
