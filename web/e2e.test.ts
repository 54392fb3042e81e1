/**
 * End to end in headless Chromium (Debian's `chromium` package, driven by playwright-core; no
 * browser download). The page is built and served by this test on an ephemeral 127.0.0.1 port.
 * Every state the page shows is checked against the reducer's own trace, recomputed in Node by
 * the handwritten runner with the same seed and settings. Without a Chromium (AGENT_HARNESS_CHROMIUM or PATH)
 * this file is left out and named on the run's `not measured:` line; under CI=true that fails the run.
 */
import { describe, expect, it } from "vitest";
import { paced } from "../test/setup/pace.js";
import type { Page } from "playwright-core";
import type { TraceEvent } from "../contract/index.js";
import { openAt, seriousViolations, shot, useBrowser } from "./browser.js";
import { keysOf, LOOP_CATALOGUES, LOCALES, type Locale } from "./i18n/index.js";
import { languageProblems } from "./page-checks.js";
import { phaseOfTrace, retriesOfTrace, type Phase } from "./phases.js";
import { findSeed, referenceRun, REFERENCE_OPERATOR, type ReferenceRun } from "./testing/reference.js";
import { loopText, phaseLabel } from "./view.js";

const en = loopText("en");
const PHASE_LABELS = (phase: Phase) => phaseLabel(en, phase);

const started = useBrowser();

type Shown = {
  readonly trace: TraceEvent[];
  readonly phase: string;
  readonly status: string;
  readonly label: string;
  readonly counter: string;
  readonly checkpoint: string;
  readonly key: string;
  readonly live: string;
  readonly rows: number;
  readonly current: string[];
};

async function shown(page: Page): Promise<Shown> {
  return page.evaluate(() => {
    const text = (id: string) => document.getElementById(id)?.textContent ?? "";
    const app = document.getElementById("app") as HTMLElement;
    return {
      trace: JSON.parse(text("trace-json")) as TraceEvent[],
      phase: app.dataset.phase ?? "",
      status: app.dataset.status ?? "",
      label: text("phase"),
      counter: text("counter"),
      checkpoint: text("checkpoint"),
      key: text("idem-key"),
      live: text("live"),
      rows: document.querySelectorAll("#transitions tr").length,
      current: Array.from(
        document.querySelectorAll("li[aria-current='step']"),
        (li) => (li as HTMLElement).dataset.phase ?? "",
      ),
    };
  });
}

/** Presses a control and waits until its one transition has been rendered. */
async function transition(page: Page, press: () => Promise<void>): Promise<Shown> {
  const before = (await shown(page)).rows;
  await press();
  await page.waitForFunction(
    (rows) => {
      const app = document.getElementById("app") as HTMLElement;
      return app.dataset.busy === "false" && document.querySelectorAll("#transitions tr").length === rows + 1;
    },
    before,
    { timeout: paced(5_000) },
  );
  return shown(page);
}

/** Everything the page shows agrees with the reducer's trace, which is a prefix of the expected run's. */
function expectConsistent(view: Shown, expected: ReferenceRun, maxSteps: number): void {
  expect(view.trace).toEqual(expected.trace.slice(0, view.trace.length));
  const last = view.trace.at(-1);
  if (last === undefined) throw new Error("no trace after a transition");
  const phase: Phase = phaseOfTrace(view.trace);
  expect(view.phase).toBe(phase);
  expect(view.current).toEqual([phase]);
  expect(view.label).toBe(PHASE_LABELS(phase));
  expect(view.status).toBe(last.status);
  expect(view.checkpoint).toBe(last.checkpoint_hash);
  expect(view.counter).toBe(`step ${last.step} / ${maxSteps} · retry ${retriesOfTrace(view.trace)}/3`);
  expect(
    view.live.startsWith(
      `${PHASE_LABELS(phase)}. Step ${last.step} of ${maxSteps}, retry ${retriesOfTrace(view.trace)} of 3.`,
    ),
  ).toBe(true);
}

async function openPage(
  reducedMotion: "reduce" | "no-preference" = "no-preference",
  path = "/",
): Promise<{ page: Page; errors: string[] }> {
  const opened = await openAt(started(), path, reducedMotion);
  await opened.page.waitForSelector("#app[data-ready='true']");
  return opened;
}

describe("the agent loop page in headless Chromium", () => {
  it("steps through a run one reducer transition per press, matching the engine's trace, and approves the high-risk call", async () => {
    // A 20% run that retries at least once, reaches the approval and then finishes: found in Node.
    const expected = await findSeed(
      { maxSteps: 8, failureRatePercent: 20, fault: "none", turns: "single" },
      (run) =>
        run.approvals === 1 && run.final.status === "done" && run.trace.some((e) => e.type === "retry_scheduled"),
    );
    const { page, errors } = await openPage();

    // Defaults: max_steps 8, failure rate 20%, idle at step 0 / 8 · retry 0/3.
    await expect(page.getByLabel("max_steps").inputValue()).resolves.toBe("8");
    await expect(page.getByLabel("Tool failure rate").inputValue()).resolves.toBe("20");
    expect(await page.locator("#failure-rate-value").textContent()).toBe("20%");
    const idle = await shown(page);
    expect(idle).toMatchObject({
      phase: "idle",
      label: "Idle",
      status: "none",
      counter: "step 0 / 8 · retry 0/3",
      trace: [],
      rows: 0,
      current: ["idle"],
    });
    await shot(page, "01-idle.png");

    await page.getByLabel("Fault seed").fill(String(expected.settings.seed));
    expect(await page.locator("#schedule-seed").textContent()).toBe(String(expected.settings.seed));

    const step = page.getByRole("button", { name: "Step", exact: true });
    const visited = new Set<string>(["idle"]);
    let view = idle;
    let presses = 0;
    let approved = false;
    while (view.trace.length < expected.trace.length) {
      presses += 1;
      expect(presses, "the run should end within its expected trace length").toBeLessThanOrEqual(expected.trace.length);
      if (view.phase === "approval_required") {
        await expect(page.locator("#approval").isVisible()).resolves.toBe(true);
        expect(await page.locator("#pending-tool").textContent()).toBe("publish_report");
        expect(await page.locator("#pending-key").textContent()).toBe(view.key);
        await expect(step.getAttribute("aria-disabled")).resolves.toBe("true");
        await shot(page, "02-approval-required.png");
        view = await transition(page, () => page.getByRole("button", { name: "Approve" }).click());
        expect(view.trace.at(-1)?.type).toBe("approval_accepted");
        approved = true;
        // The panel is gone; focus is back on Step for keyboard users.
        await expect(page.locator("#approval").isVisible()).resolves.toBe(false);
        await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe("step");
      } else if (presses % 2 === 1) {
        // Keyboard: Enter on the focused Step button.
        await step.focus();
        view = await transition(page, () => page.keyboard.press("Enter"));
      } else {
        view = await transition(page, () => step.click());
      }
      expectConsistent(view, expected, 8);
      if (view.phase === "execute" || view.phase === "select_tool") expect(view.key).toMatch(/^idem_[0-9a-f]{32}$/);
      visited.add(view.phase);
    }

    expect(approved).toBe(true);
    expect(view.trace).toEqual(expected.trace);
    expect(view.status).toBe("done");
    expect([...visited].sort()).toEqual([
      "approval_required",
      "done",
      "execute",
      "idle",
      "observe",
      "select_tool",
      "think",
    ]);
    expect(view.rows).toBe(presses);
    await expect(step.getAttribute("aria-disabled")).resolves.toBe("true");
    expect(await page.locator("#outcome").textContent()).toMatch(/^final answer: /);
    await shot(page, "03-done.png");
    expect(errors).toEqual([]);
  });

  it("at an 80% failure rate reaches the 3-retry cap and ends in Error instead of spinning", async () => {
    // An 80% run that gets one tool call through, then exhausts the retries of a later one: found in Node.
    const expected = await findSeed(
      { maxSteps: 8, failureRatePercent: 80, fault: "none", turns: "single" },
      (run) =>
        run.final.status === "failed" &&
        run.final.failure.code === "retries_exhausted" &&
        run.trace.some((e) => e.type === "tool_succeeded"),
    );
    const { page, errors } = await openPage();

    // Keyboard on the slider: 20% → 80% is twelve steps of 5.
    const rate = page.getByLabel("Tool failure rate");
    await rate.focus();
    for (let i = 0; i < 12; i += 1) await page.keyboard.press("ArrowRight");
    expect(await rate.inputValue()).toBe("80");
    expect(await page.locator("#failure-rate-value").textContent()).toBe("80%");
    await page.getByLabel("Fault seed").fill(String(expected.settings.seed));
    expect(await page.locator("#schedule-rate").textContent()).toBe("80%");

    const step = page.getByRole("button", { name: "Step", exact: true });
    let view = await shown(page);
    let presses = 0;
    let maxRetries = 0;
    while ((await step.getAttribute("aria-disabled")) !== "true") {
      presses += 1;
      expect(presses, "the run must end, not spin").toBeLessThanOrEqual(expected.trace.length);
      view = await transition(page, () => step.click());
      expectConsistent(view, expected, 8);
      maxRetries = Math.max(maxRetries, retriesOfTrace(view.trace));
      if (view.phase === "execute" && retriesOfTrace(view.trace) === 2) await shot(page, "04-retrying.png");
    }
    expect(view.trace).toEqual(expected.trace);
    expect(view).toMatchObject({ phase: "error", label: "Error", status: "failed", current: ["error"] });
    expect(view.counter).toMatch(/· retry 3\/3$/);
    expect(maxRetries).toBe(3);
    expect(view.trace.slice(-4).map((e) => e.type)).toEqual([
      "retry_scheduled",
      "retry_scheduled",
      "retry_scheduled",
      "retries_exhausted",
    ]);
    expect(await page.locator("#outcome").textContent()).toMatch(/^retries_exhausted: .*after 3 retries/);
    expect(view.live).toMatch(/^Error\. .*retry 3 of 3\. retries_exhausted/);
    // The schedule shown is the one that decided: every executor call, with four faults in a row at the end.
    const results = await page.locator("#draws tr td:last-child").allTextContents();
    expect(results).toEqual(expected.faults.map((fault) => (fault ? "transient fault" : "ok")));
    expect(results.slice(-4)).toEqual(Array(4).fill("transient fault"));
    await shot(page, "05-error-retry-cap.png");

    // Pressing Step again (it keeps focus: aria-disabled, not disabled) changes nothing: the run is over.
    await step.focus();
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => (document.getElementById("app") as HTMLElement).dataset.busy === "false");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("step");
    expect(await shown(page)).toMatchObject({ trace: expected.trace, rows: presses, phase: "error" });
    expect(errors).toEqual([]);
  });

  it("shows the same states without motion under prefers-reduced-motion, with labelled controls and a live region", async () => {
    const expected = await findSeed(
      { maxSteps: 8, failureRatePercent: 0, fault: "none", turns: "single" },
      (run) => run.approvals === 1,
    );
    const motion = await openPage("no-preference");
    const still = await openPage("reduce");
    for (const { page } of [motion, still]) {
      // Settings can come from the address, so a run can be shared.
      await page.goto(`${started().server.url}?max_steps=8&rate=0&seed=${expected.settings.seed}`);
      await page.waitForSelector("#app[data-ready='true']");
      await expect(page.getByLabel("Tool failure rate").inputValue()).resolves.toBe("0");
      await expect(page.getByLabel("Fault seed").inputValue()).resolves.toBe(String(expected.settings.seed));
      await page.getByRole("button", { name: "Run" }).click();
      await page.waitForFunction(
        () => (document.getElementById("app") as HTMLElement).dataset.phase === "approval_required",
      );
    }
    const style = (page: Page) =>
      page.evaluate(() => {
        const current = document.querySelector("li[aria-current='step']") as HTMLElement;
        const css = getComputedStyle(current.querySelector(".pill") as HTMLElement);
        return {
          phase: current.dataset.phase,
          animation: css.animationName,
          transition: css.transitionDuration,
          transform: css.transform,
        };
      });
    const moving = await style(motion.page);
    const calm = await style(still.page);
    expect(moving).toMatchObject({ phase: "approval_required", animation: "pulse" });
    expect(calm).toEqual({ phase: "approval_required", animation: "none", transition: "0s", transform: "none" });
    expect((await shown(still.page)).trace).toEqual((await shown(motion.page)).trace);
    await shot(still.page, "06-reduced-motion.png");

    // Labelled controls and an aria-live status region.
    const page = still.page;
    for (const label of ["max_steps", "Tool failure rate", "Fault seed"])
      await expect(page.getByLabel(label).count()).resolves.toBe(1);
    for (const name of ["Step", "Run", "Reset", "Approve", "Reject"])
      await expect(page.getByRole("button", { name, exact: true }).count()).resolves.toBe(1);
    const live = page.locator("#live");
    await expect(live.getAttribute("aria-live")).resolves.toBe("polite");
    await expect(live.getAttribute("role")).resolves.toBe("status");
    expect(await live.textContent()).toMatch(/^Approval required\..*publish_report waits for approval/);

    // Reject by keyboard (Space on the focused button), then Reset returns to Idle.
    await page.getByRole("button", { name: "Reject" }).focus();
    const rejected = await transition(page, () => page.keyboard.press("Space"));
    expect(rejected.trace.at(-1)?.type).toBe("approval_declined");
    expect(rejected.phase).toBe("observe");
    await page.getByRole("button", { name: "Reset" }).click();
    expect(await shown(page)).toMatchObject({ phase: "idle", trace: [], rows: 0 });
    expect([...motion.errors, ...still.errors]).toEqual([]);
  });

  it("with a timeout after dispatch reaches Reconcile required; only a named operator's confirm, by keyboard, continues", async () => {
    const settings = {
      maxSteps: 8,
      failureRatePercent: 0,
      seed: 13,
      fault: "timeout_after_dispatch",
      turns: "single",
    } as const;
    const expected = await referenceRun(settings, () => "approve", true);
    expect(expected.trace.some((e) => e.type === "tool_uncertain")).toBe(true);
    const { page, errors } = await openPage(
      "no-preference",
      "/?max_steps=8&rate=0&seed=13&fault=timeout_after_dispatch",
    );
    await expect(page.getByLabel("Injected fault").inputValue()).resolves.toBe("timeout_after_dispatch");

    const step = page.getByRole("button", { name: "Step", exact: true });
    let view = await shown(page);
    const visited = new Set<string>();
    for (let presses = 0; view.phase !== "reconcile_required"; presses += 1) {
      expect(presses, "the run should reach reconcile_required within its trace").toBeLessThan(expected.trace.length);
      view =
        view.phase === "approval_required"
          ? await transition(page, () => page.getByRole("button", { name: "Approve" }).click())
          : await transition(page, () => step.click());
      expectConsistent(view, expected, 8);
      visited.add(view.phase);
    }
    expect(view).toMatchObject({
      status: "reconcile_required",
      label: "Reconcile required",
      current: ["reconcile_required"],
    });
    expect(view.trace.at(-1)).toMatchObject({ type: "tool_uncertain", tool: "publish_report" });
    await expect(page.locator("#reconcile").isVisible()).resolves.toBe(true);
    expect(await page.locator("#uncertain-tool").textContent()).toBe("publish_report");
    expect(await page.locator("#uncertain-key").textContent()).toBe(view.trace.at(-1)?.idempotency_key);
    await expect(step.getAttribute("aria-disabled")).resolves.toBe("true");
    expect(view.live).toMatch(/publish_report is unknown: an operator must confirm it/);
    await shot(page, "07-reconcile-required.png");

    // No name: refused with the contract's reason, nothing dispatched, focus on the name field.
    const confirm = page.getByRole("button", { name: "Confirm outcome" });
    await confirm.focus();
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => (document.getElementById("app") as HTMLElement).dataset.busy === "false");
    expect(await page.locator("#reconcile-error").textContent()).toBe(
      "Not confirmed: a reconcile needs a named operator",
    );
    expect(await shown(page)).toMatchObject({ trace: view.trace, rows: view.rows, phase: "reconcile_required" });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("operator");

    // Named, by keyboard: type, Tab to Confirm, Enter. One transition: tool_reconciled, then the run goes on.
    await page.keyboard.type(REFERENCE_OPERATOR);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("confirm-outcome");
    view = await transition(page, () => page.keyboard.press("Enter"));
    expectConsistent(view, expected, 8);
    expect(view.trace.at(-1)).toMatchObject({ type: "tool_reconciled" });
    expect(view.phase).toBe("observe");
    await expect(page.locator("#reconcile").isVisible()).resolves.toBe(false);
    while ((await step.getAttribute("aria-disabled")) !== "true") {
      view = await transition(page, () => step.click());
      expectConsistent(view, expected, 8);
    }
    expect(view.trace).toEqual(expected.trace);
    expect(view.status).toBe("done");
    expect(errors).toEqual([]);
  });

  it("runs a turn with several calls as one Execute step that lists its calls", async () => {
    const settings = { maxSteps: 8, failureRatePercent: 0, seed: 13, fault: "none", turns: "parallel" } as const;
    const expected = await referenceRun(settings);
    const { page, errors } = await openPage("no-preference", "/?max_steps=8&rate=0&seed=13&fault=none&turns=parallel");
    await expect(page.getByLabel("Calls per turn").inputValue()).resolves.toBe("parallel");
    const step = page.getByRole("button", { name: "Step", exact: true });
    let view = await shown(page);
    for (let presses = 0; !(await page.locator("#next").textContent())?.includes("together"); presses += 1) {
      expect(presses, "the batch should be dispatched within the run").toBeLessThan(expected.trace.length);
      view = await transition(page, () => step.click());
      expectConsistent(view, expected, 8);
    }
    const calls = () =>
      page
        .locator("#batch li")
        .evaluateAll((items) =>
          items.map((li) => [(li as HTMLElement).dataset.callId, (li as HTMLElement).dataset.phase]),
        );
    await expect(page.locator("#batch-panel").isVisible()).resolves.toBe(true);
    expect(await calls()).toEqual([
      ["read", "executing"],
      ["fit", "executing"],
      ["save", "executing"],
    ]);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, "08-batch-executing.png");
    view = await transition(page, () => step.click());
    expectConsistent(view, expected, 8);
    const row = await page.locator("#transitions tr").last().locator("td").allTextContents();
    expect(row.slice(1, 4)).toEqual(["batch/settled", "batch/execute", "batch_calls_settled"]);
    expect(row[4]).toBe("Execute → Observe");
    // The turn is over: its calls' answers are in the conversation, the list of running calls is gone.
    await expect(page.locator("#batch-panel").isVisible()).resolves.toBe(false);
    expect(view.phase).toBe("observe");
    await shot(page, "09-batch-settled.png");
    await page.getByRole("button", { name: "Run" }).click();
    await page.waitForFunction(
      () => (document.getElementById("app") as HTMLElement).dataset.phase === "approval_required",
    );
    await page.getByRole("button", { name: "Approve" }).click();
    await page.getByRole("button", { name: "Run" }).click();
    await page.waitForFunction(() => (document.getElementById("app") as HTMLElement).dataset.phase === "done");
    expect((await shown(page)).trace).toEqual(expected.trace);
    expect(errors).toEqual([]);
  });

  it("has no serious accessibility violations (axe-core) while idle, waiting for approval and waiting for an operator", async () => {
    const { page, errors } = await openPage(
      "no-preference",
      "/?max_steps=8&rate=0&seed=13&fault=timeout_after_dispatch",
    );
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Run" }).click();
    await page.waitForFunction(
      () => (document.getElementById("app") as HTMLElement).dataset.phase === "approval_required",
    );
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Approve" }).click();
    await page.getByRole("button", { name: "Run" }).click();
    await page.waitForFunction(
      () => (document.getElementById("app") as HTMLElement).dataset.phase === "reconcile_required",
    );
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("would report a serious violation: the scan that finds none can find one", async () => {
    const { page } = await openPage();
    // A control with no name and an image with no text: critical under axe's button-name and image-alt rules.
    await page.evaluate(() =>
      document.querySelector("main")?.append(document.createElement("button"), document.createElement("img")),
    );
    const found = await seriousViolations(page);
    expect(found.map((v) => v.split(":")[0]).sort()).toEqual(["button-name", "image-alt"]);
  });
});

/** Waits until the page has rendered `rows` transitions and is idle. */
async function settled(page: Page, rows: number): Promise<void> {
  await page.waitForFunction(
    (n) =>
      (document.getElementById("app") as HTMLElement).dataset.busy === "false" &&
      document.querySelectorAll("#transitions tr").length >= n,
    rows,
    { timeout: paced(5_000) },
  );
}

const phaseNow = (page: Page) => page.evaluate(() => (document.getElementById("app") as HTMLElement).dataset.phase);
const rowsNow = (page: Page) => page.evaluate(() => document.querySelectorAll("#transitions tr").length);

describe.each(LOCALES)("the agent loop page in %s", (locale: Locale) => {
  const keys = keysOf(LOOP_CATALOGUES);
  const t = loopText(locale);

  it(
    "reaches every state with every text in the language, nothing overflowing at 1280×800 or 390×844, axe clean",
    async () => {
      const { page, errors } = await openAt(started(), `/?lang=${locale}`);
      await page.waitForSelector("#app[data-ready='true']");
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
      const seen = new Map<string, string[]>();
      const check = async (state: string, axe = false) => {
        seen.set(state, await languageProblems(page, locale, keys));
        if (axe) seen.set(`${state} (axe)`, await seriousViolations(page));
      };
      const open = async (query: string) => {
        await page.goto(new URL(`/?lang=${locale}&${query}`, started().server.url).href);
        await page.waitForSelector("#app[data-ready='true']");
      };
      /** Presses Step (Approve when asked) until `stop`, checking each state the first time it shows. */
      const stepThrough = async (stop: (phase: string | undefined) => boolean) => {
        for (let presses = 0; !stop(await phaseNow(page)); presses += 1) {
          expect(presses, "the run should stop").toBeLessThan(40);
          const rows = await rowsNow(page);
          const phase = await phaseNow(page);
          if (phase === "approval_required") await page.locator("#approve").click();
          else await page.locator("#step").click();
          await settled(page, rows + 1);
          const now = (await phaseNow(page)) ?? "";
          if (!seen.has(now)) await check(now, now === "approval_required");
        }
      };

      // Idle, then a run through approval to done: think, select tool, execute, observe, approval required, done.
      await open("max_steps=8&rate=0&seed=13&fault=none&turns=single");
      await check("idle", true);
      for (const name of ["controls.step", "controls.run", "controls.reset"] as const)
        await expect(page.getByRole("button", { name: t(name), exact: true }).count()).resolves.toBe(1);
      await expect(page.getByLabel(t("settings.rate")).inputValue()).resolves.toBe("0");
      await stepThrough((phase) => phase === "done");
      await shot(page, `i18n-${locale}-done.png`);

      // Reconcile required: refused without a name (the contract's reason quoted), then confirmed.
      await open("max_steps=8&rate=0&seed=13&fault=timeout_after_dispatch&turns=single");
      await stepThrough((phase) => phase === "reconcile_required");
      await page.locator("#confirm-outcome").click();
      await page.waitForFunction(() => !(document.getElementById("reconcile-error") as HTMLElement).hidden);
      expect(await page.locator("#reconcile-error").textContent()).toMatch(
        new RegExp(`^${t("reconcile.refused")} \\S`),
      );
      await check("reconcile_required, refused", true);
      await shot(page, `i18n-${locale}-reconcile.png`);

      // Error (every call faults), step limit (one planner turn), a multi-call turn, a settings error.
      await open("max_steps=8&rate=100&seed=13&fault=none&turns=single");
      await stepThrough((phase) => phase === "error");
      await open("max_steps=1&rate=0&seed=13&fault=none&turns=single");
      await stepThrough((phase) => phase === "step_limit");
      await open("max_steps=8&rate=0&seed=13&fault=none&turns=parallel");
      const batchShown = () => page.locator("#batch-panel").isVisible();
      for (let presses = 0; !(await batchShown()); presses += 1) {
        expect(presses, "the turn's calls should show").toBeLessThan(10);
        const rows = await rowsNow(page);
        await page.locator("#step").click();
        await settled(page, rows + 1);
      }
      await check("several calls in a turn", true);
      await page.getByLabel(t("settings.maxSteps")).fill("0");
      await expect(page.locator("#settings-error").isVisible()).resolves.toBe(true);
      await check("settings refused");
      expect(errors).toEqual([]);
      expect([...seen.keys()].filter((state) => !state.endsWith("(axe)")).sort()).toEqual([
        "approval_required",
        "done",
        "error",
        "execute",
        "idle",
        "observe",
        "reconcile_required",
        "reconcile_required, refused",
        "select_tool",
        "settings refused",
        "several calls in a turn",
        "step_limit",
        "think",
      ]);
      expect(Object.fromEntries([...seen].filter(([, problems]) => problems.length > 0))).toEqual({});
    },
    paced(120_000),
  );
});

describe("the language switch on the agent loop page", () => {
  it(
    "switches in place, keeping the run; the choice is kept in <html lang>, the address and storage",
    async () => {
      const keys = keysOf(LOOP_CATALOGUES);
      const zh = loopText("zh-CN");
      const { page, errors } = await openAt(started(), "/?max_steps=8&rate=0&seed=13");
      await page.waitForSelector("#app[data-ready='true']");
      // The browser's language (en-US) decides when the address and storage say nothing.
      expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");
      for (let i = 0; i < 3; i += 1) await transition(page, () => page.locator("#step").click());
      const before = await shown(page);

      await page.getByRole("button", { name: "中文" }).click();
      const after = await shown(page);
      expect(errors).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe("zh-CN");
      expect(new URL(page.url()).searchParams.get("lang")).toBe("zh-CN");
      expect(new URL(page.url()).searchParams.get("seed")).toBe("13");
      expect(await page.evaluate(() => localStorage.getItem("agent-harness.lang"))).toBe("zh-CN");
      // The same run, now in Chinese: its trace and rows untouched, every text switched.
      expect(after).toMatchObject({ trace: before.trace, rows: before.rows, phase: before.phase });
      expect(after.label).toBe(phaseLabel(zh, before.phase as Phase));
      expect(await page.title()).toBe(zh("page.title"));
      await expect(page.getByRole("button", { name: "中文" }).getAttribute("aria-pressed")).resolves.toBe("true");
      await expect(page.getByRole("button", { name: "English" }).getAttribute("aria-pressed")).resolves.toBe("false");
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("中文");
      expect(await languageProblems(page, "zh-CN", keys)).toEqual([]);

      // A reload, and an address without the language, open in Chinese again (address, then storage).
      await page.reload();
      await page.waitForSelector("#app[data-ready='true']");
      expect(await page.evaluate(() => document.documentElement.lang)).toBe("zh-CN");
      expect(await page.locator("#phase").textContent()).toBe(zh("phase.idle"));
      await page.goto(new URL("/", started().server.url).href);
      await page.waitForSelector("#app[data-ready='true']");
      expect(await page.locator("#step").textContent()).toBe(zh("controls.step"));

      // And back: English throughout.
      await page.getByRole("button", { name: "English" }).click();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");
      expect(await page.locator("#step").textContent()).toBe(en("controls.step"));
      expect(await languageProblems(page, "en", keys)).toEqual([]);
      expect(errors).toEqual([]);

      // A Chinese browser with nothing chosen opens in Chinese.
      const chinese = await openAt(started(), "/", "no-preference", "zh-CN");
      await chinese.page.waitForSelector("#app[data-ready='true']");
      expect(await chinese.page.evaluate(() => document.documentElement.lang)).toBe("zh-CN");
      expect(await chinese.page.locator("h1").textContent()).toBe(zh("page.heading"));
    },
    paced(60_000),
  );
});
