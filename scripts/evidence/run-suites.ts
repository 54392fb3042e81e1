/**
 * The process part of the runtime record: the type checks and the test suites, run for real,
 * and vitest's JSON report reduced to counts and sanitised failure names.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { homedir, tmpdir, userInfo } from "node:os";
import { join, relative } from "node:path";
import type { RecordedCommand, RunResults, TestSummary } from "./record.js";

/** The suite that compares the committed record with a regeneration is left out of the run that regenerates it. */
export const EXCLUDED_FROM_RUN = "test/evidence/runtime-record.test.ts";
export const TEST_COMMAND = `npx vitest run --reporter=json --outputFile=<tmp>/vitest.json --exclude ${EXCLUDED_FROM_RUN}`;

export const TYPECHECKS = [
  { command: "npx tsc -p tsconfig.json --noEmit", purpose: "type check of the project" },
  { command: "npx tsc -p langgraph-adapter/tsconfig.json --noEmit", purpose: "type check of the LangGraph adapter" },
] as const;

type VitestAssertion = { fullName?: string; title?: string; status?: string; failureMessages?: string[] };
type VitestFile = { name?: string; status?: string; message?: string; assertionResults?: VitestAssertion[] };
export type VitestReport = {
  numTotalTests?: number;
  numPassedTests?: number;
  numFailedTests?: number;
  numPendingTests?: number;
  numTodoTests?: number;
  success?: boolean;
  testResults?: VitestFile[];
};

/** Replaces the checkout path, the home folder and the user name so no machine detail leaks into evidence. */
export function sanitise(text: string, root: string): string {
  let out = text.split(root).join(".");
  const home = homedir();
  if (home.length > 1) out = out.split(home).join("~");
  try {
    const user = userInfo().username;
    if (user.length > 2)
      out = out.replace(new RegExp(`\\b${user.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`, "g"), "[user]");
  } catch {
    // no user database: nothing to hide
  }
  return out;
}

const firstLine = (text: string) => (text.split("\n").find((line) => line.trim() !== "") ?? "").trim().slice(0, 200);

/** Counts and failing test names from vitest's JSON report. */
export function summariseVitest(report: VitestReport, root: string): { tests: TestSummary; known_failures: string[] } {
  const files = report.testResults ?? [];
  const failures: string[] = [];
  let failedFiles = 0;
  for (const file of files) {
    const path = sanitise(relative(root, file.name ?? "?"), root);
    const failed = (file.assertionResults ?? []).filter((a) => a.status === "failed");
    for (const a of failed)
      failures.push(
        `${path} > ${sanitise(a.fullName ?? a.title ?? "?", root)}: ${sanitise(firstLine(a.failureMessages?.[0] ?? ""), root)}`,
      );
    if (file.status === "failed") {
      failedFiles += 1;
      if (failed.length === 0)
        failures.push(`${path}: ${sanitise(firstLine(file.message ?? "the file failed to run"), root)}`);
    }
  }
  const failed = report.numFailedTests ?? 0;
  return {
    tests: {
      command: TEST_COMMAND,
      files: files.length,
      failed_files: failedFiles,
      total: report.numTotalTests ?? 0,
      passed: report.numPassedTests ?? 0,
      failed,
      skipped: report.numPendingTests ?? 0,
      todo: report.numTodoTests ?? 0,
      success: report.success === true && failed === 0 && failedFiles === 0,
    },
    known_failures: failures.sort(),
  };
}

export type SuiteRun = RunResults & { readonly durations_ms: Record<string, number> };

function run(
  command: string,
  root: string,
  log: (line: string) => void,
): { status: number; ms: number; output: string } {
  log(`$ ${command}`);
  const [bin = "npx", ...args] = command.split(" ");
  const started = Date.now();
  const result = spawnSync(bin, args, {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, FORCE_COLOR: "0" },
  });
  return {
    status: result.status ?? 1,
    ms: Date.now() - started,
    output: `${result.stdout ?? ""}${result.stderr ?? ""}`,
  };
}

/** Runs the type checks and the suites in `root`. */
export function runSuites(root: string, log: (line: string) => void = () => undefined): SuiteRun {
  const commands: RecordedCommand[] = [];
  const known: string[] = [];
  const durations: Record<string, number> = {};
  for (const check of TYPECHECKS) {
    const r = run(check.command, root, log);
    commands.push({ command: check.command, kind: "process", purpose: check.purpose, exit_code: r.status });
    durations[check.command] = r.ms;
    if (r.status !== 0) {
      const errors = r.output
        .split("\n")
        .filter((line) => /error TS\d+/.test(line))
        .map((line) => sanitise(line.trim(), root));
      known.push(
        ...(errors.length > 0 ? errors.map((e) => `${check.command}: ${e}`) : [`${check.command}: exited ${r.status}`]),
      );
    }
  }
  const dir = mkdtempSync(join(tmpdir(), "runtime-record-"));
  try {
    const outputFile = join(dir, "vitest.json");
    const r = run(TEST_COMMAND.replace("<tmp>/vitest.json", outputFile), root, log);
    commands.push({
      command: TEST_COMMAND,
      kind: "process",
      purpose: "every test suite, with vitest's JSON report",
      exit_code: r.status,
    });
    durations[TEST_COMMAND] = r.ms;
    let report: VitestReport;
    try {
      report = JSON.parse(readFileSync(outputFile, "utf8")) as VitestReport;
    } catch {
      throw new Error(`vitest wrote no JSON report (exit ${r.status}):\n${sanitise(r.output.slice(-2000), root)}`);
    }
    const summary = summariseVitest(report, root);
    return {
      commands,
      tests: summary.tests,
      known_failures: [...known, ...summary.known_failures],
      durations_ms: durations,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
