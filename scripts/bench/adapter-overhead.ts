/** The LangGraph adapter's cost over bare LangGraph per graph step, at every session length of session_length. */
import {
  ANCHOR_ID,
  type AdapterOverheadPoint,
  type AdapterOverheadSection,
  type SessionLengthSection,
  type SessionPoint,
} from "./sections.js";
import { round, summarize, type Summary } from "./stats.js";

export const ADAPTER_OVERHEAD_DEFINITION =
  "LangGraph adapter ÷ bare LangGraph per committed graph step, same four-node shape (the engine's nodes, edges and routers: a conditional edge on every node), same agent and trace channels, the same MemorySaver (the engine's own, memorySaver()) and seeded history, at each session length of session_length; the goal reads the worst length. The two are sampled side by side (session_length interleaves their samples, each pair in alternating order, a full collection before each sample), and ratio is the median of the pairs' ratios (paired_ratios, from the samples of us_per_graph_step in order): a change in the machine's load between pairs divides out, which a ratio of two medians taken at different moments does not. adapter_us_per_graph_step and bare_us_per_graph_step are each side's median.";

export const points = (s: SessionLengthSection, id: keyof SessionLengthSection["engines"]): readonly SessionPoint[] => {
  const e = s.engines[id];
  return e.status === "measured" ? e.points : [];
};

/** adapter ÷ bare per pair of samples: sample i of each side was taken beside the other's sample i. */
export function pairedRatios(adapter: Summary, bare: Summary): readonly number[] {
  if (adapter.samples.length !== bare.samples.length)
    throw new Error(
      `unpaired samples: ${adapter.samples.length} of the adapter, ${bare.samples.length} of bare LangGraph`,
    );
  return adapter.samples.map((a, i) => round(a / (bare.samples[i] ?? Number.NaN)));
}

export function adapterOverheadOf(s: SessionLengthSection): AdapterOverheadSection {
  const bare = points(s, ANCHOR_ID);
  const out: AdapterOverheadPoint[] = [];
  for (const p of points(s, "langgraph")) {
    const b = bare.find((x) => x.calls === p.calls)?.us_per_graph_step;
    const a = p.us_per_graph_step;
    if (a === null || b === null || b === undefined) continue;
    const paired_ratios = summarize(pairedRatios(a, b));
    out.push({
      calls: p.calls,
      adapter_us_per_graph_step: a.median,
      bare_us_per_graph_step: b.median,
      ratio: paired_ratios.median,
      paired_ratios,
    });
  }
  return { definition: ADAPTER_OVERHEAD_DEFINITION, points: out };
}

/** The session length where the adapter's overhead is largest: the one its goal is judged at (issue #27). */
export function worstAdapterPoint(section: AdapterOverheadSection): AdapterOverheadPoint | undefined {
  return section.points.reduce<AdapterOverheadPoint | undefined>(
    (worst, p) => (worst === undefined || p.ratio > worst.ratio ? p : worst),
    undefined,
  );
}
