/**
 * mastra-ai/mastra#19633 (closed by PR #19377; @mastra/core 1.50.1): `approveToolCall({ runId, toolCallId })`
 * loaded the run's snapshot and resumed whatever call was suspended; nothing compared `toolCallId` with it, so a
 * stale approval approved a newer call the person never saw. Reproduced on the handwritten engine: an approval the
 * server really issued for this session is applied to the call pending now, whichever call it was issued for.
 */
import { verifyApprovalToken } from "../../../../contract/index.js";
import { handwrittenFactory } from "../../../../scenarios/index.js";
import { approveWhatIsPending, bugEngine, isToken } from "./kit.js";

export const engineFactory = bugEngine("mastra_19633", handwrittenFactory, (inner, context) => ({
  submitApproval: async (session, input) => {
    if (!isToken(input)) return inner.submitApproval(session, input);
    // Only the signature is checked (the run id is right); the call it names is not.
    const check = { pending: null, session_id: session, now: context.clock.now(), used: [] };
    const verdict = verifyApprovalToken(input.token, check, context.secret);
    const issued = verdict.ok || !["approval_malformed", "approval_bad_signature"].includes(verdict.error.code);
    return issued ? approveWhatIsPending(inner, context, session) : inner.submitApproval(session, input);
  },
}));
