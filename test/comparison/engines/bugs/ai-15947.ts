/**
 * vercel/ai PR #15947 (merged) and PR #16068 "VULN-6698" (open), ai 7.0.x: the approval replay path rebuilt
 * approved calls from the client-held message history and executed them; without the opt-in
 * `experimental_toolApprovalSecret` a schema-valid approval the client wrote itself still executes ("Tool
 * approvals" docs). Reproduced on the handwritten engine: any approval-shaped answer for the pending call is taken
 * as the person's, its signature never checked.
 */
import { handwrittenFactory } from "../../../../scenarios/index.js";
import { approveWhatIsPending, bugEngine, isToken } from "./kit.js";

export const engineFactory = bugEngine("ai_15947", handwrittenFactory, (inner, context) => ({
  submitApproval: async (session, input) =>
    isToken(input) && input.token.startsWith("apv1.")
      ? approveWhatIsPending(inner, context, session)
      : inner.submitApproval(session, input),
}));
