/** A general observation for fault columns: what landed, what every action met, and the run's fingerprint. */
import { messagesOf, type ToolMessage } from "../contract/index.js";
import { fingerprint, type RunRecord } from "./scenario.js";

/** The reason code a tool message's content carries (a refusal's), or null. */
export const codeOf = (content: unknown) =>
  content !== null && typeof content === "object" && "code" in content
    ? String((content as { code: unknown }).code)
    : null;

/** The tool messages of a run's final state, in order. */
export const toolMessagesOf = (record: RunRecord): ToolMessage[] =>
  messagesOf(record.final).filter((m): m is ToolMessage => m.role === "tool");

export function observeRun(record: RunRecord) {
  const tool = toolMessagesOf(record);
  return {
    after_each_action: record.snapshots.map((s) => ({
      action: s.action,
      status: s.state?.status ?? null,
      crashed: s.crashed,
      refused: s.refused,
      side_effects: s.side_effects,
      executor_calls: s.executor_calls,
      ledger: s.ledger,
    })),
    tool_messages: tool.map((m) => ({ tool: m.tool, status: m.status, code: codeOf(m.content) })),
    approval_refusals: record.trace.filter((e) => e.type === "approval_refused").map((e) => e.reason),
    uncertain_reasons: record.trace.filter((e) => e.type === "tool_uncertain").map((e) => e.reason),
    side_effects: record.env.world.data.effects,
    executor_calls: record.env.world.data.calls,
    ...fingerprint(record),
  };
}

export type RunObservation = ReturnType<typeof observeRun>;

type Counts = RunObservation["side_effects"];
const sum = (counts: Counts, tool?: string) =>
  Object.entries(counts)
    .filter(([name]) => tool === undefined || name === tool)
    .flatMap(([, byKey]) => Object.values(byKey))
    .reduce((a, b) => a + b, 0);

/** Small readers the columns' expectations are written with. */
export const read = {
  effects: (o: RunObservation, tool?: string) => sum(o.side_effects, tool),
  calls: (o: RunObservation, tool?: string) => sum(o.executor_calls, tool),
  /** The most side effects any one idempotency key produced. */
  maxEffectsPerKey: (o: RunObservation) =>
    Math.max(0, ...Object.values(o.side_effects).flatMap((k) => Object.values(k))),
  keysCalled: (o: RunObservation) => Object.values(o.executor_calls).flatMap((k) => Object.keys(k)),
  traced: (o: RunObservation, type: string) => o.trace_types.filter((t) => t === type).length,
  codes: (o: RunObservation) => o.tool_messages.map((m) => m.code),
  after: (o: RunObservation, index: number) => {
    const snapshot = o.after_each_action[index];
    if (snapshot === undefined) throw new Error(`no action ${index}`);
    return snapshot;
  },
};
