/** What the crash tests and their child processes say to each other (one JSON line each, on stdout). */
import { finalAnswer, toolCall } from "../../handwritten/fixtures/index.js";
import type { SqlSpec } from "../../durable/index.js";
import type { EngineId } from "../../engines/index.js";

export const LINE_PREFIX = "@@crash-child ";

/**
 * Where a child stops and waits for SIGKILL:
 * - `after_intent`: the checkpoint holding the intent (status `executing`) is on disk; the tool was not called.
 * - `after_effect`: the tool returned; its effect is on disk in the world; the ledger has no outcome.
 * - `before_outcome`: the ledger is about to record the outcome (`complete`), and has not.
 * - `after_outcome`: the ledger recorded the outcome; the checkpoint after `execute` was not written.
 * - `awaiting_approval`: the run stopped in `approval_required` and waits for a person.
 */
export const KILL_POINTS = [
  "after_intent",
  "after_effect",
  "before_outcome",
  "after_outcome",
  "awaiting_approval",
] as const;
export type KillPoint = (typeof KILL_POINTS)[number];

export const SCENARIOS = {
  /** An idempotent write under its derived key. */
  save: {
    tool: "save_artifact",
    script: [toolCall("save_artifact", { name: "summary", content: "signups grow 3 a week" }), finalAnswer("saved")],
  },
  /** A high-risk publish that needs an approval. */
  publish: {
    tool: "publish_report",
    script: [toolCall("publish_report", { artifact: "art_weekly", audience: "team" }), finalAnswer("published")],
  },
  /** An idempotent write under a caller-supplied key, run by two processes at once. */
  shared_key: {
    tool: "save_artifact",
    script: [
      toolCall("save_artifact", { name: "summary", content: "signups grow 3 a week" }, "shared-key-001"),
      finalAnswer("saved"),
    ],
  },
} as const;
export type ScenarioId = keyof typeof SCENARIOS;

/**
 * A deliberate bug for the negative control: `forget_dispatched` drops the ledger's dispatched
 * mark, which is what stops a resumed run from calling a high-risk tool a second time.
 */
export type Sabotage = "forget_dispatched";

type Common = {
  readonly engine: EngineId;
  /** Scratch space of the case (barrier files, LangGraph's SQLite file beside a SQLite store). */
  readonly dir: string;
  /** Where the contract's stores and the world live; `scope` keeps cases on one Postgres server apart. */
  readonly store: SqlSpec;
  readonly scope: string;
  readonly session: string;
  readonly scenario: ScenarioId;
  readonly sabotage?: Sabotage;
};

export type ChildRequest =
  /** Starts the session; approves the pending call in this process when `approve`; stops at `kill`. */
  | (Common & { readonly mode: "run"; readonly kill: KillPoint | null; readonly approve: boolean })
  /** A new process: approves a pending call if there is one, else resumes from the latest checkpoint. */
  | (Common & { readonly mode: "resume" })
  /** Another new process: replays old approval tokens, resumes again, and confirms an uncertain outcome. */
  | (Common & { readonly mode: "aftermath"; readonly tokens: readonly string[] })
  /**
   * Starts the session over a directory another process shares. With a `barrier`, the call stops
   * just before the ledger's `begin` until the parent creates `<barrier>/go` (once both processes
   * are there), so both begin the same key at the same moment.
   */
  | (Common & { readonly mode: "concurrent"; readonly barrier: string | null; readonly latencyMs: number });

export type ToolMessageView = { readonly status: string; readonly key: string | null; readonly code: string | null };

export type RunView = {
  readonly status: string;
  readonly trace_types: readonly string[];
  readonly tool_messages: readonly ToolMessageView[];
  readonly intent_key: string | null;
};

export type ChildLine =
  /** At the barrier before `begin`. */
  | { readonly type: "at_begin" }
  | { readonly type: "token"; readonly token: string }
  | { readonly type: "kill_point"; readonly point: KillPoint }
  | { readonly type: "state"; readonly label: string; readonly view: RunView }
  /** An approval token was refused: the engine's usage code, or the contract's approval failure code. */
  | { readonly type: "token_refused"; readonly code: string }
  | { readonly type: "token_accepted"; readonly view: RunView }
  | { readonly type: "done"; readonly view: RunView };
