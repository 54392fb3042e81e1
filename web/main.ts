/** The page: wires the controls to the machine and renders its view. All logic lives in machine.ts and view.ts. */
import { installHashing } from "../contract/index.js";
import { nobleHashing } from "./hashing.js";
import { byId } from "./dom.js";
import { renderBatch, renderDraws, renderMapping, renderTransitions } from "./tables.js";
import { createMachine, type Machine } from "./machine.js";
import { DEFAULT_SETTINGS, isLoopFault, isLoopTurns, MAX_STEPS_RANGE, type Settings } from "./settings.js";
import { isRatePercent, isSeed } from "./schedule.js";
import { fillQuoted, fillStatic, LOOP_CATALOGUES, mountLanguage, type Locale } from "./i18n/index.js";
import { loopText, viewOf } from "./view.js";

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
let locale: Locale = "en";
let t = loopText(locale);
/** The last failure and the contract's last refusal of a reconcile, kept raw so a language switch re-renders them. */
let failure: string | null = null;
let refusal: string | null = null;

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

/** The settings in the form, or what is wrong with them in the page's language. */
function readSettings(): Settings | string {
  const maxSteps = Number(maxStepsInput.value);
  const failureRatePercent = Number(rateInput.value);
  const seed = Number(seedInput.value);
  const invalid: string[] = [];
  maxStepsInput.setAttribute("aria-invalid", String(maxStepsInput.value === "" || !isMaxSteps(maxSteps)));
  seedInput.setAttribute("aria-invalid", String(seedInput.value === "" || !isSeed(seed)));
  if (maxStepsInput.value === "" || !isMaxSteps(maxSteps)) invalid.push(t("settings.errMaxSteps", MAX_STEPS_RANGE));
  if (!isRatePercent(failureRatePercent)) invalid.push(t("settings.errRate"));
  if (seedInput.value === "" || !isSeed(seed)) invalid.push(t("settings.errSeed", { max: 4294967295 }));
  return invalid.length > 0
    ? t("settings.errKeep", { problems: invalid })
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

function reset(reason: "announce.newRun" | "announce.settingsChanged" | null): void {
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
  // The run's settings go into the address beside the language, so a link reproduces both.
  const url = new URL(location.href);
  for (const [name, value] of Object.entries({
    max_steps: settings.maxSteps,
    rate: settings.failureRatePercent,
    seed: settings.seed,
    fault: settings.fault,
    turns: settings.turns,
  }))
    url.searchParams.set(name, String(value));
  history.replaceState(null, "", url.toString());
  failure = null;
  refusal = null;
  const announcement = viewOf(machine, locale).announcement;
  render(reason === null ? announcement : `${t(reason)} ${announcement}`);
}

async function act(work: () => Promise<unknown>, after?: () => void): Promise<void> {
  if (busy) return;
  busy = true;
  app.dataset.busy = "true";
  try {
    await work();
    render();
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
    render();
  } finally {
    busy = false;
    // A setting changed while a transition ran: start the new run now.
    if (settingsChanged()) reset("announce.settingsChanged");
    after?.();
    app.dataset.busy = "false";
  }
}

function setDisabled(button: HTMLButtonElement, disabled: boolean): void {
  // aria-disabled keeps the button focusable, so keyboard focus is not lost when a run ends.
  button.setAttribute("aria-disabled", String(disabled));
}

function render(announcement?: string): void {
  const view = viewOf(machine, locale);
  app.dataset.phase = view.phase;
  app.dataset.status = view.status;
  document.querySelectorAll<HTMLElement>("li[data-phase]").forEach((item) => {
    if (item.dataset.phase === view.phase) item.setAttribute("aria-current", "step");
    else item.removeAttribute("aria-current");
  });
  text("phase", view.phaseLabel);
  text("counter", view.counter);
  text("status", view.status);
  text("checkpoint", view.checkpointHash ?? "—");
  text("idem-key", view.idempotencyKey ?? "—");
  text("idem-source", view.keySourceLabel);
  fillQuoted(byId("outcome", HTMLElement), view.outcome ?? "—", view.outcomeQuote);
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
  } else refusal = null;
  reconcileError.hidden = refusal === null;
  if (refusal !== null) fillQuoted(reconcileError, t("reconcile.refused"), refusal);
  errorBox.hidden = failure === null;
  if (failure !== null) errorBox.textContent = t("page.failed", { message: failure });

  renderBatch(view.batch, t);
  renderTransitions(machine.transitions(), t);
  renderDraws(machine, t);
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
    operatorInput.setAttribute("aria-invalid", String(!confirmed.ok));
    // The contract's own reason, quoted as it wrote it.
    refusal = confirmed.ok ? null : confirmed.error;
  },
  () => (refusal === null ? stepButton : operatorInput).focus(),
);
resetButton.addEventListener("click", () => {
  if (!busy) reset("announce.newRun");
});
for (const input of [maxStepsInput, rateInput, seedInput, faultSelect, turnsSelect]) {
  input.addEventListener("input", () => {
    if (!busy) reset("announce.settingsChanged");
  });
}

/** Renders the page in `chosen` where it stands: the run, its settings and its table stay as they are. */
function applyLocale(chosen: Locale): void {
  locale = chosen;
  t = loopText(chosen);
  fillStatic(document, LOOP_CATALOGUES, chosen);
  renderMapping(t);
  if (!settingsError.hidden) {
    const problems = readSettings();
    if (typeof problems === "string") settingsError.textContent = problems;
  }
  render();
}

mountLanguage(window, byId("top", HTMLElement), applyLocale);
reset(null);
app.dataset.ready = "true";
