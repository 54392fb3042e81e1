/** The loop page's lists and tables: a turn's calls, the transitions so far, the fault draws, the state mapping. */
import { byId } from "./dom.js";
import type { LoopKey, Translate } from "./i18n/index.js";
import type { Machine, Transition } from "./machine.js";
import { PHASES, PHASE_OF_FACT, STATUSES_OF_PHASE } from "./phases.js";
import { phaseLabel, type View } from "./view.js";

/** A code (tool, key, status, fact): shown as written in every language. */
function code(value: string): HTMLElement {
  const element = document.createElement("code");
  element.textContent = value;
  return element;
}

/** The calls of a multi-call turn, each with where it stands; hidden for a turn with one call. */
export function renderBatch(batch: View["batch"], t: Translate<LoopKey>): void {
  const list = byId("batch", HTMLUListElement);
  byId("batch-panel", HTMLElement).hidden = batch === null;
  list.replaceChildren(
    ...(batch ?? []).map((call) => {
      const item = document.createElement("li");
      item.dataset.callId = call.call_id;
      item.dataset.phase = call.phase;
      const tool = call.tool === null ? document.createTextNode(t("loop.rejected")) : code(call.tool);
      item.append(code(call.call_id), ": ", tool, " · ", code(call.phase));
      if (call.idempotency_key !== null) item.append(" · ", code(call.idempotency_key));
      return item;
    }),
  );
}

/** A cell; `asCode` marks a value that stays as written in every language. */
function cell(row: HTMLTableRowElement, value: string, options: { asCode?: boolean; className?: string } = {}): void {
  const td = row.insertCell();
  td.textContent = value;
  if (options.asCode === true) td.translate = false;
  if (options.className !== undefined) td.className = options.className;
}

export function renderTransitions(transitions: readonly Transition[], t: Translate<LoopKey>): void {
  const body = byId("transitions", HTMLTableSectionElement);
  body.replaceChildren();
  for (const tr of transitions) {
    const row = body.insertRow();
    row.dataset.n = String(tr.n);
    cell(row, String(tr.n));
    cell(row, tr.event, { asCode: true });
    cell(row, tr.effect ?? "—", { asCode: true });
    if (tr.ignored === null) cell(row, tr.trace.map((e) => e.type).join(", "), { asCode: true });
    else cell(row, t("transitions.ignored", { reason: tr.ignored }));
    cell(row, tr.path.map((p) => phaseLabel(t, p)).join(" → "));
    cell(row, tr.status ?? "none", { asCode: true });
  }
  scrollToEnd(body);
}

/** Keeps the newest row in view (an instant jump, never an animated scroll). */
function scrollToEnd(body: HTMLElement): void {
  const scroller = body.closest<HTMLElement>(".scroll");
  if (scroller !== null) scroller.scrollTop = scroller.scrollHeight;
}

export function renderDraws(machine: Machine, t: Translate<LoopKey>): void {
  byId("schedule-seed", HTMLElement).textContent = String(machine.settings.seed);
  byId("schedule-rate", HTMLElement).textContent = `${machine.settings.failureRatePercent}%`;
  const body = byId("draws", HTMLTableSectionElement);
  body.replaceChildren();
  for (const d of machine.schedule.draws) {
    const row = body.insertRow();
    cell(row, String(d.call));
    cell(row, d.tool, { asCode: true });
    cell(row, d.draw.toFixed(4));
    cell(row, t(d.fault ? "schedule.fault" : "schedule.ok"), d.fault ? { className: "fault" } : {});
  }
  scrollToEnd(body);
}

export function renderMapping(t: Translate<LoopKey>): void {
  const body = byId("mapping", HTMLTableSectionElement);
  body.replaceChildren();
  for (const phase of PHASES) {
    const facts = Object.entries(PHASE_OF_FACT)
      .filter(([, p]) => p === phase)
      .map(([type]) => type);
    const row = body.insertRow();
    cell(row, phaseLabel(t, phase));
    if (phase === "idle") {
      cell(row, t("mapping.noState"));
      cell(row, t("mapping.beforeStart"));
    } else {
      cell(row, STATUSES_OF_PHASE[phase].join(", "), { asCode: true });
      cell(row, facts.join(", "), { asCode: true });
    }
  }
}
