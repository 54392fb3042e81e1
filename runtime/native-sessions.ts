/**
 * The sessions a native engine keeps the way its framework's app would, and what every native engine answers
 * alike over them: a session id runs once, an unknown one is refused, the view is read back, and a restored
 * client copy is the last interruption as it was. What drives the framework stays in each adapter.
 */
import { parseApprovalInput, type AgentState, type Clock } from "../contract/index.js";
import { EngineUsageError } from "./api.js";
import { viewOf, type Decision, type NativeSession, type Waiting } from "./native-view.js";

/** A session as it starts from its goal at `at`: nothing run, nothing waiting. */
export const freshSession = (goal: string, at: number): NativeSession => ({
  ...{ goal, started_at: at, updated_at: at, turns: [], results: new Map(), phase: "running", final: "" },
  ...{ waiting: [], decided: new Map(), minted: [], resume: null, interruption: null },
});

/** How one run of the framework ended: calls waiting for a person, with what to continue from, or an answer. */
export type RunEnd =
  { readonly waiting: readonly Waiting[]; readonly resume: string | null } | { readonly final: string };

/** What a framework throws when a run reaches its step limit (by name), and how its other errors are unwrapped. */
export type RunErrors = { readonly stepLimit: string; readonly unwrap: (error: unknown) => unknown };

export type NativeSessions = {
  /** A new session for `goal`, kept; `session_exists` when the id already ran. */
  open(session_id: string, goal: string): NativeSession;
  /** The session; `unknown_session` when there is none. */
  get(session_id: string): NativeSession;
  /** Its view, or undefined for an unknown session (an engine's `state`). */
  state(session_id: string): Promise<AgentState | undefined>;
  /**
   * The session put back at its last interruption as the client held it (a restored older copy), its answers
   * forgotten; `nothing_to_rewind` when there was none or one waits now. `none` says which: "interruption".
   */
  rewind(session_id: string, none: string): AgentState;
  /**
   * Runs the framework once for the session and keeps how it ended: each waiting call to be answered on its own,
   * the interruption as the client holds it, or the final answer; a run stopped at the step limit is step_limit.
   */
  run(session_id: string, s: NativeSession, work: () => Promise<RunEnd>, errors: RunErrors): Promise<AgentState>;
};

/** The sessions kept in `kept` (a slot of the engine's context, so a new process over it finds them). */
export function nativeSessions(kept: Map<string, NativeSession>, clock: Clock): NativeSessions {
  const get = (session_id: string): NativeSession => {
    const s = kept.get(session_id);
    if (s === undefined) throw new EngineUsageError("unknown_session", `no run for session ${session_id}`);
    return s;
  };
  return {
    open(session_id, goal) {
      if (kept.has(session_id)) throw new EngineUsageError("session_exists", `session ${session_id} already ran`);
      const s = freshSession(goal, clock.now());
      kept.set(session_id, s);
      return s;
    },
    get,
    state: async (session_id) => {
      const s = kept.get(session_id);
      return s === undefined ? undefined : viewOf(session_id, s);
    },
    rewind(session_id, none) {
      const s = get(session_id);
      const at = s.interruption;
      if (at === null || s.phase === "waiting") throw new EngineUsageError("nothing_to_rewind", `no earlier ${none}`);
      Object.assign(s, {
        ...{ turns: [...at.turns], results: new Map(at.results), waiting: at.waiting },
        ...{ decided: new Map(), resume: at.resume, phase: "waiting" },
      });
      return viewOf(session_id, s);
    },
    async run(session_id, s, work, errors) {
      s.phase = "running";
      try {
        const end = await work();
        s.decided = new Map();
        s.waiting = "final" in end ? [] : end.waiting;
        if ("final" in end) Object.assign(s, { phase: "done", final: end.final });
        else {
          Object.assign(s, { phase: "waiting", resume: end.resume });
          s.interruption = { turns: [...s.turns], results: new Map(s.results), waiting: end.waiting, resume: s.resume };
        }
      } catch (error) {
        if (error instanceof Error && error.name === errors.stepLimit) s.phase = "step_limit";
        else throw errors.unwrap(error);
      }
      s.updated_at = clock.now();
      return viewOf(session_id, s);
    },
  };
}

/**
 * A person's answer as a framework takes it, with no token to check: the call shown is approved unless declined.
 * Anything but an `ApprovalInput` is refused `approval_malformed`.
 */
export function decisionOf(input: unknown): Decision {
  const parsed = parseApprovalInput(input);
  if (!parsed.ok) throw new EngineUsageError("approval_malformed", parsed.error.message);
  return parsed.value.kind === "decline" ? "reject" : "approve";
}

/** What every native engine answers alike beside its sessions: no uncertain outcome, no audit trace, no graph. */
export const nativeAnswers = (sessions: NativeSessions, framework: string) => ({
  reconcileUncertain: async (): Promise<never> => {
    throw new EngineUsageError("not_reconcilable", `${framework} has no uncertain outcome to reconcile`);
  },
  state: sessions.state,
  // The framework's tracing is spans for a dashboard or an exporter, not the contract's audit trace: none to show.
  trace: async () => [],
  graphSteps: async () => null,
});
