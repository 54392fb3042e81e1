/** The loop page's lists and tables: a turn's calls, the transitions so far, the fault draws, the state mapping. */
import { byId } from "./dom.js";
import type { Machine, Transition } from "./machine.js";
import { PHASES, PHASE_LABELS, PHASE_OF_FACT, STATUSES_OF_PHASE } from "./phases.js";
import type { View } from "./view.js";

/** The calls of a multi-call turn, each with where it stands; hidden for a turn with one call. */
export function renderBatch(batch: View["batch"]): void {
  const list = byId("batch", HTMLUListElement);
  byId("batch-panel", HTMLElement).hidden = batch === null;
  list.replaceChildren(
    ...(batch ?? []).map((call) => {
      const item = document.createElement("li");
      item.dataset.callId = call.call_id;
      item.dataset.phase = call.phase;
      const key = call.idempotency_key === null ? "" : ` · ${call.idempotency_key}`;
      item.textContent = `${call.call_id}: ${call.tool ?? "(rejected)"} · ${call.phase}${key}`;
      return item;
    }),
  );
}

function cell(row: HTMLTableRowElement, value: string, className?: string): void {
  const td = row.insertCell();
  td.textContent = value;
  if (className !== undefined) td.className = className;
}

export function renderTransitions(transitions: readonly Transition[]): void {
  const body = byId("transitions", HTMLTableSectionElement);
  body.replaceChildren();
  for (const t of transitions) {
    const row = body.insertRow();
    row.dataset.n = String(t.n);
    cell(row, String(t.n));
    cell(row, t.event);
    cell(row, t.effect ?? "—");
    cell(row, t.ignored === null ? t.trace.map((e) => e.type).join(", ") : `ignored: ${t.ignored}`);
    cell(row, t.path.map((p) => PHASE_LABELS[p]).join(" → "));
    cell(row, t.status ?? "none");
  }
  scrollToEnd(body);
}

/** Keeps the newest row in view (an instant jump, never an animated scroll). */
function scrollToEnd(body: HTMLElement): void {
  const scroller = body.closest<HTMLElement>(".scroll");
  if (scroller !== null) scroller.scrollTop = scroller.scrollHeight;
}

export function renderDraws(machine: Machine): void {
  byId("schedule-seed", HTMLElement).textContent = String(machine.settings.seed);
  byId("schedule-rate", HTMLElement).textContent = `${machine.settings.failureRatePercent}%`;
  const body = byId("draws", HTMLTableSectionElement);
  body.replaceChildren();
  for (const d of machine.schedule.draws) {
    const row = body.insertRow();
    cell(row, String(d.call));
    cell(row, d.tool);
    cell(row, d.draw.toFixed(4));
    cell(row, d.fault ? "transient fault" : "ok", d.fault ? "fault" : undefined);
  }
  scrollToEnd(body);
}

export function renderMapping(): void {
  const body = byId("mapping", HTMLTableSectionElement);
  for (const phase of PHASES) {
    const facts = Object.entries(PHASE_OF_FACT)
      .filter(([, p]) => p === phase)
      .map(([type]) => type);
    const row = body.insertRow();
    cell(row, PHASE_LABELS[phase]);
    cell(row, phase === "idle" ? "no state yet" : STATUSES_OF_PHASE[phase].join(", "));
    cell(row, phase === "idle" ? "before run/started" : facts.join(", "));
  }
}
