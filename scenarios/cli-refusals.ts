/**
 * Bad input for every entry point (scripts/, the MCP server and approver, the web scripts): a FIFO,
 * a directory or a device where a file goes, a file too large or nested too deep, a flag given
 * twice or empty, a number out of range. Each must exit 2 at once with its reason code on stderr
 * and write nothing: `test/cli/entry-points.test.ts` checks that, `npm run bench` times it.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

export type RefusalCase = {
  readonly id: number;
  readonly script: string;
  readonly argv: readonly string[];
  /** The reason code the first line of stderr must carry. */
  readonly code: string;
};

type Paths = {
  readonly inputs: string;
  readonly input: (name: string) => string;
  readonly out: (id: number, name?: string) => string;
};
type CaseMaker = (id: number, paths: Paths) => Omit<RefusalCase, "id">;

const submission = (artifact: string) => `schema: learn-llm.evidence.v1\nartifacts:\n  - ${artifact}\n`;

/**
 * [script, argv, reason code]; every case expects exit 2. `out(i)` names case i's output folder.
 * A case may carry a second bad input behind the one it tests (a FIFO route, --schedules 0, an
 * empty --output, a bad port), so that with its guard broken it still fails fast instead of
 * starting a run (runtime-record would run this very suite).
 */
const CASES: readonly CaseMaker[] = [
  (_, { input }) => ({ script: "scripts/check-evidence.ts", argv: [input("fifo")], code: "input_not_regular" }),
  (_, { input }) => ({ script: "scripts/check-evidence.ts", argv: [input("folder")], code: "input_not_regular" }),
  () => ({ script: "scripts/check-evidence.ts", argv: ["/dev/zero"], code: "input_not_regular" }),
  (_, { input }) => ({ script: "scripts/check-evidence.ts", argv: [input("big.yaml")], code: "input_too_large" }),
  (_, { input }) => ({ script: "scripts/check-evidence.ts", argv: [input("deep.json")], code: "input_too_deep" }),
  (_, { input }) => ({ script: "scripts/check-evidence.ts", argv: [input("deep.yaml")], code: "input_too_deep" }),
  (_, { inputs, input }) => ({
    script: "scripts/check-evidence.ts",
    argv: [input("fifo-artifact.yaml"), "--root", inputs],
    code: "input_not_regular",
  }),
  (_, { inputs, input }) => ({
    script: "scripts/check-evidence.ts",
    argv: [input("folder-artifact.yaml"), "--root", inputs],
    code: "input_not_regular",
  }),
  (_, { input }) => ({
    script: "scripts/check-evidence.ts",
    argv: [input("ok.yaml"), "--json", "--json"],
    code: "flag_repeated",
  }),
  (id, { input, out }) => ({
    script: "scripts/compare.ts",
    argv: ["--framework", "local_state_graph", "--planner", `route:${input("fifo")}`, "--output", out(id)],
    code: "input_not_regular",
  }),
  (id, { input, out }) => ({
    script: "scripts/compare.ts",
    argv: ["--framework", "local_state_graph", "--planner", `route:${input("folder")}`, "--output", out(id)],
    code: "input_not_regular",
  }),
  (id, { input, out }) => ({
    script: "scripts/compare.ts",
    argv: ["--framework", "local_state_graph", "--planner", `route:${input("deep.json")}`, "--output", out(id)],
    code: "input_too_deep",
  }),
  (id, { input, out }) => ({
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
  (id, { input, out }) => ({
    script: "scripts/compare.ts",
    argv: ["--framework", `${input("fifo")}`, "--output", out(id)],
    code: "input_not_regular",
  }),
  // A module path that names nothing: refused at once, before a column runs (it used to run all of them, then exit 3).
  (id, { input, out }) => ({
    script: "scripts/compare.ts",
    argv: ["--framework", `${input("missing-engine.ts")}`, "--output", out(id)],
    code: "input_not_found",
  }),
  (id, { input, out }) => ({
    script: "scripts/runtime-record.ts",
    argv: ["--planner", `route:${input("fifo")}`, "--output", out(id)],
    code: "input_not_regular",
  }),
  () => ({ script: "scripts/runtime-record.ts", argv: ["--output", ""], code: "flag_empty" }),
  (id, { out }) => ({
    script: "scripts/runtime-record.ts",
    argv: ["--output", out(id), "--output", ""],
    code: "flag_repeated",
  }),
  (id, { out }) => ({
    script: "scripts/fault-schedules.ts",
    argv: ["--schedules", "100000000000000000000", "--output", out(id)],
    code: "out_of_range",
  }),
  (id, { out }) => ({
    script: "scripts/fault-schedules.ts",
    argv: ["--schedules", "10000001", "--output", out(id)],
    code: "out_of_range",
  }),
  (id, { out }) => ({
    script: "scripts/fault-schedules.ts",
    argv: ["--seed", "1", "--seed", "2", "--schedules", "0", "--output", out(id)],
    code: "flag_repeated",
  }),
  () => ({
    script: "scripts/fault-schedules.ts",
    argv: ["--schedules", "1", "--output", ""],
    code: "flag_empty",
  }),
  (id, { out }) => ({
    script: "scripts/route-record.ts",
    argv: ["--model", "m.ts", "--scenario", "route_weekly_report", "--output", out(id), "--output", out(id, "b.json")],
    code: "flag_repeated",
  }),
  (id, { input, out }) => ({
    script: "scripts/route-record.ts",
    argv: ["--model", input("fifo"), "--scenario", "route_weekly_report", "--output", out(id)],
    code: "input_not_regular",
  }),
  () => ({
    script: "scripts/availability.ts",
    argv: ["--state", "absent", "--output", ""],
    code: "flag_empty",
  }),
  (id, { out }) => ({
    script: "scripts/bench-stores.ts",
    argv: ["--quick", "--output", out(id), "--output", ""],
    code: "flag_repeated",
  }),
  () => ({ script: "scripts/bench.ts", argv: ["--quick", "--output", ""], code: "flag_empty" }),
  () => ({ script: "scripts/docs.ts", argv: ["--check", "--check"], code: "flag_repeated" }),
  (id, { input, out }) => ({
    script: "scripts/mutation/write-evidence.ts",
    argv: ["--report", input("fifo"), "--output", out(id)],
    code: "input_not_regular",
  }),
  (id, { input, out }) => ({
    script: "scripts/mutation/write-evidence.ts",
    argv: ["--report", input("deep.json"), "--output", out(id)],
    code: "input_too_deep",
  }),
  (_, { input }) => ({ script: "scripts/bench/cpu-profile.ts", argv: [input("fifo")], code: "input_not_regular" }),
  (_, { input }) => ({
    script: "scripts/bench/cpu-profile.ts",
    argv: [input("ok.json"), "--top", "0"],
    code: "out_of_range",
  }),
  (id, { out }) => ({
    script: "mcp/server-main.ts",
    argv: ["--store", "memory", "--store", `sqlite:${out(id, "mcp.sqlite")}`],
    code: "flag_repeated",
  }),
  (id, { out }) => ({
    script: "mcp/server-main.ts",
    argv: ["--store", `sqlite:${out(id, "mcp.sqlite")}`, "--session-idle-ms", "2147483648"],
    code: "out_of_range",
  }),
  (id, { out }) => ({
    script: "mcp/server-main.ts",
    argv: ["--store", `sqlite:${out(id, "mcp.sqlite")}`, "--audit-log", ""],
    code: "flag_empty",
  }),
  () => ({
    script: "mcp/approve-main.ts",
    argv: ["--answer", "{}", "--ttl-ms", "100000000000000000000"],
    code: "out_of_range",
  }),
  (id, { out }) => ({
    script: "web/build.ts",
    argv: ["--outdir", out(id, "web"), "--outdir", out(id, "web2")],
    code: "flag_repeated",
  }),
  () => ({ script: "web/serve.ts", argv: ["--port", "70000", "--port", "70000"], code: "flag_repeated" }),
];

/** The inputs the cases name, written under `scratch` (one empty output folder per case). */
export function refusalCases(scratch: string): readonly RefusalCase[] {
  const paths: Paths = {
    inputs: join(scratch, "in"),
    input: (name) => join(scratch, "in", name),
    out: (id, name = "out.json") => join(scratch, `out-${id}`, name),
  };
  const input = paths.input;
  mkdirSync(join(scratch, "in", "folder"), { recursive: true });
  if (spawnSync("mkfifo", [input("fifo")]).status !== 0) throw new Error("mkfifo failed: the cases need a FIFO");
  writeFileSync(input("big.yaml"), `schema: learn-llm.evidence.v1\n# ${"x".repeat(256 * 1024)}\n`);
  writeFileSync(input("deep.json"), `${"[".repeat(1000)}${"]".repeat(1000)}\n`);
  writeFileSync(input("deep.yaml"), `${"- ".repeat(1000)}x\n`);
  writeFileSync(input("ok.yaml"), submission("ok.json"));
  writeFileSync(input("ok.json"), '{"nodes": [], "samples": [], "timeDeltas": []}\n');
  writeFileSync(input("fifo-artifact.yaml"), submission("fifo"));
  writeFileSync(input("folder-artifact.yaml"), submission("folder"));
  return CASES.map((make, id) => {
    mkdirSync(join(scratch, `out-${id}`));
    return { id, ...make(id, paths) };
  });
}

export type EntryPointRun = {
  readonly status: number | null;
  readonly stderr: string;
  readonly stdout: string;
  /** From spawn to exit, as a user waits for it. */
  readonly wallMs: number;
};

/** tsx's command line, as `npm run` and the README start a script. */
const TSX_CLI = createRequire(import.meta.url).resolve("tsx/cli");

/** Spawns a script the way the package.json scripts run it (`tsx script`), killed if it outlives `timeoutMs`. */
export function runEntryPoint(script: string, argv: readonly string[], timeoutMs: number): Promise<EntryPointRun> {
  return runNode([TSX_CLI, resolve(root, script), ...argv], timeoutMs);
}

/** This node with `args` and no tsx: the floor under every entry point, which is node's own start. */
export function runNode(args: readonly string[], timeoutMs: number): Promise<EntryPointRun> {
  return new Promise((done) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, {
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
      done({ status, stdout, stderr, wallMs: performance.now() - started });
    });
  });
}
