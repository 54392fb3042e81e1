/**
 * TEST SUPPORT (never bundled): the pages built into a temporary folder, served on an ephemeral
 * 127.0.0.1 port, and the machine's Chromium (cli/chromium.ts: AGENT_HARNESS_CHROMIUM or PATH) driven by
 * playwright-core (no browser download). Without one these suites are left out of the run and named on its
 * `not measured:` line (test/setup/requirements.ts); once they run, a browser that fails is an error. Also the axe-core scan.
 */
import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll } from "vitest";
import { findChromium } from "../cli/index.js";
import { buildWeb, WEB_DIR } from "./build.js";
import { startServer, type RunningServer } from "./serve.js";

/** The browser to launch, or an error that says why there is none. */
export function chromiumPath(): string {
  const found = findChromium();
  if (!found.found) throw new Error(`the browser tests need Chromium: ${found.reason}`);
  return found.path;
}
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
/** Screenshots: test artifacts, git-ignored, never committed. */
export const SHOTS = join(WEB_DIR, "..", "test-output", "web");
/**
 * Screenshots are taken when this is "1": nothing reads them but a person, and a run's 51 full-page PNGs cost
 * Chromium 56 CPU-s of the browser tier's 261.
 */
export const SCREENSHOTS_ENV = "AGENT_HARNESS_SCREENSHOTS";
const screenshotsAsked = (env: NodeJS.ProcessEnv = process.env) => env[SCREENSHOTS_ENV] === "1";

export type Session = { readonly browser: Browser; readonly server: RunningServer };
export type Harness = { started(): Session; stop(): Promise<void> };

export async function startBrowser(): Promise<Harness> {
  let browser: Browser | undefined;
  let server: RunningServer | undefined;
  let outdir: string | undefined;
  let setupError: Error | undefined;
  try {
    const executablePath = chromiumPath();
    outdir = await mkdtemp(join(tmpdir(), "web-e2e-"));
    await Promise.all([buildWeb({ outdir }), screenshotsAsked() && mkdir(SHOTS, { recursive: true })]);
    server = await startServer({ dir: outdir, port: 0 });
    browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
  } catch (error) {
    setupError = error instanceof Error ? error : new Error(String(error));
  }
  return {
    started() {
      if (setupError !== undefined) throw setupError;
      if (browser === undefined || server === undefined) throw new Error("the browser or the server did not start");
      return { browser, server };
    },
    async stop() {
      await browser?.close();
      await server?.close();
      if (outdir !== undefined) await rm(outdir, { recursive: true, force: true });
    },
  };
}

/**
 * Browser contexts opened during a test, closed after it: a page left open keeps its timers and
 * animations running, and every later test in the file runs slower beside it. `closeAfterEach`
 * registers the closing in the test file that calls it (from its useBrowser or useReport).
 */
export type ContextTracker = {
  readonly track: (context: Pick<BrowserContext, "close">) => void;
  readonly closeAll: () => Promise<void>;
  readonly closeAfterEach: () => void;
};

export function contextTracker(): ContextTracker {
  const opened = new Set<Pick<BrowserContext, "close">>();
  const closeAll = async () => {
    const contexts = [...opened];
    opened.clear();
    await Promise.all(contexts.map((context) => context.close()));
  };
  return { track: (context) => void opened.add(context), closeAll, closeAfterEach: () => afterEach(closeAll) };
}

/** The contexts `openAt` opens. */
const opened = contextTracker();

/** Starts the browser for this test file and stops it after; the function returns the running session. */
export function useBrowser(): () => Session {
  let harness: Harness | undefined;
  beforeAll(async () => {
    harness = await startBrowser();
  });
  opened.closeAfterEach();
  afterAll(async () => {
    await harness?.stop();
  });
  return () => {
    if (harness === undefined) throw new Error("the browser harness did not start");
    return harness.started();
  };
}

/** A fresh context and page at `path`, collecting page errors and console errors; `language` is the browser's. */
export async function openAt(
  session: Session,
  path: string,
  reducedMotion: "reduce" | "no-preference" = "no-preference",
  language = "en-US",
): Promise<{ page: Page; errors: string[] }> {
  const context = await session.browser.newContext({
    reducedMotion,
    viewport: { width: 1280, height: 900 },
    locale: language,
  });
  opened.track(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await page.goto(new URL(path, session.server.url).href);
  return { page, errors };
}

/** A full-page screenshot of `page` as `test-output/web/<name>`, when asked for (SCREENSHOTS_ENV). */
export async function shot(page: Pick<Page, "screenshot">, name: string, env = process.env): Promise<void> {
  if (screenshotsAsked(env)) await page.screenshot({ path: join(SHOTS, name), fullPage: true, animations: "disabled" });
}

/** axe-core's serious and critical violations on the page as it is now, as "rule: targets" lines. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Colours are judged at rest: a fade-in caught half-way is not the page's contrast.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished),
    ),
  );
  const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
  await page.addScriptTag({ content: await readFile(axePath, "utf8") });
  return page.evaluate(async () => {
    type Violation = { id: string; impact?: string | null; nodes: { target: unknown[] }[] };
    type Run = (context: Document, options: { resultTypes: string[] }) => Promise<{ violations: Violation[] }>;
    const axe = (window as unknown as { axe: { run: Run } }).axe;
    // Only violations are read: `resultTypes` keeps every rule and every violation and truncates the other result
    // types to one node each (axe-core 4.14 doc/API.md, options.resultTypes): 9 % of the browser tier's CPU, most of it
    // selectors for the report's 18,000 elements.
    const { violations } = await axe.run(document, { resultTypes: ["violations"] });
    return violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(" ")}`);
  });
}
