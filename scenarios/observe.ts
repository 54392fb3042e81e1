/** A general observation for fault columns: what landed, what every action met, and the run's fingerprint. */
import type { Message } from "../handwritten/contract/index.js";
import { fingerprint, type RunRecord } from "./scenario.js";

export function observeRun(record: RunRecord) {
  const tool = record.final.messages.filter((m): m is Extract<Message, { role: "tool" }> => m.role === "tool");
  const codeOf = (content: unknown) =>
    content !== null && typeof content === "object" && "code" in content
      ? String((content as { code: unknown }).code)
      : null;
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
