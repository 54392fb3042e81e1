/**
 * Every entry point (scripts/, the package.json scripts, the MCP server and approver, the web
 * scripts) driven as a process through bad input: a FIFO, a directory or a device where a file
 * goes, a file too large or nested too deep, a flag given twice or empty, a number out of range.
 * Each must exit 2 (bad input) at once with its reason code on stderr, and write nothing.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const scratch = mkdtempSync(join(tmpdir(), "entry-points-"));
const input = (name: string) => join(scratch, "in", name);
/** Each case writes (if it wrongly ran) only under its own folder, which must stay empty. */
const out = (id: number, name = "out.json") => join(scratch, `out-${id}`, name);

type Case = { readonly script: string; readonly argv: readonly string[]; readonly code: string };

const submission = (artifact: string) => `schema: learn-llm.evidence.v1\nartifacts:\n  - ${artifact}\n`;

/**
 * [script, argv, reason code]; every case expects exit 2. `out(i)` names case i's output folder.
 * A case may carry a second bad input behind the one it tests (a FIFO route, --schedules 0, an
 * empty --output, a bad port), so that with its guard broken it still fails fast instead of
 * starting a run (runtime-record would run this very suite).
 */
const CASES: readonly ((id: number) => Case)[] = [
  () => ({ script: "scripts/check-evidence.ts", argv: [input("fifo")], code: "input_not_regular" }),
  () => ({ script: "scripts/check-evidence.ts", argv: [input("folder")], code: "input_not_regular" }),
  () => ({ script: "scripts/check-evidence.ts", argv: ["/dev/zero"], code: "input_not_regular" }),
  () => ({ script: "scripts/check-evidence.ts", argv: [input("big.yaml")], code: "input_too_large" }),
  () => ({ script: "scripts/check-evidence.ts", argv: [input("deep.json")], code: "input_too_deep" }),
  () => ({ script: "scripts/check-evidence.ts", argv: [input("deep.yaml")], code: "input_too_deep" }),
  () => ({
    script: "scripts/check-evidence.ts",
    argv: [input("fifo-artifact.yaml"), "--root", join(scratch, "in")],
    code: "input_not_regular",
  }),
  () => ({
    script: "scripts/check-evidence.ts",
    argv: [input("folder-artifact.yaml"), "--root", join(scratch, "in")],
    code: "input_not_regular",
  }),
  () => ({ script: "scripts/check-evidence.ts", argv: [input("ok.yaml"), "--json", "--json"], code: "flag_repeated" }),
  (id) => ({
    script: "scripts/compare.ts",
    argv: ["--framework", "local_state_graph", "--planner", `route:${input("fifo")}`, "--output", out(id)],
    code: "input_not_regular",
  }),
  (id) => ({
    script: "scripts/compare.ts",
    argv: ["--framework", "local_state_graph", "--planner", `route:${input("folder")}`, "--output", out(id)],
    code: "input_not_regular",
  }),
  (id) => ({
    script: "scripts/compare.ts",
    argv: ["--framework", "local_state_graph", "--planner", `route:${input("deep.json")}`, "--output", out(id)],
    code: "input_too_deep",
  }),
  (id) => ({
    script: "scripts/compare.ts",
    argv: [
      ...["--framework", "local_state_graph", "--framework", "langgraph"],
      ...["--planner", `route:${input("fifo")}`, "--output", out(id)],
    ],
    code: "flag_repeated",
  }),
  () => ({
    script: "scripts/compare.ts",
    argv: ["--framework", "local_state_graph", "--output", ""],
    code: "flag_empty",
  }),
  (id) => ({
    script: "scripts/compare.ts",
    argv: ["--framework", `${input("fifo")}`, "--output", out(id)],
    code: "input_not_regular",
  }),
  (id) => ({
    script: "scripts/runtime-record.ts",
    argv: ["--planner", `route:${input("fifo")}`, "--output", out(id)],
    code: "input_not_regular",
  }),
  () => ({ script: "scripts/runtime-record.ts", argv: ["--output", ""], code: "flag_empty" }),
  (id) => ({
    script: "scripts/runtime-record.ts",
    argv: ["--output", out(id), "--output", ""],
    code: "flag_repeated",
  }),
  (id) => ({
    script: "scripts/fault-schedules.ts",
    argv: ["--schedules", "100000000000000000000", "--output", out(id)],
    code: "out_of_range",
  }),
  (id) => ({
    script: "scripts/fault-schedules.ts",
    argv: ["--schedules", "10000001", "--output", out(id)],
    code: "out_of_range",
  }),
  (id) => ({
    script: "scripts/fault-schedules.ts",
    argv: ["--seed", "1", "--seed", "2", "--schedules", "0", "--output", out(id)],
    code: "flag_repeated",
  }),
  () => ({ script: "scripts/fault-schedules.ts", argv: ["--schedules", "1", "--output", ""], code: "flag_empty" }),
  (id) => ({
    script: "scripts/route-record.ts",
    argv: ["--model", "m.ts", "--scenario", "route_weekly_report", "--output", out(id), "--output", out(id, "b.json")],
    code: "flag_repeated",
  }),
  (id) => ({
    script: "scripts/route-record.ts",
    argv: ["--model", input("fifo"), "--scenario", "route_weekly_report", "--output", out(id)],
    code: "input_not_regular",
  }),
  () => ({ script: "scripts/availability.ts", argv: ["--state", "absent", "--output", ""], code: "flag_empty" }),
  (id) => ({
    script: "scripts/bench-stores.ts",
    argv: ["--quick", "--output", out(id), "--output", ""],
    code: "flag_repeated",
  }),
  () => ({ script: "scripts/bench.ts", argv: ["--quick", "--output", ""], code: "flag_empty" }),
  () => ({ script: "scripts/docs.ts", argv: ["--check", "--check"], code: "flag_repeated" }),
  (id) => ({
    script: "scripts/mutation/write-evidence.ts",
    argv: ["--report", input("fifo"), "--output", out(id)],
    code: "input_not_regular",
  }),
  (id) => ({
    script: "scripts/mutation/write-evidence.ts",
    argv: ["--report", input("deep.json"), "--output", out(id)],
    code: "input_too_deep",
  }),
  () => ({ script: "scripts/bench/cpu-profile.ts", argv: [input("fifo")], code: "input_not_regular" }),
  () => ({ script: "scripts/bench/cpu-profile.ts", argv: [input("ok.json"), "--top", "0"], code: "out_of_range" }),
  (id) => ({
    script: "mcp/server-main.ts",
    argv: ["--store", "memory", "--store", `sqlite:${out(id, "mcp.sqlite")}`],
    code: "flag_repeated",
  }),
  (id) => ({
    script: "mcp/server-main.ts",
    argv: ["--store", `sqlite:${out(id, "mcp.sqlite")}`, "--session-idle-ms", "2147483648"],
    code: "out_of_range",
  }),
  (id) => ({
    script: "mcp/server-main.ts",
    argv: ["--store", `sqlite:${out(id, "mcp.sqlite")}`, "--audit-log", ""],
    code: "flag_empty",
  }),
  () => ({
    script: "mcp/approve-main.ts",
    argv: ["--answer", "{}", "--ttl-ms", "100000000000000000000"],
    code: "out_of_range",
  }),
  (id) => ({
    script: "web/build.ts",
    argv: ["--outdir", out(id, "web"), "--outdir", out(id, "web2")],
    code: "flag_repeated",
  }),
  () => ({ script: "web/serve.ts", argv: ["--port", "70000", "--port", "70000"], code: "flag_repeated" }),
];

type Run = { readonly status: number | null; readonly stderr: string; readonly stdout: string };

/** Spawns a script the way the package.json scripts run it (tsx), killed if it outlives `timeoutMs`. */
function runScript(script: string, argv: readonly string[], timeoutMs: number): Promise<Run> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ["--import", "tsx", join(root, script), ...argv], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
      env: Object.fromEntries(
        Object.entries(process.env).filter(
          ([k]) => !["AGENT_HARNESS_STORE", "AGENT_HARNESS_APPROVAL_SECRET"].includes(k),
        ),
      ),
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => void (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => void (stderr += d.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("close", (status) => {
      clearTimeout(timer);
      done({ status, stdout, stderr });
    });
  });
}

/** At most `limit` at a time: each spawn loads tsx and the script's imports (the machine has two cores). */
async function pooled<T, R>(items: readonly T[], limit: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await run(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  return results;
}

const cases = CASES.map((make, id) => ({ id, ...make(id) }));
const runs = new Map<number, Run>();

beforeAll(async () => {
  mkdirSync(join(scratch, "in", "folder"), { recursive: true });
  expect(spawnSync("mkfifo", [input("fifo")]).status).toBe(0);
  writeFileSync(input("big.yaml"), `schema: learn-llm.evidence.v1\n# ${"x".repeat(256 * 1024)}\n`);
  writeFileSync(input("deep.json"), `${"[".repeat(1000)}${"]".repeat(1000)}\n`);
  writeFileSync(input("deep.yaml"), `${"- ".repeat(1000)}x\n`);
  writeFileSync(input("ok.yaml"), submission("ok.json"));
  writeFileSync(input("ok.json"), '{"nodes": [], "samples": [], "timeDeltas": []}\n');
  writeFileSync(input("fifo-artifact.yaml"), submission("fifo"));
  writeFileSync(input("folder-artifact.yaml"), submission("folder"));
  for (const { id } of cases) mkdirSync(join(scratch, `out-${id}`));
  const results = await pooled(cases, 3, (c) => runScript(c.script, c.argv, 60_000));
  results.forEach((run, i) => runs.set(i, run));
}, 600_000);

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("every entry point refuses bad input with exit 2, a reason code, and nothing written", () => {
  it.each(cases.map((c) => [`${c.script} ${c.argv.map((a) => a.replace(scratch, "…")).join(" ")}`, c] as const))(
    "%s",
    (_, c) => {
      const run = runs.get(c.id)!;
      // One line says why, first (nothing ran before it), with the reason's code.
      const reason = run.stderr.split("\n")[0] ?? "";
      expect({ status: run.status, code: new RegExp(`\\b${c.code}\\b`).test(reason) }, run.stderr).toEqual({
        status: 2,
        code: true,
      });
      expect(run.stdout).toBe("");
      expect(readdirSync(join(scratch, `out-${c.id}`))).toEqual([]);
    },
  );
});
