/**
 * Scripted foreign engines for the verdict tests: the handwritten engine speaking none of the contract's words
 * (every status, reason code, trace event and refusal renamed), a variant whose ledger forgets what completed (a
 * write sent twice reaches the executor twice), and one that throws.
 */
import { messagesOf, type AgentState, type JsonValue, type TraceEvent } from "../../../contract/index.js";
import { handwrittenFactory, type Engine, type EngineFactory, type EngineResult } from "../../../scenarios/index.js";

/** A word of the contract, spoken otherwise. */
const foreign = (word: string) => `own:${word}`;

function renamedContent(content: JsonValue): JsonValue {
  if (content === null || typeof content !== "object" || Array.isArray(content)) return content;
  const record = content as { readonly [key: string]: JsonValue };
  const code = record["code"];
  return typeof code === "string" ? { ...record, code: foreign(code) } : content;
}

function renamedState(state: AgentState): AgentState {
  const messages = messagesOf(state).map((m) =>
    m.role === "tool" ? { ...m, status: foreign(m.status), content: renamedContent(m.content) } : m,
  );
  // The contract's types name its words: a state spoken otherwise is, by design, not one of them.
  return { ...state, status: foreign(state.status), messages } as unknown as AgentState;
}

const renamedEvent = (event: TraceEvent): TraceEvent =>
  ({
    ...event,
    type: foreign(event.type),
    ...("reason" in event && typeof event.reason === "string" ? { reason: foreign(event.reason) } : {}),
  }) as unknown as TraceEvent;

function renamedResult<T>(result: EngineResult<T>, state: (value: T) => T): EngineResult<T> {
  if (!result.ok) return { ok: false, error: { ...result.error, code: foreign(result.error.code) as never } };
  return { ok: true, value: state(result.value) };
}

const speakingOtherwise = <Id extends string>(id: Id, inner: Engine<string>): Engine<Id> => {
  const s = (r: EngineResult) => renamedResult(r, renamedState);
  return {
    ...inner,
    id,
    start: async (session, goal) => s(await inner.start(session, goal)),
    submitApproval: async (session, approval) => s(await inner.submitApproval(session, approval)),
    resume: async (session) => s(await inner.resume(session)),
    reconcileUncertain: async (session, outcome) => s(await inner.reconcileUncertain(session, outcome)),
    state: async (session) => renamedResult(await inner.state(session), (v) => (v === undefined ? v : renamedState(v))),
    trace: async (session) => (await inner.trace(session)).map(renamedEvent),
    ...(inner.rewindToApproval === undefined
      ? {}
      : { rewindToApproval: async (session: string) => s(await inner.rewindToApproval!(session)) }),
  };
};

export const renamedFactory: EngineFactory<"renamed"> = {
  id: "renamed",
  version: "test",
  shape: async () => null,
  create: (context) => speakingOtherwise("renamed", handwrittenFactory.create(context)),
};

/** As `renamedFactory`, with a ledger that forgets every completed call: the same write sent twice runs twice. */
export const forgetfulFactory: EngineFactory<"forgetful"> = {
  id: "forgetful",
  version: "test",
  shape: async () => null,
  create: (context) => {
    const { ledger } = context;
    const forgetting = Object.assign(Object.create(ledger) as typeof ledger, {
      complete: (key: string) => ledger.release(key),
    });
    return speakingOtherwise("forgetful", handwrittenFactory.create({ ...context, ledger: forgetting }));
  },
};

/** An engine whose every operation throws. */
export const throwingFactory: EngineFactory<"throwing"> = {
  id: "throwing",
  version: "test",
  shape: async () => null,
  create: (context) => {
    const inner = handwrittenFactory.create(context);
    const boom = async (): Promise<never> => {
      throw new Error("boom: the engine broke");
    };
    return { ...inner, id: "throwing", start: boom, resume: boom, submitApproval: boom };
  },
};
