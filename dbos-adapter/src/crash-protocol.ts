/** What the DBOS crash test and its worker processes (crash-worker.ts) say to each other. */
import type { HardeningPiece } from "./pieces.js";

/** Points of a tool call every engine passes: around the effect, and the wait for a person. */
export const KILL_POINTS = ["before_effect", "after_effect", "waiting_approval"] as const;
/** Points only an engine that writes the contract's intent checkpoint passes: around that write. */
export const INTENT_KILL_POINTS = ["before_intent", "after_intent"] as const;
/**
 * At the planner's first turn, inside the start's work step (the contract's first checkpoint committed): the raw goal was only in the
 * dead process's memory (dbos_hardened never makes it a workflow input), so the recovery has to do without it.
 */
export const START_KILL_POINTS = ["after_start"] as const;
export type KillPoint =
  (typeof KILL_POINTS)[number] | (typeof INTENT_KILL_POINTS)[number] | (typeof START_KILL_POINTS)[number];
export type WorkerRequest = {
  readonly engine: "dbos_native" | "dbos_hardened";
  readonly url: string;
  readonly scope: string;
  readonly key: string;
  /** `first` starts the session (and approves its call); `recover` continues it in a new process. */
  readonly role: "first" | "recover";
  readonly point: KillPoint;
  /** Pieces of the hardened layer switched off (the ablation's proof that a piece holds the line). */
  readonly disable?: readonly HardeningPiece[];
};
export type WorkerReport = {
  readonly status: string | null;
  /** The engine's refusal code when the recovering call was refused. */
  readonly refused: string | null;
  /**
   * What DBOS recorded as the hardened workflow's answer to the operation the first worker died in (its work
   * step `1:approval`, or `0:start` at after_start, re-run by the recovery): a refusal code or the state's
   * status; null for dbos_native.
   */
  readonly recovered: string | null;
  readonly effects: number;
  readonly calls: number;
};
export const REPORT_PREFIX = "DBOS-WORKER ";
export const SESSION = "crash-session";
