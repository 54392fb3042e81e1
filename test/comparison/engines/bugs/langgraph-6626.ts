/**
 * langchain-ai/langgraph#6626 (closed; PRs #6542, #6627): `interrupt()`s of parallel tools in one task got the same
 * id (the task's namespace), so `Command({ resume: { [id]: value } })` collapsed to one entry and that value reached
 * every waiting tool. In JS 1.7.3 the id is still `XXH3(namespace|answered)` (dist/interrupt.js). Reproduced on the
 * handwritten engine: a person's answer is delivered to each call of the turn still waiting, not only to its own.
 * The pinned LangGraph itself shows it: langgraph-adapter/src/bug-reports.test.ts.
 */
import { handwrittenFactory } from "../../../../scenarios/index.js";
import { approveWhatIsPending, bugEngine, isToken, waitingNonces } from "./kit.js";

export const engineFactory = bugEngine("langgraph_6626", handwrittenFactory, (inner, context) => ({
  submitApproval: async (session, input) => {
    const before = await inner.state(session);
    const siblings = waitingNonces(before.ok ? before.value : undefined);
    let result = await inner.submitApproval(session, input);
    // The same resume value, keyed by the shared id, answers the next waiting call of the same turn too.
    while (result.ok && result.value.status === "approval_required") {
      if (!siblings.includes(result.value.pending_approval.nonce)) break;
      result = isToken(input)
        ? await approveWhatIsPending(inner, context, session)
        : await inner.submitApproval(session, input);
    }
    return result;
  },
}));
