/**
 * Measure 4: the comparison itself, as a person runs it: `tsx scripts/compare.ts --framework F
 * --output <tmp> --quiet` in a child process, its wall time seen from here, and its peak memory.
 * Peak memory comes from inside: a module preloaded through NODE_OPTIONS (`--import`) writes the
 * peak RSS of every node process of the run when it exits (the tsx launcher and the node process
 * that runs compare.ts); the largest is the run's peak.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { BUILT_IN_FRAMEWORK_IDS as FRAMEWORK_IDS, type BuiltInFrameworkId } from "../../scenarios/index.js";
import { round, summarize } from "./stats.js";
import { NOT_MEASURED } from "./sections.js";
import { type ComparisonRun, type ComparisonSection } from "./sections-services.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const TSX = join(ROOT, "node_modules", ".bin", "tsx");

export type Framework = BuiltInFrameworkId;

export const COMPARISON_DEFINITION =
  "Wall time (spawn to exit, seen by the benchmark) and peak RSS of `tsx scripts/compare.ts --framework F --output <tmp> --quiet` in a child process; F runs after the handwritten engine over every scenario column. Each node process of the run (the tsx launcher and the process running compare.ts) writes its own peak RSS at exit from a module preloaded with NODE_OPTIONS=--import: VmHWM from /proc/self/status on Linux (process.resourceUsage().maxRSS elsewhere; on Linux it would include pages inherited from the benchmark at fork); the largest per run is reported.";

/**
 * Preloaded into every node process of a comparison run. On Linux it reads VmHWM (this
 * process's own peak RSS): `resourceUsage().maxRSS` would also count the benchmark's pages the
 * child inherited at fork, because Linux carries the high-water mark across exec.
 */
const PROBE = `import { appendFileSync, readFileSync } from "node:fs";
const out = process.env.AGENT_HARNESS_BENCH_RSS_FILE;
process.on("exit", () => {
  if (!out) return;
  let kib = null, source = "VmHWM";
  try { kib = Number(/^VmHWM:\\s+(\\d+) kB/m.exec(readFileSync("/proc/self/status", "utf8"))?.[1]); } catch {}
  if (!kib) { kib = process.resourceUsage().maxRSS; source = "resourceUsage.maxRSS"; }
  appendFileSync(out, JSON.stringify({ pid: process.pid, max_rss_kib: kib, source }) + "\\n");
});
`;

export async function measureComparison(
  runs: number,
  only: readonly Framework[],
  log: (line: string) => void,
): Promise<ComparisonSection> {
  const dir = mkdtempSync(join(tmpdir(), "agent-harness-bench-"));
  const probe = join(dir, "rss-probe.mjs");
  writeFileSync(probe, PROBE);
  const frameworks = {} as Record<Framework, ComparisonRun>;
  try {
    for (const framework of FRAMEWORK_IDS) {
      frameworks[framework] = only.includes(framework)
        ? await measureOne(framework, runs, dir, probe, log)
        : {
            status: NOT_MEASURED,
            command: commandOf(framework),
            reason: "skipped in --quick mode (run npm run bench for every framework)",
          };
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { definition: COMPARISON_DEFINITION, frameworks };
}

async function measureOne(
  framework: Framework,
  runs: number,
  dir: string,
  probe: string,
  log: (line: string) => void,
): Promise<ComparisonRun> {
  const command = commandOf(framework);
  if (!existsSync(TSX))
    return { status: NOT_MEASURED, command, reason: "node_modules/.bin/tsx is not installed (run npm ci)" };
  const walls: number[] = [];
  const peaks: number[] = [];
  const codes: number[] = [];
  let processes = 0;
  let source = "";
  for (let i = 0; i < runs; i++) {
    const rssFile = join(dir, `${framework}-${i}.rss.jsonl`);
    const output = join(dir, `${framework}-${i}.json`);
    const started = process.hrtime.bigint();
    const code = await run(TSX, ["scripts/compare.ts", "--framework", framework, "--output", output, "--quiet"], {
      ...process.env,
      NODE_OPTIONS: `${process.env["NODE_OPTIONS"] ?? ""} --import ${pathToFileURL(probe).href}`.trim(),
      AGENT_HARNESS_BENCH_RSS_FILE: rssFile,
    });
    const wall = Number(process.hrtime.bigint() - started) / 1e6;
    const lines = existsSync(rssFile)
      ? readFileSync(rssFile, "utf8")
          .split("\n")
          .filter((l) => l !== "")
          .map((l) => JSON.parse(l) as { max_rss_kib: number; source: string })
      : [];
    const reported = lines.map((l) => l.max_rss_kib);
    source = [...new Set(lines.map((l) => l.source))].join(", ");
    if (reported.length === 0)
      return { status: NOT_MEASURED, command, reason: `run ${i + 1} reported no maxRSS (exit code ${code})` };
    walls.push(wall);
    peaks.push(Math.max(...reported) / 1024);
    codes.push(code);
    processes = reported.length;
    log(
      `comparison ${framework} run ${i + 1}/${runs}: ${Math.round(wall)} ms, ${round(Math.max(...reported) / 1024, 1)} MiB, exit ${code}`,
    );
  }
  return {
    status: "measured",
    command,
    runs,
    exit_codes: codes,
    wall_ms: summarize(walls),
    max_rss_mib: summarize(peaks),
    rss_source: source,
    processes_per_run: processes,
  };
}

function commandOf(framework: Framework): string {
  return `tsx scripts/compare.ts --framework ${framework} --output <tmp> --quiet`;
}

function run(command: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: "ignore" });
    child.on("error", reject);
    child.on("close", (code) => resolvePromise(code ?? 1));
  });
}
