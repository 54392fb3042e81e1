/** The loop page's tables: the transitions so far, the fault schedule's draws, the state mapping. */
import { byId } from "./dom.js";
import type { Machine, Transition } from "./machine.js";
import { PHASES, PHASE_LABELS, PHASE_OF_FACT, STATUSES_OF_PHASE } from "./phases.js";

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
