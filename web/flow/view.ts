/** What the MCP flow page shows, derived from the flow alone (pure, so it is unit-tested in Node). */
import type { JSONRPCMessage } from "@modelcontextprotocol/server";
import type { PendingApproval } from "../../contract/index.js";
import { FLOW_CATALOGUES, translator, type FlowKey, type Locale, type Translate } from "../i18n/index.js";
import type { Discovered, Flow, FlowEntry, FlowNext } from "./flow.js";
import { FLOW_STEPS, pendingOfAnswer, statusOfAnswer, type FlowStep } from "./steps.js";

/** `waiting`: the current step waits for a person; `not_reached`: revealed, but the call stopped earlier. */
export type StepState = "done" | "current" | "waiting" | "not_reached" | "upcoming";

export type StepView = {
  readonly step: FlowStep;
  readonly label: string;
  /** The state in words, beside the label: `(done)`. */
  readonly stateLabel: string;
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

/** The flow page's messages in `locale`. */
export const flowText = (locale: Locale): Translate<FlowKey> => translator(FLOW_CATALOGUES, locale);

export function flowView(flow: Flow, locale: Locale): FlowView {
  const t = flowText(locale);
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
    const note = noteOf(step, state, declined);
    return {
      step,
      label: t(`step.${step}`),
      stateLabel: t(`state.${state}`),
      state,
      entries: mine,
      note: note === null ? null : t(note),
    };
  });
  const backToContext = cursor === "result" && last?.kind === "wire" ? contextOf(last.message) : null;
  const view = {
    steps,
    next,
    nextLabel: t(`next.${next}`),
    canAdvance: next !== "await_person" && next !== "finished",
    pending: next === "await_person" && last?.kind === "wire" ? pendingOfAnswer(last.message) : null,
    backToContext,
    discovered: flow.discovered(),
    world: { executorCalls: flow.world.totalCalls(), sideEffects: flow.world.totalEffects() },
  };
  return { ...view, announcement: announce(steps, view.nextLabel, backToContext, t) };
}

function noteOf(step: FlowStep, state: StepState, declined: boolean): FlowKey | null {
  if (state !== "not_reached") return null;
  return step === "result" && declined ? "note.declined" : "note.notReached";
}

function contextOf(message: JSONRPCMessage): BackToContext | null {
  if (!("result" in message)) return null;
  const result = message.result as { isError?: boolean; content?: readonly { type: string; text?: string }[] };
  const text = (result.content ?? []).map((block) => (block.type === "text" ? (block.text ?? "") : `[${block.type}]`));
  return { isError: result.isError === true, status: statusOfAnswer(message) ?? "", text: text.join("\n") };
}

function announce(
  steps: readonly StepView[],
  nextLabel: string,
  back: BackToContext | null,
  t: Translate<FlowKey>,
): string {
  const shown = steps.filter((s) => s.state !== "upcoming").at(-1);
  if (shown === undefined) return t("announce.nothing", { next: nextLabel });
  const wire = shown.entries.filter((e) => e.kind === "wire").length;
  const facts = shown.entries.filter((e) => e.kind === "fact").length;
  const parts = [t("announce.step", { label: shown.label, wire, facts })];
  if (back !== null) parts.push(t(back.isError ? "announce.backError" : "announce.back", { status: back.status }));
  parts.push(t("announce.next", { next: nextLabel }));
  return parts.join(" ");
}
