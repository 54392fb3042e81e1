/** The MCP flow page: wires the controls to the flow and renders its view. All logic lives in flow/. */
import { nobleHashing } from "./hashing.js";
import { assertNever, installHashing } from "../contract/index.js";
import { byId } from "./dom.js";
import { CALL_CHOICES, isCallChoice, PROPOSED_CALLS, type CallChoice } from "./flow/choices.js";
import { createFlow, type Flow, type FlowEntry } from "./flow/flow.js";
import { flowText, flowView, type FlowView, type StepView } from "./flow/view.js";
import { FLOW_CATALOGUES, fillElement, fillStatic, mountLanguage, type Locale } from "./i18n/index.js";

// The page has no node:crypto: the contract hashes with @noble/hashes here.
installHashing(nobleHashing);

const app = byId("flow-app", HTMLElement);
const choices = byId("choices", HTMLFieldSetElement);
const nextButton = byId("flow-next", HTMLButtonElement);
const restartButton = byId("flow-restart", HTMLButtonElement);
const approveButton = byId("flow-approve", HTMLButtonElement);
const declineButton = byId("flow-decline", HTMLButtonElement);
const errorBox = byId("flow-error", HTMLElement);
const stepsList = byId("flow-steps", HTMLOListElement);

const failures: unknown[] = [];
let flow: Flow = start(initialChoice());
let busy = false;
let locale: Locale = "en";
let t = flowText(locale);
/** The last failure, kept raw so a language switch re-renders it. */
let failure: string | null = null;

function initialChoice(): CallChoice {
  const asked = new URLSearchParams(location.search).get("call");
  return isCallChoice(asked) ? asked : "passes";
}

function start(choice: CallChoice): Flow {
  // The call goes into the address beside the language, so a link opens both.
  const url = new URL(location.href);
  url.searchParams.set("call", choice);
  history.replaceState(null, "", url.toString());
  return createFlow(choice, (error) => void failures.push(error));
}

/** A fresh server and client for `choice`; the old client disconnects. */
function restart(choice: CallChoice): void {
  if (busy) return;
  void flow.close();
  flow = start(choice);
  failure = null;
  render();
}

function renderChoices(): void {
  const focused = document.activeElement?.id;
  choices.querySelectorAll("label.choice").forEach((label) => label.remove());
  for (const choice of CALL_CHOICES) {
    const label = document.createElement("label");
    label.className = "choice";
    const input = document.createElement("input");
    Object.assign(input, { type: "radio", name: "call", value: choice, id: `call-${choice}` });
    input.checked = choice === flow.choice;
    input.addEventListener("change", () => {
      if (input.checked) restart(choice);
    });
    const text = document.createElement("span");
    text.textContent = t(`choice.${choice}`);
    label.append(input, text);
    choices.append(label);
    if (focused === input.id) input.focus();
  }
}

async function act(button: HTMLButtonElement, work: () => Promise<void>, after?: () => void): Promise<void> {
  if (busy || button.getAttribute("aria-disabled") === "true") return;
  busy = true;
  app.dataset.busy = "true";
  try {
    await work();
    if (failures.length > 0) throw new Error(`the server failed: ${String(failures.at(-1))}`);
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
  } finally {
    busy = false;
    render();
    after?.();
    app.dataset.busy = "false";
  }
}

function render(): void {
  const view = flowView(flow, locale);
  app.dataset.next = view.next;
  app.dataset.cursor = flow.cursor() ?? "none";
  app.dataset.choice = flow.choice;
  nextButton.setAttribute("aria-disabled", String(!view.canAdvance));
  byId("flow-next-label", HTMLElement).textContent = view.nextLabel;
  byId("world-calls", HTMLElement).textContent = String(view.world.executorCalls);
  byId("world-effects", HTMLElement).textContent = String(view.world.sideEffects);
  const approval = byId("flow-approval", HTMLElement);
  approval.hidden = view.pending === null;
  if (view.pending !== null) {
    byId("flow-pending-tool", HTMLElement).textContent = view.pending.tool;
    byId("flow-pending-args", HTMLElement).textContent = JSON.stringify(view.pending.args);
    byId("flow-pending-key", HTMLElement).textContent = view.pending.idempotency_key;
  }
  stepsList.replaceChildren(...view.steps.map((step) => renderStep(step, view)));
  byId("flow-live", HTMLElement).textContent = view.announcement;
  errorBox.hidden = failure === null;
  if (failure !== null) errorBox.textContent = t("page.failed", { message: failure });
}

function renderStep(step: StepView, view: FlowView): HTMLLIElement {
  const item = element("li", "flow-step");
  item.dataset.step = step.step;
  item.dataset.state = step.state;
  if (step.state === "current" || step.state === "waiting") item.setAttribute("aria-current", "step");
  const heading = element("h3", "", `${step.label} `);
  heading.append(element("span", "state", step.stateLabel));
  item.append(heading);
  if (step.note !== null) item.append(element("p", "hint", step.note));
  if (step.step === "discover" && view.discovered !== null) {
    const { tools, resources, prompts } = view.discovered;
    // Names are codes: listed as the server gave them, not as prose.
    const parts = [t("discovered.tools", { names: tools.join(", ") })];
    parts.push(
      resources === null ? t("discovered.noResources") : t("discovered.resources", { names: resources.join(", ") }),
    );
    parts.push(prompts === null ? t("discovered.noPrompts") : t("discovered.prompts", { names: prompts.join(", ") }));
    item.append(element("p", "discovered", parts.join(" · ")));
  }
  if (step.step === "propose" && step.state !== "upcoming") {
    const call = PROPOSED_CALLS[flow.choice];
    // The tool and its arguments are codes, set in the message's own word order.
    const proposal = element("p", "proposal");
    for (const [slot, value] of [
      ["tool", call.tool],
      ["args", JSON.stringify(call.arguments)],
    ] as const) {
      const code = element("code", "", value);
      code.dataset.slot = slot;
      proposal.append(code);
    }
    fillElement(proposal, FLOW_CATALOGUES, locale, "propose.call");
    item.append(proposal);
  }
  if (step.entries.length > 0) {
    const list = element("ol", "entries");
    list.append(...step.entries.map(renderEntry));
    item.append(list);
  }
  if (step.step === "result" && view.backToContext !== null) {
    const back = element("div", "context");
    back.dataset.error = String(view.backToContext.isError);
    back.dataset.status = view.backToContext.status;
    back.append(
      element("p", "who", t("context.heading", { isError: String(view.backToContext.isError) })),
      scrollable(view.backToContext.text),
    );
    item.append(back);
  }
  return item;
}

function renderEntry(entry: FlowEntry): HTMLLIElement {
  const item = element("li", "entry");
  item.dataset.kind = entry.kind;
  item.dataset.n = String(entry.n);
  switch (entry.kind) {
    case "wire": {
      item.dataset.direction = entry.direction;
      const what =
        "method" in entry.message ? entry.message.method : t("entry.answer", { id: String(entry.message.id) });
      const summary = t(entry.direction === "to_server" ? "entry.toServer" : "entry.toClient", { what });
      // Discovery is long (the whole tool list); it starts folded, every other message open.
      item.append(folded(summary, entry.message, entry.step !== "discover"));
      break;
    }
    case "fact":
      item.append(folded(t("entry.fact", { type: entry.event.type }), entry.event, true));
      break;
    case "person":
      item.dataset.decision = entry.decision;
      item.append(element("span", "who", t(entry.decision === "approved" ? "entry.approved" : "entry.declined")));
      break;
    default:
      assertNever(entry);
  }
  return item;
}

function folded(summary: string, value: unknown, open: boolean): HTMLDetailsElement {
  const details = element("details", "");
  details.open = open;
  details.append(element("summary", "who", summary), scrollable(JSON.stringify(value, null, 2)));
  return details;
}

/** A <pre> that may scroll, so it takes keyboard focus (a scrollable region must be reachable). */
function scrollable(text: string): HTMLPreElement {
  const pre = element("pre", "json", text);
  pre.tabIndex = 0;
  return pre;
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className !== "") node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

nextButton.addEventListener("click", () => void act(nextButton, () => flow.advance()));
// The approval panel hides once answered; focus returns to Next so the keyboard user keeps their place.
for (const [button, answer] of [
  [approveButton, () => flow.approve()],
  [declineButton, () => flow.decline()],
] as const)
  button.addEventListener("click", () => void act(button, answer, () => nextButton.focus()));
restartButton.addEventListener("click", () => restart(flow.choice));

/** Renders the page in `chosen` where it stands: the flow, its server and its log stay as they are. */
function applyLocale(chosen: Locale): void {
  locale = chosen;
  t = flowText(chosen);
  fillStatic(document, FLOW_CATALOGUES, chosen);
  renderChoices();
  render();
}

mountLanguage(window, byId("top", HTMLElement), applyLocale);
app.dataset.ready = "true";
