/**
 * What the bug-report engines share: a contract engine with one operation replaced, so each module reproduces
 * exactly its report's defect and nothing else, and the pending call's approval as the framework would give it.
 */
import { approvePending, err, type AgentState, type ApprovalInput } from "../../../../contract/index.js";
import type { Engine, EngineContext, EngineFactory, EngineResult } from "../../../../scenarios/index.js";

/** The operations a bug replaces, each handed the contract engine it wraps and the context it was built over. */
export type Patch = (inner: Engine<string>, context: EngineContext) => Partial<Omit<Engine<string>, "id">>;

export function bugEngine<Id extends string>(
  id: Id,
  base: EngineFactory<string>,
  patch: Patch,
  adapt: (context: EngineContext) => EngineContext = (c) => c,
): EngineFactory<Id> {
  return {
    id,
    version: "bug-report",
    shape: async () => null,
    create: (context) => {
      const adapted = adapt(context);
      const inner = base.create(adapted);
      return { ...inner, ...patch(inner, adapted), id };
    },
  };
}

/** The approval the framework itself would give the call now pending: signed for exactly that call. */
export async function approveWhatIsPending(
  inner: Engine<string>,
  context: EngineContext,
  session: string,
): Promise<EngineResult> {
  const state = await inner.state(session);
  const pending = state.ok ? state.value?.pending_approval : null;
  if (pending === null || pending === undefined) return err({ code: "approval_not_pending", message: "nothing waits" });
  const token = approvePending(pending, session, context.secret, context.clock.now());
  return inner.submitApproval(session, { kind: "token", token } satisfies ApprovalInput);
}

/** The nonces of the calls of the current turn still waiting for a person. */
export function waitingNonces(state: AgentState | undefined): readonly string[] {
  if (state === undefined || !("batch" in state) || state.batch === undefined) return [];
  return state.batch.calls.flatMap((c) => (c.phase.kind === "awaiting_approval" ? [c.phase.nonce] : []));
}

const kindOf = (input: unknown) =>
  typeof input === "object" && input !== null ? (input as { kind?: unknown }).kind : undefined;
export const isToken = (input: unknown): input is { readonly kind: "token"; readonly token: string } =>
  kindOf(input) === "token";
export const isDecline = (input: unknown) => kindOf(input) === "decline";
