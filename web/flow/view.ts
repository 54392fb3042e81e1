/** What the MCP flow page shows, derived from the flow alone (pure, so it is unit-tested in Node). */
import type { JSONRPCMessage } from "@modelcontextprotocol/server";
import type { PendingApproval } from "../../contract/index.js";
import type { Discovered, Flow, FlowEntry, FlowNext } from "./flow.js";
import { FLOW_STEP_LABELS, FLOW_STEPS, pendingOfAnswer, statusOfAnswer, type FlowStep } from "./steps.js";

/** `waiting`: the current step waits for a person; `not_reached`: revealed, but the call stopped earlier. */
export type StepState = "done" | "current" | "waiting" | "not_reached" | "upcoming";

export type StepView = {
  readonly step: FlowStep;
  readonly label: string;
  readonly state: StepState;
  readonly entries: readonly FlowEntry[];
  readonly note: string | null;
};

/** The `CallToolResult` the host puts into the model's context. */
export type BackToContext = { readonly isError: boolean; readonly status: string; readonly text: string };

export type FlowView = {
  readonly steps: readonly StepView[];
  readonly next: FlowNext;
  readonly nextLabel: string;
  readonly canAdvance: boolean;
  readonly pending: PendingApproval | null;
  readonly backToContext: BackToContext | null;
  readonly discovered: Discovered | null;
  readonly world: { readonly executorCalls: number; readonly sideEffects: number };
  readonly announcement: string;
};

const NEXT_LABELS: Readonly<Record<FlowNext, string>> = {
  discover: "connect and discover: initialize, then tools/list (and resources/list, prompts/list when offered)",
  propose: "send the model's proposed call as tools/call",
  schema: "show the schema gate's decision",
  policy: "show the policy decision",
  await_person: "waiting for a person: approve or decline the high-risk call",
  result: "show the execution and what goes back to the model's context",
  finished: "the flow has ended: pick a call or restart",
};

export function flowView(flow: Flow): FlowView {
  const entries = flow.entries();
  const cursor = flow.cursor();
  const next = flow.next();
  const reached = cursor === null ? -1 : FLOW_STEPS.indexOf(cursor);
  const declined = entries.some((e) => e.kind === "person" && e.decision === "declined");
  const answers = entries.filter((e) => e.kind === "wire" && statusOfAnswer(e.message) !== null);
  const last = answers.at(-1);
  const steps = FLOW_STEPS.map((step, index): StepView => {
    const mine = index <= reached ? entries.filter((e) => e.step === step) : [];
    const state: StepState =
      index > reached
        ? "upcoming"
        : mine.length === 0
          ? "not_reached"
          : step !== cursor
            ? "done"
            : next === "await_person"
              ? "waiting"
              : "current";
    return { step, label: FLOW_STEP_LABELS[step], state, entries: mine, note: noteOf(step, state, declined) };
  });
  const backToContext = cursor === "result" && last?.kind === "wire" ? contextOf(last.message) : null;
  const view = {
    steps,
    next,
    nextLabel: NEXT_LABELS[next],
    canAdvance: next !== "await_person" && next !== "finished",
    pending: next === "await_person" && last?.kind === "wire" ? pendingOfAnswer(last.message) : null,
    backToContext,
    discovered: flow.discovered(),
    world: { executorCalls: flow.world.totalCalls(), sideEffects: flow.world.totalEffects() },
  };
  return { ...view, announcement: announce(steps, view.nextLabel, backToContext) };
}

function noteOf(step: FlowStep, state: StepState, declined: boolean): string | null {
  if (state !== "not_reached") return null;
  if (step === "result" && declined)
    return "Not executed: the person declined. The host sends nothing more; the approval_required answer goes back to context as the call's error.";
  return "Not reached: the call stopped at an earlier step.";
}

function contextOf(message: JSONRPCMessage): BackToContext | null {
  if (!("result" in message)) return null;
  const result = message.result as { isError?: boolean; content?: readonly { type: string; text?: string }[] };
  const text = (result.content ?? []).map((block) => (block.type === "text" ? (block.text ?? "") : `[${block.type}]`));
  return { isError: result.isError === true, status: statusOfAnswer(message) ?? "", text: text.join("\n") };
}

function announce(steps: readonly StepView[], nextLabel: string, back: BackToContext | null): string {
  const shown = steps.filter((s) => s.state !== "upcoming").at(-1);
  if (shown === undefined) return `Nothing sent yet. Next: ${nextLabel}.`;
  const wire = shown.entries.filter((e) => e.kind === "wire").length;
  const facts = shown.entries.filter((e) => e.kind === "fact").length;
  const head = `${shown.label}: ${wire} JSON-RPC message${wire === 1 ? "" : "s"}, ${facts} audit fact${facts === 1 ? "" : "s"}.`;
  const result = back === null ? "" : ` Back to context: status ${back.status}${back.isError ? ", as an error" : ""}.`;
  return `${head}${result} Next: ${nextLabel}.`;
}
