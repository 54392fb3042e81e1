/**
 * npm run conformance: the official MCP conformance suite against this server over Streamable
 * HTTP. Installs the pinned suite and Node 22 from the npm registry (scripts/conformance/), starts
 * `npm run --silent mcp -- --http 127.0.0.1:0 --store memory` (the system picks the port; the
 * server announces it), runs `conformance server --url … --expected-failures …` and writes
 * evidence/mcp-conformance-v1.json: each scenario's result, the baseline's reason for each
 * expected failure, and the Node and suite versions. Exit 0 only when every scenario passes or is
 * an expected failure with a reason, and no baseline entry passes.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "zod";
import { helpAsked } from "../cli/index.js";
import { spawnHttpServer } from "../scenarios/mcp/http-process.js";
import { REPO_ROOT } from "../scenarios/mcp/stdio-server.js";
import {
  BASELINE_PATH,
  CONFORMANCE_SCHEMA,
  EVIDENCE_PATH,
  judge,
  judgedClean,
  readBaseline,
  type ConformanceEvidence,
  type ScenarioResult,
} from "./conformance/baseline.js";
import { installSuite, NODE_PACKAGE, SUITE_PACKAGE } from "./conformance/install.js";

const SERVER_ARGS = ["--http", "127.0.0.1:0", "--store", "memory"] as const;
const log = (line: string) => void process.stderr.write(`conformance: ${line}\n`);

const CheckSchema = z.object({
  status: z.enum(["SUCCESS", "FAILURE", "WARNING", "INFO", "SKIPPED"]),
  errorMessage: z.string().optional(),
});

/** The suite's run, from its stdout and the `checks.json` it wrote per scenario under `out`. */
function resultsOf(stdout: string, out: string): Omit<ScenarioResult, "expected_failure">[] {
  const ran = [...stdout.matchAll(/^=== Running scenario: (\S+) ===$/gm)].map((m) => m[1]!);
  const dirs = existsSync(out) ? readdirSync(out) : [];
  return ran.map((scenario) => {
    const dir = dirs.find((name) => new RegExp(`^server-${scenario}-\\d{4}-\\d\\d-\\d\\dT[\\d-]+Z$`).test(name));
    if (dir === undefined)
      return {
        scenario,
        result: "fail",
        checks: { success: 0, failure: 1, warning: 0 },
        error: "the scenario wrote no checks.json (it stopped before its end)",
      };
    const checks = z.array(CheckSchema).parse(JSON.parse(readFileSync(join(out, dir, "checks.json"), "utf8")));
    const count = (status: string) => checks.filter((c) => c.status === status).length;
    const counts = { success: count("SUCCESS"), failure: count("FAILURE"), warning: count("WARNING") };
    const bad = checks.find((c) => c.status === "FAILURE" || c.status === "WARNING");
    return {
      scenario,
      result: bad === undefined ? "pass" : "fail",
      checks: counts,
      ...(bad === undefined ? {} : { error: bad.errorMessage ?? `a check ended ${bad.status}` }),
    };
  });
}

async function runSuite(node: string, cli: string, url: string, out: string) {
  const args = [cli, "server", "--url", url, "--expected-failures", join(REPO_ROOT, BASELINE_PATH), "-o", out];
  const child = spawn(node, args, { cwd: REPO_ROOT, stdio: ["ignore", "pipe", "inherit"] });
  let stdout = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
    process.stdout.write(chunk);
  });
  const code = await new Promise<number | null>((resolve) => child.once("close", resolve));
  return { code, stdout };
}

async function main(): Promise<number> {
  const suite = installSuite(REPO_ROOT, log);
  log(`${SUITE_PACKAGE}@${suite.suiteVersion} on Node ${suite.nodeVersion}`);
  const server = await spawnHttpServer({
    command: ["npm", "run", "--silent", "mcp", "--", ...SERVER_ARGS],
    cwd: REPO_ROOT,
    // The suite sends no bearer token, so a token set in the environment would refuse every scenario.
    env: { ...process.env, AGENT_HARNESS_HTTP_TOKEN: "" },
  });
  const out = mkdtempSync(join(tmpdir(), "agent-harness-conformance-"));
  let run: Awaited<ReturnType<typeof runSuite>>;
  try {
    log(`server at ${server.url}`);
    run = await runSuite(suite.node, suite.cli, server.url, out);
  } finally {
    await server.stop();
  }
  const baseline = readBaseline(join(REPO_ROOT, BASELINE_PATH));
  const reasons = new Map(baseline.map((entry) => [entry.scenario, entry.reason]));
  const results = resultsOf(run.stdout, out).map((r): ScenarioResult => {
    const reason = reasons.get(r.scenario);
    return r.result === "fail" && reason !== undefined ? { ...r, expected_failure: reason } : r;
  });
  rmSync(out, { recursive: true, force: true });
  const judgement = judge(results, baseline);
  const evidence: ConformanceEvidence = {
    schema: CONFORMANCE_SCHEMA,
    command: "npm run conformance",
    suite: {
      package: SUITE_PACKAGE,
      version: suite.suiteVersion,
      run: `conformance server --url http://127.0.0.1:PORT/mcp --expected-failures ${BASELINE_PATH}`,
    },
    node: { package: NODE_PACKAGE, version: suite.nodeVersion },
    server: `npm run --silent mcp -- ${SERVER_ARGS.join(" ")}`,
    baseline: BASELINE_PATH,
    summary: {
      scenarios: results.length,
      passed: results.filter((r) => r.result === "pass").length,
      expected_failures: results.filter((r) => r.expected_failure !== undefined).length,
      unexpected_failures: judgement.unexpected,
      stale_baseline: judgement.stale,
    },
    scenarios: results,
  };
  writeFileSync(join(REPO_ROOT, EVIDENCE_PATH), `${JSON.stringify(evidence, null, 2)}\n`);
  log(
    `wrote ${EVIDENCE_PATH}: ${evidence.summary.passed} of ${results.length} passed, ${evidence.summary.expected_failures} expected failures`,
  );
  for (const [what, names] of Object.entries(judgement)) if (names.length > 0) log(`${what}: ${names.join(", ")}`);
  if (results.length === 0) log("the suite ran no scenario");
  return judgedClean(judgement) && run.code === 0 && results.length > 0 ? 0 : 1;
}

const USAGE =
  "Usage: tsx scripts/conformance.ts   (npm run conformance; no options: it writes evidence/mcp-conformance-v1.json)";

if (helpAsked(process.argv.slice(2))) process.stdout.write(`${USAGE}\n`);
else if (process.argv.length > 2) {
  process.stderr.write(`conformance: unknown argument ${process.argv[2]} (unknown_flag)\n${USAGE}\n`);
  process.exitCode = 2;
} else
  main().then(
    (code) => (process.exitCode = code),
    (error: unknown) => {
      log(String(error instanceof Error ? error.stack : error));
      process.exitCode = 1;
    },
  );
