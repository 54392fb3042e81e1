/**
 * tsx scripts/mutation/write-evidence.ts: the second half of `npm run mutate`. Reads StrykerJS's
 * JSON report, looks up the equivalence reasons, checks the result and writes the evidence.
 * Exit codes: 0 written; 1 written but inconsistent (e.g. the goal is met while a survivor is still
 * open, with no test killing it and no reason it is equivalent); 2 bad usage;
 * 3 no report to read (Stryker did not run); 4 the report or the evidence file could not be read or written.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import {
  DEFAULT_INPUT_LIMITS,
  outputExitCode,
  parseFlags,
  readInputFile,
  writeFilesAtomically,
} from "../../cli/index.js";
import { MUTATION_EVIDENCE_PATH } from "../evidence/terms.js";
import { loadRun } from "../../durable/load-run.js";
import type { EquivalenceReasons } from "./evidence.js";
import type { MutationRunInfo } from "./summarize.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
export const REASONS_PATH = "scripts/mutation/equivalent-mutants.json";
const CONFIG_PATH = "scripts/mutation/stryker.config.json";
const USAGE = `Usage: tsx scripts/mutation/write-evidence.ts [--report PATH] [--output PATH]
  --report  StrykerJS's JSON report (default reports/mutation/mutation.json)
  --output  where the evidence goes (default ${MUTATION_EVIDENCE_PATH})
Exit codes: 0 written; 1 written, but inconsistent (the goal met with an open survivor); 2 bad usage
(a flag given twice or empty, a report that is not a regular file, too large or too deep); 3 no
report (run npm run mutate); 4 the report could not be read or the evidence not written.`;

/** Stryker's report holds every mutated source file; a contract-sized run is a few MiB. */
const MAX_REPORT_BYTES = 256 * 1024 * 1024;

const readJson = (path: string): unknown => JSON.parse(readFileSync(join(ROOT, path), "utf8"));
const version = (pkg: string) => (readJson(`node_modules/${pkg}/package.json`) as { version: string }).version;

function runInfo(): MutationRunInfo {
  const config = readJson(CONFIG_PATH) as { mutate: string[]; coverageAnalysis: string };
  const vitestConfig = readFileSync(join(ROOT, "scripts/mutation/vitest.config.ts"), "utf8");
  const tests = /include: \["([^"]+)"\]/.exec(vitestConfig)?.[1] ?? "unknown";
  return {
    // The last commit that changed the measured code or its tests: it survives rebases of later commits.
    commit: execFileSync("git", ["-C", ROOT, "log", "-1", "--format=%H", "--", "contract"], {
      encoding: "utf8",
    }).trim(),
    tools: {
      stryker_core: version("@stryker-mutator/core"),
      vitest_runner: version("@stryker-mutator/vitest-runner"),
      vitest: version("vitest"),
      node: process.version,
    },
    scope: { mutate: config.mutate, tests, coverage_analysis: config.coverageAnalysis },
  };
}

function readReasons(): EquivalenceReasons {
  const reasons = readJson(REASONS_PATH);
  if (typeof reasons !== "object" || reasons === null || Array.isArray(reasons))
    throw new Error(`${REASONS_PATH} must be an object of key -> reason`);
  return reasons as EquivalenceReasons;
}

export async function main(argv: readonly string[]): Promise<number> {
  const flags = parseFlags(argv, { report: { type: "string" }, output: { type: "string" }, help: { type: "boolean" } });
  if (!flags.ok) {
    process.stderr.write(`mutation: ${flags.error.code}: ${flags.error.message}\n${USAGE}\n`);
    return 2;
  }
  const { values } = flags.value;
  if (values.help === true) return (void process.stdout.write(`${USAGE}\n`), 0);
  const reportPath = resolve(ROOT, values.report ?? "reports/mutation/mutation.json");
  const output = resolve(ROOT, values.output ?? MUTATION_EVIDENCE_PATH);
  const read = readInputFile(reportPath, { maxBytes: MAX_REPORT_BYTES, maxDepth: DEFAULT_INPUT_LIMITS.maxDepth });
  if (!read.ok && read.error.code === "input_not_found") {
    process.stderr.write(`mutation: not-measured: no Stryker report at ${reportPath} (run npm run mutate)\n`);
    return 3;
  }
  if (!read.ok) {
    process.stderr.write(`mutation: ${read.error.code}: ${read.error.message}\n`);
    return read.error.exit;
  }
  const text = read.value;
  // Checked and read: only now the report's schema and the summary load.
  const [{ parseStrykerReport }, { staleReasons, summarizeReport }, { checkMutationEvidence, describeMutation }] =
    await loadRun(() =>
      Promise.all([import("./stryker-report.js"), import("./summarize.js"), import("./evidence.js")]),
    );
  const report = parseStrykerReport(text);
  if (!report.ok) {
    process.stderr.write(`mutation: ${report.error.code}: ${report.error.reason}\n`);
    return 4;
  }
  const reasons = readReasons();
  const evidence = summarizeReport(report.value, reasons, runInfo());
  const written = writeFilesAtomically([{ path: output, text: `${JSON.stringify(evidence, null, 2)}\n` }]);
  if (!written.ok) {
    process.stderr.write(
      `mutation: ${written.error.code === "write_failed" ? "write_failed: " : ""}${written.error.message}\n`,
    );
    return outputExitCode(written.error);
  }
  process.stdout.write(`mutation: ${describeMutation(evidence)}; wrote ${output}\n`);
  for (const key of staleReasons(evidence, reasons))
    process.stderr.write(`mutation: stale reason (no such survivor): ${key}\n`);
  const problems = checkMutationEvidence(evidence, reasons);
  for (const p of problems) process.stderr.write(`mutation: ${p}\n`);
  return problems.length === 0 ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) process.exitCode = await main(process.argv.slice(2));
