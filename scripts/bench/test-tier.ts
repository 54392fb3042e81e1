/**
 * Measure 10: the fast test tier, once. `npm test` runs in a child process exactly as a developer types it, with
 * the tier's reporter added (scripts/bench/test-tier-reporter.ts); the section is its wall time, counts and time
 * by project (scripts/bench/test-tier-schema.ts). Minutes of work, so the bench's own test checks the recorded
 * shape and never runs it.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { stripVTControlCharacters } from "node:util";
import { TEST_TIER_OUT_ENV } from "./test-tier-reporter.js";
import { TEST_TIER_DEFINITION, testTierOf, TierRun, type TestTierSection } from "./test-tier-schema.js";
import { NOT_MEASURED } from "./sections.js";

const ROOT = resolve(fileURLToPath(new URL("../..", import.meta.url)));
const REPORTER = "./scripts/bench/test-tier-reporter.ts";
const COMMAND = "npm test";

/** vitest's FAIL lines in the child's output, each once, colours removed: what a failed run logs. */
const failedLines = (text: string): string[] =>
  [
    ...new Set(
      stripVTControlCharacters(text)
        .split("\n")
        .filter((l) => l.includes(" FAIL ")),
    ),
  ].slice(0, 10);

/** The child's output, kept to show why a run failed and to read its `not measured:` line. */
const lastLine = (text: string, prefix: string): string | null =>
  text
    .split("\n")
    .filter((l) => l.startsWith(prefix))
    .at(-1) ?? null;

export async function measureTestTier(log: (line: string) => void): Promise<TestTierSection> {
  const dir = mkdtempSync(join(tmpdir(), "agent-harness-test-tier-"));
  const out = join(dir, "tier.json");
  try {
    log(`test_tier: ${COMMAND} once (a few minutes)`);
    const start = loadavg();
    const started = performance.now();
    const { code, output } = await run(["test", "--", `--reporter=${REPORTER}`, "--reporter=dot"], {
      ...process.env,
      [TEST_TIER_OUT_ENV]: out,
    });
    const wallMs = performance.now() - started;
    const end = loadavg();
    if (!existsSync(out)) {
      const tail = output.trim().split("\n").slice(-5).join(" / ");
      return {
        status: NOT_MEASURED,
        definition: TEST_TIER_DEFINITION,
        reason: `${COMMAND} exited ${code} before vitest reported: ${tail}`,
      };
    }
    const section = testTierOf(TierRun.parse(JSON.parse(readFileSync(out, "utf8"))), {
      command: COMMAND,
      exitCode: code,
      wallMs,
      notMeasured: lastLine(output, "not measured:"),
      load: { start: start.map(round2), end: end.map(round2) },
    });
    if (section.status === "measured")
      log(
        `test_tier: ${section.wall_s} s, ${section.tests.passed} passed, ${section.tests.failed} failed (exit ${code})`,
      );
    // What failed, as vitest said it: the figure of a failed run does not count, and the reason must not be lost.
    if (code !== 0) for (const line of failedLines(output)) log(`test_tier: ${line}`);
    return section;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const round2 = (n: number) => Math.round(n * 100) / 100;

function run(args: readonly string[], env: NodeJS.ProcessEnv): Promise<{ code: number; output: string }> {
  return new Promise((done, fail) => {
    const child = spawn("npm", args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", fail);
    child.on("close", (code) => done({ code: code ?? 1, output }));
  });
}
