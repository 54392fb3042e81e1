/**
 * mastra-ai/mastra PR #20487 (#20470; @mastra/core 1.55.0): with approval required only by the agent-level
 * `requireToolApproval`, a function policy that is not serialized, the policy was gone when the run resumed, and
 * `declineToolCall` executed the declined tool. Reproduced on the handwritten engine: a process that did not start
 * the run no longer knows the call needed approval, so a decline resumes the call and it runs.
 */
import { handwrittenFactory } from "../../../../scenarios/index.js";
import { approveWhatIsPending, bugEngine, isDecline } from "./kit.js";

export const engineFactory = bugEngine("mastra_20487", handwrittenFactory, (inner, context) => {
  const started = new Set<string>();
  return {
    start: async (session, goal) => {
      started.add(session);
      return inner.start(session, goal);
    },
    submitApproval: async (session, input) =>
      isDecline(input) && !started.has(session)
        ? approveWhatIsPending(inner, context, session)
        : inner.submitApproval(session, input),
  };
});
