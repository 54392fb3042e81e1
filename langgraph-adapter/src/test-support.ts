/**
 * Shared by the adapter's tests: scenarios beyond the four required columns (approval,
 * refusal, crashes after a side effect), written as scenario data so every engine plays the
 * very same script, and a way to watch which nodes LangGraph enters.
 */
import { approvePending, canonicalJson, messagesOf, type AgentStatus, type JsonValue } from "../../contract/index.js";
import { finalAnswer, toolCall } from "../../handwritten/fixtures/index.js";
import type { EngineFactory } from "../../runtime/api.js";
import { fingerprint, runScenario, SESSION_ID, type RunRecord, type Scenario } from "../../scenarios/scenario.js";
import type { AgentNode } from "../../local-graph/agent/nodes.js";
import { createLangGraphEngine } from "./engine.js";

const PUBLISH = toolCall("publish_report", { artifact: "art_weekly", audience: "team" });
const SAVE = toolCall("save_artifact", { name: "summary", content: "signups grow 3 a week" }, "write-003");

/** Every action's world counts and status, and the run's fingerprint: enough to see any divergence. */
function observeRun(record: RunRecord): JsonValue {
  return {
    per_action: record.snapshots.map((s) => ({
      action: s.action,
      crashed: s.crashed,
      status: s.state?.status ?? null,
      side_effects: s.side_effects,
      executor_calls: s.executor_calls,
    })),
    effects: record.env.world.data.effects,
    calls: record.env.world.data.calls,
    reports: record.env.world.data.reports.length,
    ledger: Object.fromEntries(
      Object.values(record.env.world.data.calls)
        .flatMap((byKey) => Object.keys(byKey))
        .map((key) => [key, record.env.ledger.get(key)?.state ?? null]),
    ),
    messages: messagesOf(record.final).map((m) => ({ role: m.role, status: m.role === "tool" ? m.status : null })),
    ...fingerprint(record),
  };
}

export const approvedPublish: Scenario = {
  name: "approved_publish",
  summary: "A high-risk call waits for a person, is approved with a bound token, and runs once.",
  goal: "publish the report",
  options: { script: [PUBLISH, finalAnswer("published")] },
  actions: [{ kind: "start" }, { kind: "approve" }],
  observe: observeRun,
};

export const declinedPublish: Scenario = {
  name: "declined_publish",
  summary: "A high-risk call waits for a person, who declines: nothing is published.",
  goal: "publish the report",
  options: { script: [PUBLISH, finalAnswer("not published")] },
  actions: [{ kind: "start" }, { kind: "decline" }],
  observe: observeRun,
};

export const crashAfterSave: Scenario = {
  name: "crash_after_save",
  summary:
    "The process dies after an idempotent write landed; the new process writes again under the same key, which lands nothing new.",
  goal: "save the summary despite a crash",
  options: {
    script: [SAVE, finalAnswer("saved")],
    faults: [{ tool: "save_artifact", kind: "crash_after_effect", times: 1 }],
  },
  actions: [{ kind: "start" }, { kind: "restart_and_resume" }],
  observe: observeRun,
};

export const crashAfterPublish: Scenario = {
  name: "crash_after_publish",
  summary:
    "The process dies after an approved publish landed; the new process stops in reconcile_required and a named operator confirms.",
  goal: "publish the report despite a crash",
  options: {
    script: [PUBLISH, finalAnswer("published")],
    faults: [{ tool: "publish_report", kind: "crash_after_effect", times: 1 }],
  },
  actions: [
    { kind: "start" },
    { kind: "approve" },
    { kind: "restart_and_resume" },
    { kind: "reconcile", operator: "operator-7" },
  ],
  observe: observeRun,
};

export const restartWhileWaiting: Scenario = {
  name: "restart_while_waiting",
  summary:
    "The process restarts while a call waits for approval: it waits again, and the approval given afterwards runs the call once.",
  goal: "publish the report",
  options: { script: [PUBLISH, finalAnswer("published")] },
  actions: [{ kind: "start" }, { kind: "restart_and_resume" }, { kind: "approve" }],
  observe: observeRun,
};

export const rejectedThenApproved: Scenario = {
  name: "rejected_then_approved",
  summary:
    "A tampered token is rejected and the call keeps waiting (a new interrupt); the valid token then runs it once.",
  goal: "publish the report",
  options: { script: [PUBLISH, finalAnswer("published")] },
  actions: [
    { kind: "start" },
    {
      kind: "submit_token",
      token: (env, state) => `${approvePending(state.pending_approval!, SESSION_ID, env.secret, env.clock.now())}x`,
    },
    { kind: "approve" },
  ],
  observe: observeRun,
};

export const EXTRA_SCENARIOS: readonly Scenario[] = [
  approvedPublish,
  declinedPublish,
  crashAfterSave,
  crashAfterPublish,
  restartWhileWaiting,
  rejectedThenApproved,
];

export type NodeEntry = { readonly node: AgentNode; readonly status: AgentStatus };

/** The LangGraph factory, recording every node entry of every engine it creates (re-runs included). */
export function watchedLangGraphFactory(base: EngineFactory): { factory: EngineFactory; entries: NodeEntry[] } {
  const entries: NodeEntry[] = [];
  const factory: EngineFactory = {
    ...base,
    create: (env) => createLangGraphEngine(env, { onNodeEntry: (node, status) => entries.push({ node, status }) }),
  };
  return { factory, entries };
}

export const countEntries = (entries: readonly NodeEntry[], node: AgentNode, status?: AgentStatus) =>
  entries.filter((e) => e.node === node && (status === undefined || e.status === status)).length;

export async function observationOf(factory: EngineFactory, scenario: Scenario): Promise<string> {
  return canonicalJson((await runScenario(factory, scenario)).observation);
}
