/**
 * A thread's latest values read straight from its (sealed) saver, when LangGraph's `getState`
 * would hand back exactly the checkpoint's stored channels. `getState` also rebuilds every channel
 * and prepares the next tasks, which `state()` and `trace()` never look at: that was a quarter of
 * a fault schedule's time. Any checkpoint whose snapshot could differ from its stored values is
 * left to `getState`: pending writes to any channel (`getState` applies some of them to the
 * values), or a channel written but stored elsewhere than in `channel_values` (rebuilt from history).
 */
import type { CheckpointTuple } from "@langchain/langgraph";
import { AppendList } from "../../contract/index.js";
import { INTERRUPT } from "./langgraph.js";
import type { LangGraphAgentState } from "./state.js";

/**
 * Pending writes `getState` never applies to a channel: a node paused at `interrupt()` leaves
 * only this one, and an approval wait is when the state is read most.
 */
const NOT_APPLIED: ReadonlySet<string> = new Set([INTERRUPT, "__error__", "__scheduled__"]);

/** The harness's channels: `agent` is a last value, `trace` and `outcomes` lists with a reducer. */
const LISTS = ["trace", "outcomes"] as const;

export type Latest =
  | { readonly kind: "values"; readonly values: LangGraphAgentState | undefined }
  /** The snapshot may hold more than the stored channels: ask `getState`. */
  | { readonly kind: "ask_langgraph" };

export function latestOf(saved: CheckpointTuple | undefined): Latest {
  // No checkpoint: `getState` answers with empty values.
  if (saved === undefined) return { kind: "values", values: undefined };
  if (saved.pendingWrites?.some(([, channel]) => !NOT_APPLIED.has(channel)) === true) return { kind: "ask_langgraph" };
  const { channel_values: stored, channel_versions: versions } = saved.checkpoint;
  for (const list of LISTS) {
    const value = stored[list];
    if (value === undefined ? versions[list] !== undefined : !(Array.isArray(value) || value instanceof AppendList))
      return { kind: "ask_langgraph" };
  }
  return { kind: "values", values: harnessValues(stored as Partial<LangGraphAgentState>) };
}

/**
 * The harness's values in a thread's channels (stored, or a `getState` snapshot's), or undefined
 * when they hold no agent state (a thread never started). An absent list is its channel's default, [].
 */
export function harnessValues(channels: Partial<LangGraphAgentState> | undefined): LangGraphAgentState | undefined {
  return channels?.agent === undefined
    ? undefined
    : { agent: channels.agent, trace: channels.trace ?? [], outcomes: channels.outcomes ?? [] };
}
