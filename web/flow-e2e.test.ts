/**
 * The MCP flow page in headless Chromium. Every message and fact a step shows is checked against
 * a run of the same calls in Node: the project's MCP server and the SDK client over the SDK's
 * in-memory pair, its messages taken from each side's own `send` (not the page's recorder), its
 * facts from a memory audit sink. Which step shows what is written out below, per choice.
 */
import { Client } from "@modelcontextprotocol/client";
import { paced } from "../test/setup/pace.js";
import { InMemoryTransport, type JSONRPCMessage } from "@modelcontextprotocol/server";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { approvePending, type PendingApproval, type TraceEvent } from "../contract/index.js";
import { createMemoryAuditSink } from "../mcp/audit.js";
import { META_KEYS } from "../mcp/meta.js";
import { createGuards } from "../mcp/guards.js";
import { createHarnessServer } from "../mcp/server.js";
import { openAt, seriousViolations, shot, useBrowser } from "./browser.js";
import { CALL_CHOICES, PROPOSED_CALLS, type CallChoice } from "./flow/choices.js";
import { createFlowDeps } from "./flow/deps.js";
import { FLOW_CLIENT_INFO, FLOW_SESSION } from "./flow/flow.js";
import { flowText } from "./flow/view.js";
import { FLOW_CATALOGUES, keysOf, LOCALES, type Locale } from "./i18n/index.js";
import { languageProblems } from "./page-checks.js";

type Wire = { direction: "to_server" | "to_client"; message: JSONRPCMessage };
type Reference = { wire: Wire[]; facts: TraceEvent[]; effects: number };

/** The same calls in Node, observed on the transports' own `send`. */
async function reference(choice: CallChoice, person: "approve" | "decline" = "approve"): Promise<Reference> {
  const audit = createMemoryAuditSink();
  const { deps, world } = createFlowDeps(audit);
  const guards = createGuards({ frames: "objects" });
  const server = createHarnessServer(deps, {
    connectionSession: FLOW_SESSION,
    guards,
    logError: (e) => {
      throw e;
    },
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const wire: Wire[] = [];
  const tap = (transport: InMemoryTransport, direction: Wire["direction"]) => {
    const send = transport.send.bind(transport);
    transport.send = (message, options) => {
      wire.push({ direction, message: JSON.parse(JSON.stringify(message)) as JSONRPCMessage });
      return send(message, options);
    };
  };
  tap(clientSide, "to_server");
  tap(serverSide, "to_client");
  await server.connect(guards.transport(serverSide));
  const client = new Client(FLOW_CLIENT_INFO);
  await client.connect(clientSide);
  await client.listTools();
  const offered = client.getServerCapabilities();
  if (offered?.resources !== undefined) await client.listResources();
  if (offered?.prompts !== undefined) await client.listPrompts();
  const call = PROPOSED_CALLS[choice];
  const first = await client.callTool({ name: call.tool, arguments: { ...call.arguments } });
  const content = first.structuredContent as { status: string; pending?: PendingApproval };
  if (content.status === "approval_required" && person === "approve" && content.pending !== undefined) {
    const token = approvePending(content.pending, FLOW_SESSION, deps.secret, deps.clock.now());
    await client.callTool({
      name: call.tool,
      arguments: { ...call.arguments },
      _meta: { [META_KEYS.approval]: token },
    });
  }
  await client.close();
  return { wire, facts: [...audit.events()], effects: world.totalEffects() };
}

/** What each step must show, written out: → request, ← answer (#id or harness status), fact, person. */
const HANDSHAKE = [
  "→ initialize",
  "← #0",
  "→ notifications/initialized",
  "→ tools/list",
  "← #1",
  "→ resources/list",
  "← #2",
  "→ prompts/list",
  "← #3",
];
/** A session's first call starts its run, and the call is the planner's turn, as on the engines. */
const PROPOSE = ["→ tools/call", "fact run_started", "fact planner_responded"];
const EXPECTED: Record<string, Record<string, string[]>> = {
  passes: {
    discover: HANDSHAKE,
    propose: PROPOSE,
    schema: ["fact call_validated"],
    policy: ["fact policy_allowed"],
    result: ["fact intent_recorded", "fact tool_succeeded", "← ok"],
  },
  schema_fails: {
    discover: HANDSHAKE,
    propose: PROPOSE,
    schema: ["fact call_rejected"],
    policy: [],
    result: ["← rejected"],
  },
  always_deny: {
    discover: HANDSHAKE,
    propose: PROPOSE,
    schema: ["fact call_validated"],
    policy: ["fact policy_denied"],
    result: ["← denied"],
  },
  high_risk: {
    discover: HANDSHAKE,
    propose: PROPOSE,
    schema: ["fact call_validated"],
    policy: [
      "fact approval_requested",
      "← approval_required",
      "person approved",
      "→ tools/call",
      "fact approval_accepted",
    ],
    result: ["fact intent_recorded", "fact tool_succeeded", "← ok"],
  },
  high_risk_declined: {
    discover: HANDSHAKE,
    propose: PROPOSE,
    schema: ["fact call_validated"],
    policy: ["fact approval_requested", "← approval_required", "person declined"],
    result: [],
  },
};

type ShownEntry = { kind: string; n: number; direction?: string; decision?: string; json: unknown };
type ShownStep = { step: string; state: string; current: boolean; entries: ShownEntry[] };

async function shownSteps(page: Page): Promise<ShownStep[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>("li.flow-step"), (li) => ({
      step: li.dataset.step ?? "",
      state: li.dataset.state ?? "",
      current: li.getAttribute("aria-current") === "step",
      entries: Array.from(li.querySelectorAll<HTMLElement>("li.entry"), (entry) => {
        const pre = entry.querySelector("pre");
        return {
          kind: entry.dataset.kind ?? "",
          n: Number(entry.dataset.n),
          ...(entry.dataset.direction === undefined ? {} : { direction: entry.dataset.direction }),
          ...(entry.dataset.decision === undefined ? {} : { decision: entry.dataset.decision }),
          json: pre === null ? null : (JSON.parse(pre.textContent ?? "null") as unknown),
        };
      }),
    })),
  );
}

/** The short form used in EXPECTED, read from what the page shows. */
function summary(entry: ShownEntry): string {
  if (entry.kind === "fact") return `fact ${(entry.json as TraceEvent).type}`;
  if (entry.kind === "person") return `person ${entry.decision ?? "?"}`;
  const message = entry.json as { method?: string; id?: number; result?: { structuredContent?: { status?: string } } };
  if (entry.direction === "to_server") return `→ ${message.method ?? "?"}`;
  return `← ${message.result?.structuredContent?.status ?? `#${String(message.id)}`}`;
}

const started = useBrowser();

async function openFlow(choice: CallChoice, reducedMotion: "reduce" | "no-preference" = "no-preference") {
  const opened = await openAt(started(), `flow.html?call=${choice}`, reducedMotion);
  await opened.page.waitForSelector("#flow-app[data-ready='true']");
  return opened;
}

const idle = (page: Page) =>
  page.waitForFunction(() => (document.getElementById("flow-app") as HTMLElement).dataset.busy === "false");

/** Presses a control by keyboard (focus, then Enter) and waits for the page to settle. */
async function press(page: Page, name: string): Promise<void> {
  await page.getByRole("button", { name, exact: true }).focus();
  await page.keyboard.press("Enter");
  await idle(page);
}

/** Everything shown so far equals the Node run, message for message and fact for fact, in order. */
function expectSameAsServer(steps: ShownStep[], ref: Reference): void {
  const entries = steps.flatMap((s) => s.entries).sort((a, b) => a.n - b.n);
  const wire = entries.filter((e) => e.kind === "wire").map((e) => ({ direction: e.direction, message: e.json }));
  const facts = entries.filter((e) => e.kind === "fact").map((e) => e.json);
  expect(wire).toEqual(ref.wire.slice(0, wire.length));
  expect(facts).toEqual(ref.facts.slice(0, facts.length));
}

const ORDER = ["discover", "propose", "schema", "policy", "result"];

async function walk(choice: CallChoice, person: "approve" | "decline" = "approve") {
  const ref = await reference(choice, person);
  const expected = EXPECTED[choice === "high_risk" && person === "decline" ? "high_risk_declined" : choice] ?? {};
  const { page, errors } = await openFlow(choice);
  expect(await shownSteps(page)).toSatisfy((steps: ShownStep[]) => steps.every((s) => s.state === "upcoming"));
  for (const [index, step] of ORDER.entries()) {
    if ((await page.locator("#flow-app").getAttribute("data-next")) === "await_person") {
      await expect(page.locator("#flow-approval").isVisible()).resolves.toBe(true);
      expect(await page.locator("#flow-pending-tool").textContent()).toBe("publish_report");
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, `flow-${choice}-${person}-awaiting-person.png`);
      await press(page, person === "approve" ? "Approve" : "Decline");
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("flow-next");
      await expect(page.locator("#flow-approval").isVisible()).resolves.toBe(false);
    }
    await press(page, "Next step");
    const steps = await shownSteps(page);
    expectSameAsServer(steps, ref);
    // Steps up to this one are revealed, later ones are not; the one just reached is the current step.
    expect(steps.map((s) => s.step)).toEqual(ORDER);
    expect(steps.slice(index + 1).every((s) => s.state === "upcoming" && s.entries.length === 0)).toBe(true);
    const shownHere = steps[index];
    if (shownHere === undefined) throw new Error(`step ${step} is not shown`);
    // The step just reached is the current one, unless the call never got there.
    if (shownHere.state !== "not_reached") expect(shownHere.current, step).toBe(true);
    await shot(page, `flow-${choice}-${person}-${index + 1}-${step}.png`);
  }
  const steps = await shownSteps(page);
  expect(Object.fromEntries(steps.map((s) => [s.step, s.entries.map(summary)]))).toEqual(expected);
  // The whole run is shown: nothing the server sent or recorded is missing.
  const all = steps.flatMap((s) => s.entries);
  expect(all.filter((e) => e.kind === "wire")).toHaveLength(ref.wire.length);
  expect(all.filter((e) => e.kind === "fact")).toHaveLength(ref.facts.length);
  expect(await page.locator("#world-effects").textContent()).toBe(String(ref.effects));
  expect(await page.locator("#flow-app").getAttribute("data-next")).toBe("finished");
  await expect(page.getByRole("button", { name: "Next step" }).getAttribute("aria-disabled")).resolves.toBe("true");
  return { page, errors, steps, ref };
}

describe("the MCP flow page in headless Chromium", () => {
  it("a call that passes: every step's messages and facts are the server's, and the result goes back to context", async () => {
    const { page, errors } = await walk("passes");
    const context = page.locator(".context");
    await expect(context.getAttribute("data-status")).resolves.toBe("ok");
    await expect(context.getAttribute("data-error")).resolves.toBe("false");
    expect(await page.locator("[data-step='discover'] .discovered").textContent()).toMatch(
      /^tools: read_table, run_regression, save_artifact, publish_report, run_shell · resources: /,
    );
    expect(await page.locator("#flow-live").textContent()).toMatch(/Back to context: status ok\./);
    expect(errors).toEqual([]);
  });

  it("a schema failure stops at the gate: policy not reached, the rejection goes back to context as an error", async () => {
    const { page, steps, errors } = await walk("schema_fails");
    expect(steps.map((s) => s.state)).toEqual(["done", "done", "done", "not_reached", "current"]);
    await expect(page.locator(".context").getAttribute("data-status")).resolves.toBe("rejected");
    await expect(page.locator(".context").getAttribute("data-error")).resolves.toBe("true");
    expect(await page.locator(".context pre").textContent()).toContain('"code":"invalid_arguments"');
    expect(await page.locator("#world-calls").textContent()).toBe("0");
    expect(errors).toEqual([]);
  });

  it("run_shell is denied by policy, never executed", async () => {
    const { page, errors } = await walk("always_deny");
    await expect(page.locator(".context").getAttribute("data-status")).resolves.toBe("denied");
    expect(await page.locator(".context pre").textContent()).toContain('"code":"always_deny"');
    expect(await page.locator("#world-calls").textContent()).toBe("0");
    expect(errors).toEqual([]);
  });

  it("the high-risk call waits for a person; approved by keyboard, the host repeats it with the token and it runs once", async () => {
    const { page, ref, errors } = await walk("high_risk", "approve");
    const repeat = ref.wire.filter((w) => w.direction === "to_server" && "method" in w.message).at(-1);
    expect(JSON.stringify(repeat?.message)).toContain(`"${META_KEYS.approval}":"apv1.`);
    expect(await page.locator("#world-effects").textContent()).toBe("1");
    await expect(page.locator(".context").getAttribute("data-status")).resolves.toBe("ok");
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("declined, nothing more is sent: no message, no fact, no side effect", async () => {
    const { page, steps, errors } = await walk("high_risk", "decline");
    expect(steps.at(-1)?.state).toBe("not_reached");
    expect(await page.locator("[data-step='result'] .hint").textContent()).toMatch(/declined/);
    await expect(page.locator(".context").getAttribute("data-status")).resolves.toBe("approval_required");
    expect(await page.locator("#world-calls").textContent()).toBe("0");
    expect(errors).toEqual([]);
  });

  it("reduced motion shows the same step states without continuous motion; a call is picked by keyboard", async () => {
    const states: string[][] = [];
    const styles: { animation: string; transition: string }[] = [];
    for (const motion of ["no-preference", "reduce"] as const) {
      const { page, errors } = await openFlow("passes", motion);
      // Arrow keys move through the radio group: passes → schema_fails starts a new flow.
      await page.locator("#call-passes").focus();
      await page.keyboard.press("ArrowDown");
      await expect(page.locator("#flow-app").getAttribute("data-choice")).resolves.toBe("schema_fails");
      const seen: string[] = [];
      for (let i = 0; i < 3; i += 1) {
        await press(page, "Next step");
        seen.push((await shownSteps(page)).map((s) => s.state).join(","));
      }
      states.push(seen);
      styles.push(
        await page.evaluate(() => {
          const current = document.querySelector("li.flow-step[aria-current='step']") as HTMLElement;
          const css = getComputedStyle(current);
          return { animation: css.animationName, transition: css.transitionDuration };
        }),
      );
      if (motion === "reduce") await shot(page, "flow-reduced-motion.png");
      expect(errors).toEqual([]);
    }
    expect(states[0]).toEqual(states[1]);
    expect(styles[0]).toEqual({ animation: "pulse", transition: "0.2s, 0.2s" });
    expect(styles[1]).toEqual({ animation: "none", transition: "0s" });
  });

  it("keyboard only: the tab order reaches every control, each with a visible focus ring", async () => {
    const { page, errors } = await openFlow("high_risk");
    const order: string[] = [];
    const rings: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      await page.keyboard.press("Tab");
      const focused = await page.evaluate(() => {
        const active = document.activeElement as HTMLElement;
        const css = getComputedStyle(active);
        return {
          name: active.id || active.textContent?.trim() || active.tagName,
          ring: `${css.outlineStyle} ${css.outlineWidth}`,
        };
      });
      order.push(focused.name);
      rings.push(focused.ring);
    }
    // The radio group is one tab stop, on the checked call.
    expect(order).toEqual([
      "Skip to the steps",
      "Agent loop",
      "MCP flow",
      "English",
      "中文",
      "call-high_risk",
      "flow-next",
      "flow-restart",
    ]);
    for (const ring of rings) expect(ring).toBe("solid 3px");
    // Back to Next (Shift+Tab); Enter four times reaches the approval; Tab from Next moves into its panel.
    await page.keyboard.press("Shift+Tab");
    for (let i = 0; i < 4; i += 1) {
      await page.keyboard.press("Enter");
      await idle(page);
    }
    await expect(page.locator("#flow-app").getAttribute("data-next")).resolves.toBe("await_person");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("flow-next");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("flow-approve");
    await page.keyboard.press("Space");
    await idle(page);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("flow-next");
    await page.keyboard.press("Enter");
    await idle(page);
    await expect(page.locator(".context").getAttribute("data-status")).resolves.toBe("ok");
    expect(errors).toEqual([]);
  });

  it("has no serious accessibility violations before the first step and at the end", async () => {
    const { page, errors } = await openFlow("passes");
    expect(await seriousViolations(page)).toEqual([]);
    for (let i = 0; i < 5; i += 1) await press(page, "Next step");
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});

/** Each call the page offers, and the high-risk one answered both ways. */
const WALKS = [...CALL_CHOICES.map((choice) => [choice, "approve"] as const), ["high_risk", "decline"] as const];

describe.each(LOCALES)("the MCP flow page in %s", (locale: Locale) => {
  const keys = keysOf(FLOW_CATALOGUES);
  const t = flowText(locale);

  it.each(WALKS)(
    "walks %s (a person would %s) with every text in the language, nothing overflowing, axe clean",
    async (choice, person) => {
      const { page, errors } = await openAt(started(), `flow.html?lang=${locale}&call=${choice}`);
      await page.waitForSelector("#flow-app[data-ready='true']");
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
      const seen = new Map<string, string[]>();
      const check = async (state: string, axe = false) => {
        seen.set(state, await languageProblems(page, locale, keys));
        if (axe) seen.set(`${state} (axe)`, await seriousViolations(page));
      };
      await check("start", true);
      for (let presses = 0; (await page.locator("#flow-app").getAttribute("data-next")) !== "finished"; presses += 1) {
        expect(presses, "the flow should finish").toBeLessThan(8);
        const next = await page.locator("#flow-app").getAttribute("data-next");
        if (next === "await_person") {
          await check("awaiting a person", true);
          const answer = t(person === "approve" ? "approval.approve" : "approval.decline");
          await page.getByRole("button", { name: answer, exact: true }).click();
        } else await page.getByRole("button", { name: t("controls.next"), exact: true }).click();
        await idle(page);
        await check(`after ${next ?? "?"}`);
      }
      await seriousViolations(page).then((found) => seen.set("finished (axe)", found));
      await shot(page, `i18n-${locale}-flow-${choice}-${person}.png`);
      expect(errors).toEqual([]);
      expect(seen.size).toBeGreaterThanOrEqual(7);
      expect(Object.fromEntries([...seen].filter(([, problems]) => problems.length > 0))).toEqual({});
    },
    paced(60_000),
  );
});

describe("the language switch on the MCP flow page", () => {
  it(
    "switches while a person decides, keeping the flow and its server; the approval still works",
    async () => {
      const zh = flowText("zh-CN");
      const { page, errors } = await openFlow("high_risk");
      for (let i = 0; i < 4; i += 1) await press(page, "Next step");
      await expect(page.locator("#flow-app").getAttribute("data-next")).resolves.toBe("await_person");
      const before = await shownSteps(page);

      await page.getByRole("button", { name: "中文" }).click();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe("zh-CN");
      expect(new URL(page.url()).searchParams.get("lang")).toBe("zh-CN");
      expect(new URL(page.url()).searchParams.get("call")).toBe("high_risk");
      expect(await shownSteps(page)).toEqual(before);
      await expect(page.locator("#flow-approval").isVisible()).resolves.toBe(true);
      expect(await page.locator("[data-step='policy'] h3").textContent()).toBe(
        `${zh("step.policy")} ${zh("state.waiting")}`,
      );
      expect(await page.locator("#call-high_risk").isChecked()).toBe(true);
      expect(await languageProblems(page, "zh-CN", keysOf(FLOW_CATALOGUES))).toEqual([]);

      await press(page, zh("approval.approve"));
      await press(page, zh("controls.next"));
      await expect(page.locator(".context").getAttribute("data-status")).resolves.toBe("ok");
      await page.reload();
      await page.waitForSelector("#flow-app[data-ready='true']");
      expect(await page.locator("#flow-next").textContent()).toBe(zh("controls.next"));
      expect(errors).toEqual([]);
    },
    paced(60_000),
  );
});
