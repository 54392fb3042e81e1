/**
 * The course's gates and the checks that a submission is this run's: only fixtures, a fake
 * model's route, missing approval or fault evidence each gate a consistent submission; a made-up
 * commit, foreign commands and the project's own runtime record are refused.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { parseRoute, sealRoute, type Route } from "../../handwritten/route/index.js";
import { localGraphFactory } from "../../local-graph/agent/index.js";
import { ALL_COLUMNS, ROUTE_COLUMNS } from "../../scenarios/index.js";
import { main } from "../../scripts/check-evidence.js";
import { compare, type ComparisonReport } from "../../scripts/comparison/report.js";
import { checkSubmission } from "../../scripts/evidence/check.js";
import { courseGates } from "../../scripts/evidence/gates.js";
import { gitProvenance } from "../../scripts/evidence/provenance.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const now = new Date("2026-06-01T00:00:00Z");
const exampleRoute = (): Route => {
  const parsed = parseRoute(readFileSync(join(root, "routes/route_weekly_report.route.json"), "utf8"));
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
};
const asModel = (route: Route, name: string): Route => {
  const { digest: _old, ...body } = { ...route, model: { name, provider: null, params: {} } };
  return sealRoute(body);
};
const replay = (route: Route) =>
  compare({
    framework: "local_state_graph",
    factory: localGraphFactory,
    scenarios: ROUTE_COLUMNS.filter((s) => s.name === route.scenario),
    planner: { kind: "route", route },
    commit: null,
    now,
  });

let fixture: ComparisonReport;
let realRoute: ComparisonReport;
let fakeRoute: ComparisonReport;
beforeAll(async () => {
  const base = { framework: "local_state_graph", factory: localGraphFactory, commit: null, now } as const;
  fixture = await compare({ ...base, scenarios: ALL_COLUMNS });
  realRoute = await replay(asModel(exampleRoute(), "my-real-model"));
  fakeRoute = await replay(exampleRoute());
}, 60_000);

const json = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

describe("courseGates", () => {
  it("gates on the planner alone when the fixture comparison shows approval binding and fault recovery", () => {
    const gates = courseGates([json(fixture)]);
    expect(gates.planner_gate).toBe("blocked");
    expect(gates.gated.map((g) => g.gate)).toEqual(["planner"]);
    expect(gates.gated[0]?.reason).toContain("only the FixtureModel ran");
  });

  it("keeps the planner gate blocked for a fake model's route, with that reason", () => {
    const gates = courseGates([json(fixture), json(fakeRoute)]);
    expect(gates.planner_gate_reason).toContain("fake model");
  });

  it("opens every gate with a measured real-model route beside the fixture comparison", () => {
    expect(courseGates([json(fixture), json(realRoute)])).toEqual({
      planner_gate: "open",
      planner_gate_reason: null,
      gated: [],
    });
  });

  it("gates approval binding and fault recovery when no comparison shows them", () => {
    const gates = courseGates([json(realRoute), { schema: "something else" }]);
    expect(gates.planner_gate).toBe("open");
    expect(gates.gated.map((g) => g.gate)).toEqual(["approval_binding", "fault_recovery"]);
  });
});

/** A learner's checkout-like folder (not a git checkout) holding the artifacts a run wrote. */
function learnerRoot(artifacts: Record<string, unknown>, commands = ["npm run compare", "npm test"]) {
  const dir = mkdtempSync(join(tmpdir(), "learner-"));
  for (const [path, content] of Object.entries(artifacts)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), JSON.stringify(content));
  }
  const submission = readFileSync(join(root, "test/evidence/fixtures/valid-submission.yaml"), "utf8")
    .replace(/commands:\n(  - .*\n)+/, `commands:\n${commands.map((c) => `  - ${c}\n`).join("")}`)
    .replace(
      /artifacts:\n(  - .*\n)+/,
      `artifacts:\n${Object.keys(artifacts)
        .map((a) => `  - ${a}\n`)
        .join("")}`,
    );
  writeFileSync(join(dir, "submission.yaml"), submission);
  return dir;
}

function runCli(argv: string[]) {
  let stdout = "";
  let stderr = "";
  const code = main(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), now: () => now, cwd: root });
  return { code, stdout, stderr };
}

describe("check-evidence with the gates", () => {
  it("passes (exit 0, planner gate open) a submission of the learner's own fixture and real-route comparisons", () => {
    const dir = learnerRoot({ "evidence/mine-local.json": fixture, "evidence/mine-route.json": realRoute });
    const run = runCli([join(dir, "submission.yaml"), "--root", dir]);
    expect(run.stderr).toBe("");
    expect(run).toMatchObject({ code: 0 });
    expect(run.stdout).toMatch(/ok \(learn-llm\.evidence\.v1\); planner gate open/);
  });

  it("reports a fixture-only submission as gated (exit 3), with the reason, in text and in --json", () => {
    const dir = learnerRoot({ "evidence/mine-local.json": fixture });
    const text = runCli([join(dir, "submission.yaml"), "--root", dir]);
    expect(text.code).toBe(3);
    expect(text.stdout).toMatch(/: gated: planner: only the FixtureModel ran/);
    const asJson = runCli([join(dir, "submission.yaml"), "--root", dir, "--json"]);
    expect(asJson.code).toBe(3);
    expect(JSON.parse(asJson.stdout)).toMatchObject({
      status: "gated",
      planner_gate: "blocked",
      gates: [{ gate: "planner" }],
      problems: [],
    });
  });

  it("reports a submission with no comparison at all as gated on all three", () => {
    const dir = learnerRoot({ "evidence/notes.json": { hello: 1 } });
    const run = runCli([join(dir, "submission.yaml"), "--root", dir, "--json"]);
    expect(JSON.parse(run.stdout).gates.map((g: { gate: string }) => g.gate)).toEqual([
      "planner",
      "approval_binding",
      "fault_recovery",
    ]);
  });

  it("refuses the seed's python commands and a script this project does not have", () => {
    const dir = learnerRoot({ "evidence/mine-local.json": fixture }, [
      "python -m pytest tests/",
      "python scripts/compare.py --framework langgraph",
      "npm run deploy",
      "npx tsx scripts/compare.ts --framework local_state_graph",
    ]);
    const run = runCli([join(dir, "submission.yaml"), "--root", dir, "--json"]);
    expect(run.code).toBe(1);
    const problems = JSON.parse(run.stdout).problems as { code: string; message: string }[];
    expect(problems.filter((p) => p.code === "foreign_command").map((p) => p.message)).toEqual([
      expect.stringContaining("python -m pytest"),
      expect.stringContaining("python scripts/compare.py"),
      expect.stringContaining("npm script deploy"),
    ]);
  });
});

describe("inside this checkout", () => {
  const options = {
    root,
    format: "yaml",
    modules: ["13-agent-harness"],
    now,
    provenance: gitProvenance(root),
  } as const;
  const submission = (commit: string, artifact: string) =>
    readFileSync(join(root, "test/evidence/fixtures/valid-submission.yaml"), "utf8")
      .replace(/^commit: .*$/m, `commit: ${commit}`)
      .replace(/artifacts:\n(  - .*\n)+/, `artifacts:\n  - ${artifact}\n`);
  const head = execFileSync("git", ["-C", root, "rev-parse", "HEAD"], { encoding: "utf8" }).trim();

  it("refuses a commit that does not exist in the checkout, and accepts one that does", () => {
    const made_up = checkSubmission(submission("2bd68bc0a1f2e3d4c5b6a7980123456789abcdef", "README.md"), options);
    expect(made_up.map((p) => p.code)).toEqual(["unknown_commit"]);
    expect(checkSubmission(submission(head, "README.md"), options)).toEqual([]);
  });

  it("refuses the project's own runtime record offered as the learner's artifact", () => {
    const problems = checkSubmission(submission(head, "evidence/13-runtime-v1.json"), options);
    expect(problems.map((p) => p.code)).toEqual(["project_artifact"]);
  });
});
