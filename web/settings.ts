/**
 * What one run of the loop page is: its settings (turns allowed, seeded failure rate, seed, an
 * injected fault), the FixtureModel's script and the goal. The machine and the test reference
 * both build their runs from here.
 */
import { assertNever } from "../contract/index.js";
import { finalAnswer, toolCall, toolCalls, type Fault } from "../handwritten/fixtures/index.js";

export type Settings = {
  /** Planner turns allowed (the contract's `max_steps`). */
  readonly maxSteps: number;
  /** Percent of executor calls that get a transient fault. */
  readonly failureRatePercent: number;
  /** Seed of the fault schedule (an unsigned 32-bit integer). */
  readonly seed: number;
  /** A fault injected once, on top of the seeded transient ones. */
  readonly fault: LoopFault;
  /** `parallel`: the first turn carries several calls at once (one Execute step runs them together). */
  readonly turns: LoopTurns;
};

export const LOOP_TURNS = ["single", "parallel"] as const;
export type LoopTurns = (typeof LOOP_TURNS)[number];

export function isLoopTurns(value: unknown): value is LoopTurns {
  return typeof value === "string" && (LOOP_TURNS as readonly string[]).includes(value);
}

/**
 * `timeout_after_dispatch`: the high-risk publish lands, then never answers. The ledger holds the
 * key as dispatched, so nobody can know whether it ran: the run stops in `reconcile_required`.
 */
export const LOOP_FAULTS = ["none", "timeout_after_dispatch"] as const;
export type LoopFault = (typeof LOOP_FAULTS)[number];

export function faultsOf(fault: LoopFault): readonly Fault[] {
  switch (fault) {
    case "none":
      return [];
    case "timeout_after_dispatch":
      return [{ tool: "publish_report", kind: "timeout_after_effect", times: 1 }];
    default:
      return assertNever(fault);
  }
}

export function isLoopFault(value: unknown): value is LoopFault {
  return typeof value === "string" && (LOOP_FAULTS as readonly string[]).includes(value);
}

export const DEFAULT_SETTINGS: Settings = Object.freeze({
  maxSteps: 8,
  failureRatePercent: 20,
  seed: 13,
  fault: "none",
  turns: "single",
});
export const MAX_STEPS_RANGE = { min: 1, max: 20 } as const;

export const SESSION_ID = "web-demo";
export const GOAL = "Fit weekly signups against spend and publish the report to the team.";

/** The FixtureModel's script: a small research workflow touching every runnable risk class. */
export const SCRIPT: readonly string[] = Object.freeze([
  toolCall("read_table", { table: "sales", limit: 8 }),
  toolCall("run_regression", { table: "sales", x: "spend", y: "signups" }),
  toolCall("save_artifact", { name: "signups_vs_spend", content: "signups rise about 0.3 per unit of spend" }),
  toolCall("publish_report", { artifact: "art_signups_vs_spend", audience: "team" }),
  finalAnswer("Published the signups-vs-spend report to the team."),
]);

/** The same work with its first turn as one multi-call turn: the read, the fit and the save at once. */
export const PARALLEL_SCRIPT: readonly string[] = Object.freeze([
  toolCalls([
    { id: "read", tool: "read_table", args: { table: "sales", limit: 8 } },
    { id: "fit", tool: "run_regression", args: { table: "sales", x: "spend", y: "signups" } },
    {
      id: "save",
      tool: "save_artifact",
      args: { name: "signups_vs_spend", content: "signups rise about 0.3 per unit of spend" },
    },
  ]),
  toolCall("publish_report", { artifact: "art_signups_vs_spend", audience: "team" }),
  finalAnswer("Published the signups-vs-spend report to the team."),
]);

export const scriptOf = (turns: LoopTurns): readonly string[] => (turns === "parallel" ? PARALLEL_SCRIPT : SCRIPT);

/** The id seed of the run (approval nonces); it follows the page's seed, so a seed reproduces the whole run. */
export const idSeedOf = (seed: number) => `web-${seed}`;
