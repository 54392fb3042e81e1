/** The LangGraph adapter's cost over bare LangGraph per graph step, at every session length of session_length. */
import { ANCHOR_ID, type SessionLengthSection, type SessionPoint } from "./session-length.js";
import { ratio } from "./stats.js";

export type AdapterOverheadPoint = {
  readonly calls: number;
  readonly adapter_us_per_graph_step: number;
  readonly bare_us_per_graph_step: number;
  readonly ratio: number;
};

export type AdapterOverheadSection = {
  readonly definition: string;
  readonly points: readonly AdapterOverheadPoint[];
};

export const ADAPTER_OVERHEAD_DEFINITION =
  "LangGraph adapter ÷ bare LangGraph per committed graph step, same four-node shape, same agent and trace channels, the same MemorySaver (the engine's own, memorySaver()) and seeded history, at each session length of session_length (medians of us_per_graph_step); the goal reads the worst length.";

export const points = (s: SessionLengthSection, id: keyof SessionLengthSection["engines"]): readonly SessionPoint[] => {
  const e = s.engines[id];
  return e.status === "measured" ? e.points : [];
};

export function adapterOverheadOf(s: SessionLengthSection): AdapterOverheadSection {
  const bare = points(s, ANCHOR_ID);
  const out: AdapterOverheadPoint[] = [];
  for (const p of points(s, "langgraph")) {
    const b = bare.find((x) => x.calls === p.calls)?.us_per_graph_step?.median;
    const a = p.us_per_graph_step?.median;
    if (a === undefined || b === undefined) continue;
    out.push({ calls: p.calls, adapter_us_per_graph_step: a, bare_us_per_graph_step: b, ratio: ratio(a, b) });
  }
  return { definition: ADAPTER_OVERHEAD_DEFINITION, points: out };
}
