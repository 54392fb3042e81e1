/**
 * langchain-ai/langgraphjs#992 (open, read 2026-12-07; @langchain/langgraph 1.7.3): with `interrupt()` inside tool
 * handlers, one ToolNode runs the whole turn and re-runs from its first line on every resume; nothing records which
 * handlers already ran (no idempotency key), so "you'll repeat the execution of all previously-approved tool calls
 * on every resume". Reproduced on the handwritten engine: before each resume of a turn, every call the turn already
 * executed is executed again, as the re-run node does (interrupt() hands the approved ones their stored answer).
 * The pinned LangGraph itself shows it: langgraph-adapter/src/bug-reports.test.ts.
 */
import { grantDispatch, type AnyToolSpec, type ToolContext } from "../../../../contract/index.js";
import { handwrittenFactory } from "../../../../scenarios/index.js";
import { bugEngine } from "./kit.js";

type Ran = { readonly spec: AnyToolSpec; readonly args: unknown; readonly key: string };

export const engineFactory = bugEngine(
  "langgraphjs_992",
  handwrittenFactory,
  (inner, context) => {
    const ran = ranOf.get(context) ?? [];
    return {
      submitApproval: async (session, input) => {
        const before = await inner.state(session);
        const inTurn = before.ok && before.value?.status === "approval_required" && before.value.batch !== undefined;
        // The node re-runs from its first line: each handler that ran before this interrupt runs again.
        if (inTurn)
          for (const call of [...ran]) await call.spec.execute(call.args as never, grantDispatch(fresh(call.key)));
        const after = await inner.submitApproval(session, input);
        if (after.ok && after.value.status !== "approval_required") ran.length = 0;
        return after;
      },
    };
  },
  recording,
);

/** Per engine context, the calls its current turn executed, in order. */
const ranOf = new WeakMap<object, Ran[]>();

/** The context with a registry that records each execution it grants, so the re-run knows what ran. */
function recording(context: Parameters<typeof handwrittenFactory.create>[0]): typeof context {
  const ran: Ran[] = [];
  const get = (name: string): AnyToolSpec | undefined => {
    const spec = context.registry.get(name);
    if (spec === undefined) return undefined;
    return {
      ...spec,
      execute: (args: unknown, ctx: ToolContext) => {
        ran.push({ spec, args, key: ctx.idempotencyKey });
        return spec.execute(args as never, ctx);
      },
    };
  };
  const adapted = { ...context, registry: { ...context.registry, get, list: () => context.registry.list() } };
  ranOf.set(adapted, ran);
  return adapted;
}

const fresh = (idempotencyKey: string) => ({ idempotencyKey, signal: new AbortController().signal });
