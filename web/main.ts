/** The page: wires the controls to the machine and renders its view. All logic lives in machine.ts and view.ts. */
import { installHashing } from "../contract/index.js";
import { nobleHashing } from "./hashing.js";
import { byId } from "./dom.js";
import { renderBatch, renderDraws, renderMapping, renderTransitions } from "./tables.js";
import { createMachine, type Machine } from "./machine.js";
import { DEFAULT_SETTINGS, isLoopFault, isLoopTurns, MAX_STEPS_RANGE, type Settings } from "./settings.js";
import { isRatePercent, isSeed } from "./schedule.js";
import { viewOf } from "./view.js";

// The page has no node:crypto: the contract hashes with @noble/hashes here.
installHashing(nobleHashing);

const app = byId("app", HTMLElement);
const maxStepsInput = byId("max-steps", HTMLInputElement);
const rateInput = byId("failure-rate", HTMLInputElement);
const rateOutput = byId("failure-rate-value", HTMLOutputElement);
const seedInput = byId("seed", HTMLInputElement);
const faultSelect = byId("fault", HTMLSelectElement);
const turnsSelect = byId("turns", HTMLSelectElement);
const settingsError = byId("settings-error", HTMLElement);
const stepButton = byId("step", HTMLButtonElement);
const runButton = byId("run", HTMLButtonElement);
const resetButton = byId("reset", HTMLButtonElement);
const approveButton = byId("approve", HTMLButtonElement);
const rejectButton = byId("reject", HTMLButtonElement);
const confirmButton = byId("confirm-outcome", HTMLButtonElement);
const operatorInput = byId("operator", HTMLInputElement);
const reconcileError = byId("reconcile-error", HTMLElement);
const live = byId("live", HTMLElement);
const errorBox = byId("error", HTMLElement);

let machine: Machine = createMachine(initialSettings());
let busy = false;

/** Settings from the address (?max_steps=&rate=&seed=&fault=), so a run can be shared and reproduced. */
function initialSettings(): Settings {
  const query = new URLSearchParams(location.search);
  const fault = query.get("fault");
  const turns = query.get("turns");
  const pick = (name: string, fallback: number, valid: (n: number) => boolean) => {
    const raw = query.get(name);
    const value = raw === null || raw.trim() === "" ? Number.NaN : Number(raw);
    return valid(value) ? value : fallback;
  };
  const settings = {
    maxSteps: pick("max_steps", DEFAULT_SETTINGS.maxSteps, isMaxSteps),
    failureRatePercent: pick("rate", DEFAULT_SETTINGS.failureRatePercent, isRatePercent),
    seed: pick("seed", DEFAULT_SETTINGS.seed, isSeed),
    fault: isLoopFault(fault) ? fault : DEFAULT_SETTINGS.fault,
    turns: isLoopTurns(turns) ? turns : DEFAULT_SETTINGS.turns,
  };
  turnsSelect.value = settings.turns;
  faultSelect.value = settings.fault;
  maxStepsInput.value = String(settings.maxSteps);
  rateInput.value = String(settings.failureRatePercent);
  seedInput.value = String(settings.seed);
  return settings;
}

function isMaxSteps(value: number): boolean {
  return Number.isInteger(value) && value >= MAX_STEPS_RANGE.min && value <= MAX_STEPS_RANGE.max;
}

function readSettings(): Settings | string {
  const maxSteps = Number(maxStepsInput.value);
  const failureRatePercent = Number(rateInput.value);
  const seed = Number(seedInput.value);
  const invalid: string[] = [];
  maxStepsInput.setAttribute("aria-invalid", String(maxStepsInput.value === "" || !isMaxSteps(maxSteps)));
  seedInput.setAttribute("aria-invalid", String(seedInput.value === "" || !isSeed(seed)));
  if (maxStepsInput.value === "" || !isMaxSteps(maxSteps))
    invalid.push(`max_steps must be a whole number from ${MAX_STEPS_RANGE.min} to ${MAX_STEPS_RANGE.max}`);
  if (!isRatePercent(failureRatePercent)) invalid.push("the failure rate must be 0–100%");
  if (seedInput.value === "" || !isSeed(seed)) invalid.push("the seed must be a whole number from 0 to 4294967295");
  return invalid.length > 0
    ? `${invalid.join("; ")}. The current run keeps its settings.`
    : {
        maxSteps,
        failureRatePercent,
        seed,
        fault: isLoopFault(faultSelect.value) ? faultSelect.value : "none",
        turns: isLoopTurns(turnsSelect.value) ? turnsSelect.value : "single",
      };
}

function settingsChanged(): boolean {
  const settings = readSettings();
  if (typeof settings === "string") return false;
  const current = machine.settings;
  return (
    settings.maxSteps !== current.maxSteps ||
    settings.failureRatePercent !== current.failureRatePercent ||
    settings.seed !== current.seed ||
    settings.fault !== current.fault ||
    settings.turns !== current.turns
  );
}

function reset(reason: string): void {
  const settings = readSettings();
  rateOutput.value = `${rateInput.value}%`;
  rateInput.setAttribute("aria-valuetext", `${rateInput.value}%`);
  if (typeof settings === "string") {
    settingsError.textContent = settings;
    settingsError.hidden = false;
    return;
  }
  settingsError.hidden = true;
  machine = createMachine(settings);
  history.replaceState(
    null,
    "",
    `?max_steps=${settings.maxSteps}&rate=${settings.failureRatePercent}&seed=${settings.seed}&fault=${settings.fault}&turns=${settings.turns}`,
  );
  errorBox.hidden = true;
  render(`${reason} ${viewOf(machine).announcement}`.trim());
}

async function act(work: () => Promise<unknown>, after?: () => void): Promise<void> {
  if (busy) return;
  busy = true;
  app.dataset.busy = "true";
  try {
    await work();
    render();
  } catch (error) {
    errorBox.textContent = `The page failed: ${error instanceof Error ? error.message : String(error)}`;
    errorBox.hidden = false;
    render();
  } finally {
    busy = false;
    // A setting changed while a transition ran: start the new run now.
    if (settingsChanged()) reset("Settings changed, new run.");
    after?.();
    app.dataset.busy = "false";
  }
}

function setDisabled(button: HTMLButtonElement, disabled: boolean): void {
  // aria-disabled keeps the button focusable, so keyboard focus is not lost when a run ends.
  button.setAttribute("aria-disabled", String(disabled));
}

function render(announcement?: string): void {
  const view = viewOf(machine);
  app.dataset.phase = view.phase;
  app.dataset.status = view.status;
  document.querySelectorAll<HTMLElement>("li[data-phase]").forEach((item) => {
    if (item.dataset.phase === view.phase) item.setAttribute("aria-current", "step");
    else item.removeAttribute("aria-current");
  });
  text("phase", view.phaseLabel);
  text("counter", `step ${view.step} / ${view.maxSteps} · retry ${view.retries}/${view.maxRetries}`);
  text("status", view.status);
  text("checkpoint", view.checkpointHash ?? "—");
  text("idem-key", view.idempotencyKey ?? "—");
  text("idem-source", view.keySource === null ? "" : `(${view.keySource})`);
  text("outcome", view.outcome ?? "—");
  text("next", view.next);
  setDisabled(stepButton, !view.canStep);
  setDisabled(runButton, !view.canStep);

  const approval = byId("approval", HTMLElement);
  approval.hidden = view.pending === null;
  if (view.pending !== null) {
    text("pending-tool", view.pending.tool);
    text("pending-args", view.pending.args);
    text("pending-key", view.pending.idempotency_key);
    text("pending-digest", view.pending.args_digest);
  }

  const reconcile = byId("reconcile", HTMLElement);
  reconcile.hidden = view.reconcile === null;
  if (view.reconcile !== null) {
    text("uncertain-tool", view.reconcile.tool);
    text("uncertain-args", view.reconcile.args);
    text("uncertain-key", view.reconcile.idempotency_key);
  } else reconcileError.hidden = true;

  renderBatch(view.batch);
  renderTransitions(machine.transitions());
  renderDraws(machine);
  text("trace-json", JSON.stringify(machine.trace(), null, 2));
  live.textContent = announcement ?? view.announcement;
}

function text(id: string, value: string): void {
  byId(id, HTMLElement).textContent = value;
}

function guarded(button: HTMLButtonElement, work: () => Promise<unknown>, after?: () => void): void {
  button.addEventListener("click", () => {
    if (button.getAttribute("aria-disabled") === "true") return;
    void act(work, after);
  });
}

guarded(stepButton, () => machine.advance());
guarded(runButton, () => machine.run());
// The approval panel hides once answered; focus returns to Step so the keyboard user keeps their place.
guarded(
  approveButton,
  () => machine.approve(),
  () => stepButton.focus(),
);
guarded(
  rejectButton,
  () => machine.reject(),
  () => stepButton.focus(),
);
// An operator's confirmation; a refusal (no name) is shown beside the button and changes nothing.
guarded(
  confirmButton,
  async () => {
    const confirmed = await machine.reconcile(operatorInput.value);
    reconcileError.hidden = confirmed.ok;
    operatorInput.setAttribute("aria-invalid", String(!confirmed.ok));
    if (!confirmed.ok) reconcileError.textContent = `Not confirmed: ${confirmed.error}.`;
  },
  () => (reconcileError.hidden ? stepButton : operatorInput).focus(),
);
resetButton.addEventListener("click", () => {
  if (!busy) reset("New run.");
});
for (const input of [maxStepsInput, rateInput, seedInput, faultSelect, turnsSelect]) {
  input.addEventListener("input", () => {
    if (!busy) reset("Settings changed, new run.");
  });
}

renderMapping();
reset("");
app.dataset.ready = "true";
