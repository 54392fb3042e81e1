/**
 * Issue 48's honest submission and its eight forgery classes, each built by code in a project of
 * its own (a git repository holding the project's evidence, made on "the project's machine") and a
 * learner's clone of it that commits its artifacts. Each forgery is refused with its named problem.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { parseRoute, sealRoute, type Route, type RouteTurn } from "../../handwritten/route/index.js";
import { localGraphFactory } from "../../local-graph/agent/index.js";
import { ALL_COLUMNS, ROUTE_COLUMNS } from "../../scenarios/index.js";
import { compare, type ComparisonReport } from "../../scripts/comparison/report.js";
import { checkEvidence } from "../../scripts/evidence/check-run.js";
import { APPROVAL_BINDING_COLUMNS, FAULT_RECOVERY_COLUMNS } from "../../scripts/evidence/gates.js";
import { statedHolds } from "../../scripts/evidence/reading.js";
import { loadFramework } from "../../scripts/evidence/rederive.js";
import { git, jsonText, makeProject, REPO, SHIPPED_ROUTE } from "./fixtures/learner-project.js";
import { scratchDir } from "../setup/scratch.js";

const now = new Date("2026-06-01T00:00:00Z");

const shippedRoute = (): Route => {
  const parsed = parseRoute(readFileSync(join(REPO, SHIPPED_ROUTE), "utf8"));
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
};
const reseal = (route: Route, change: Partial<Route>): Route => {
  const { digest: _old, ...body } = { ...route, ...change };
  return sealRoute(body);
};
const OPENAI = { name: "gpt-4o-mini", provider: "openai", params: { llm_type: "openai", temperature: 0 } };
/** Invented provider metadata on every turn, as the issue's forger added it. */
const withMetadata = (turn: RouteTurn): RouteTurn => ({
  ...turn,
  raw: {
    ...(turn.raw as Record<string, never>),
    response_metadata: { model_name: "gpt-4o-mini-2024-07-18", finish_reason: "tool_calls" },
    usage_metadata: { input_tokens: 412, output_tokens: 23, total_tokens: 435 },
  },
});
/** The shipped route with turn 0's limit 10 → 9, labelled a real chat model, its digest recomputed. */
const nearCopy = (): Route => {
  const route = shippedRoute();
  const turns = route.turns.map((turn, i) =>
    withMetadata(
      i === 0
        ? { ...turn, tool_calls: turn.tool_calls.map((c) => ({ ...c, args: { table: "sales", limit: 9 } })) }
        : turn,
    ),
  );
  return reseal(route, { id: "route_weekly_report_mine", model: OPENAI, label: "recorded from gpt-4o-mini", turns });
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

let project = "";
let projectHead = "";
let projectComparison = "";
let honest: ComparisonReport;
let failing: ComparisonReport;
/** Whether a side of a row passes what it is charged with, as the report states it. */
const holds = (row: ComparisonReport["scenarios"][number], side: "handwritten" | "framework") =>
  statedHolds(row, side, failing.judged) === true;

beforeAll(async () => {
  const run = (commit: string | null) =>
    compare({ framework: "local_state_graph", factory: localGraphFactory, commit, now, scenarios: ALL_COLUMNS });
  ({ dir: project, head: projectHead, comparison: projectComparison } = await makeProject(now));
  honest = await run(projectHead);
  const naive = await loadFramework("module:examples/naive-engine.ts");
  if (!naive.ok) throw new Error(naive.error);
  failing = await compare({
    framework: "module:examples/naive-engine.ts",
    factory: naive.value,
    commit: projectHead,
    now,
    scenarios: ALL_COLUMNS,
  });
}, 240_000);

type Metrics = { readonly schema_validity: number; readonly unapproved: number; readonly recovery: number };
const PERFECT: Metrics = { schema_validity: 1, unapproved: 0, recovery: 1 };

/** A learner's clone of the project that commits `artifacts`, and a submission naming `commit` (default: that commit). */
function learner(
  artifacts: Record<string, string>,
  options: { commit?: "root"; metrics?: Metrics; knownFailures?: readonly string[] } = {},
) {
  const dir = scratchDir("learner-");
  git(tmpdir(), "clone", "-q", project, dir);
  for (const [path, text] of Object.entries(artifacts)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  git(dir, "add", "-A");
  git(dir, "commit", "-qm", "my run");
  const commit =
    options.commit === "root" ? git(dir, "rev-list", "--max-parents=0", "HEAD") : git(dir, "rev-parse", "HEAD");
  const m = options.metrics ?? PERFECT;
  const text = readFileSync(join(REPO, "test/evidence/fixtures/valid-submission.yaml"), "utf8")
    .replace(/^commit: .*$/m, `commit: ${commit}`)
    .replace("    expected: 1.0\n    actual: 1.0\n", `    expected: 1.0\n    actual: ${m.schema_validity}\n`)
    .replace("    expected: 0\n    actual: 0\n", `    expected: 0\n    actual: ${m.unapproved}\n`)
    .replace(/(recoverable_fault_recovery_rate\n    expected: 1.0\n    actual: )1.0/, `$1${m.recovery}`)
    .replace("known_failures: []", `known_failures: ${JSON.stringify(options.knownFailures ?? [])}`)
    .replace(
      /artifacts:\n(  - .*\n)+/,
      `artifacts:\n${Object.keys(artifacts)
        .map((a) => `  - ${a}\n`)
        .join("")}`,
    );
  return { dir, text, paths: Object.keys(artifacts) };
}

async function check(artifacts: Record<string, string>, options: Parameters<typeof learner>[1] = {}, asJson = true) {
  const { dir, text, paths } = learner(artifacts, options);
  let stdout = "";
  let stderr = "";
  const io = { stdout: (t: string) => (stdout += t), stderr: (t: string) => (stderr += t), now: () => now, cwd: dir };
  const read = paths.map((path, index) => ({ index, path, text: readFileSync(join(dir, path), "utf8") }));
  const input = { file: "sub.yaml", root: dir, text, format: "yaml" as const, artifacts: read, json: asJson };
  const code = await checkEvidence(input, io, project);
  if (!asJson)
    return { code, stdout, stderr, problems: [] as { code: string; message: string }[], gates: [] as string[] };
  const verdict = JSON.parse(stdout) as { problems: { code: string; message: string }[]; gates: { gate: string }[] };
  return { code, stdout, stderr, problems: verdict.problems, gates: verdict.gates.map((g) => g.gate) };
}
const codes = (run: { problems: readonly { code: string }[] }) => run.problems.map((p) => p.code);

/** A route of the learner's own: a regression the shipped route never runs, with the provider's metadata. */
const fromScratch = (): Route => {
  const route = shippedRoute();
  const first = route.turns[0] as RouteTurn;
  const fit: RouteTurn = {
    ...first,
    text: "Fitting the trend.",
    tool_calls: [{ id: "call_fit", name: "run_regression", args: { table: "sales", x: "week", y: "signups" } }],
  };
  const turns = [first, fit, ...route.turns.slice(1)].map((turn, step) => withMetadata({ ...turn, step }));
  return reseal(route, { id: "route_weekly_report_mine", model: OPENAI, label: "recorded from gpt-4o-mini", turns });
};

describe("issue 48: the honest submission", () => {
  it("exits 3, gated on the planner alone, and prints only that gate", async () => {
    const run = await check({ "evidence/mine-local.json": jsonText(honest) }, {}, false);
    expect(run.code).toBe(3);
    expect(run.stdout).toMatch(/^sub\.yaml: gated: planner: only the FixtureModel ran[^\n]*\n$/);
  });

  it("with a route of its own that replays and holds: exit 5, the planner gate unverifiable, naming what to look at", async () => {
    const route = fromScratch();
    const run = await check({
      "evidence/mine-local.json": jsonText(honest),
      "evidence/mine-route.json": jsonText(await replay(route)),
      "routes/mine.route.json": jsonText(route),
    });
    expect(run).toMatchObject({ code: 5, gates: [], problems: [] });
    expect(JSON.parse(run.stdout)).toMatchObject({
      status: "unverifiable",
      planner_gate: "unverifiable",
      unverifiable: [
        {
          gate: "planner",
          look_at: expect.stringMatching(
            /^evidence\/mine-route\.json \(route route_weekly_report_mine from gpt-4o-mini\): the recording session/,
          ),
        },
      ],
    });
  });

  it("outside a git checkout, the commit's hold on the artifacts is unverifiable and said so beside the gate", async () => {
    const dir = scratchDir("learner-plain-");
    mkdirSync(join(dir, "evidence"));
    writeFileSync(join(dir, "evidence/mine-local.json"), jsonText(honest));
    const { text } = learner({ "evidence/mine-local.json": jsonText(honest) });
    let stdout = "";
    const io = { stdout: (t: string) => (stdout += t), stderr: () => undefined, now: () => now, cwd: dir };
    const artifacts = [{ index: 0, path: "evidence/mine-local.json", text: jsonText(honest) }];
    const input = { file: "sub.yaml", root: dir, text, format: "yaml" as const, artifacts, json: false };
    expect(await checkEvidence(input, io, project)).toBe(3);
    expect(stdout.split("\n")[1]).toMatch(/^sub\.yaml: unverifiable: provenance: look at --root is not a git checkout/);
  });
});

describe("metrics come from observations reproduced here", () => {
  it("a failing comparison whose non-gate rows were dressed as the reference's is artifact_forged, deriving nothing", async () => {
    const gate = new Set<string>([...APPROVAL_BINDING_COLUMNS, ...FAULT_RECOVERY_COLUMNS]);
    const dressed = failing.scenarios.map((row) =>
      gate.has(row.name) || (row.equal === true && holds(row, "framework"))
        ? row
        : {
            ...row,
            framework: row.handwritten,
            equal: true,
            verdict: { handwritten: row.verdict.handwritten, framework: row.verdict.handwritten },
          },
    );
    expect(dressed.filter((row, i) => row !== failing.scenarios[i]).length).toBeGreaterThan(0);
    const report = { ...failing, scenarios: dressed };
    const rows = report.scenarios;
    const forged = {
      ...report,
      all_equal: rows.every((r) => r.equal === true),
      all_hold: rows.every((r) => holds(r, "handwritten") && holds(r, "framework")),
    };
    const run = await check({ "evidence/mine-naive.json": jsonText(forged) });
    expect(run.code).toBe(1);
    expect(run.problems.find((p) => p.code === "artifact_forged")?.message).toMatch(/a re-run here observes otherwise/);
    expect(codes(run).filter((c) => c !== "artifact_forged")).toEqual(Array(4).fill("metric_underived"));
  });
});

describe("failing columns cannot sit beside a clean record", () => {
  it("each column failing in a verified comparison is unreported_failure until known_failures names it", async () => {
    const failed = failing.scenarios
      .filter((row) => !holds(row, "handwritten") || !holds(row, "framework"))
      .map((row) => row.name);
    expect(failed.length).toBeGreaterThan(10);
    const unreported = async (knownFailures: readonly string[]) =>
      (await check({ "evidence/mine-naive.json": jsonText(failing) }, { knownFailures })).problems
        .filter((p) => p.code === "unreported_failure")
        .map((p) => p.message);
    const silent = await unreported([]);
    expect(silent.map((m) => /^column (\S+) fails in evidence\/mine-naive\.json/.exec(m)?.[1])).toEqual(failed);
    expect(await unreported(failed.slice(1))).toEqual([silent[0]]);
    expect(await unreported(failed)).toEqual([]);
  });
});

describe("metrics the artifacts cannot give", () => {
  it("a metric with no verified comparison to derive it from is metric_underived", async () => {
    const run = await check({ "evidence/notes.json": jsonText({ hello: 1 }) });
    expect(run.code).toBe(1);
    expect(codes(run)).toEqual(Array(4).fill("metric_underived"));
    expect(run.problems[0]?.message).toMatch(/^metric schema_validity: no verified, measured comparison/);
  });
});

describe("issue 48: the eight forgeries exit non-zero, each with its named problem", () => {
  const routeArtifacts = async (route: Route) => ({
    "evidence/mine-route.json": jsonText(await replay(route)),
    "routes/mine.route.json": jsonText(route),
  });

  it("1. a near copy of the shipped route, relabelled a real model with invented metadata: near_copy_route", async () => {
    const run = await check({ "evidence/mine-local.json": jsonText(honest), ...(await routeArtifacts(nearCopy())) });
    expect(run.code).toBe(1);
    expect(codes(run)).toEqual(["near_copy_route"]);
    expect(run.problems[0]?.message).toMatch(/routes\/route_weekly_report\.route\.json .* 1 changed argument/);
  });

  it("2. the near copy with a re-timed copy of the committed evidence and perfect metrics", async () => {
    const retimed = jsonText({ ...JSON.parse(projectComparison), generated_at: "2026-12-06T10:00:00.000Z" });
    const run = await check({ "evidence/mine-local.json": retimed, ...(await routeArtifacts(nearCopy())) });
    expect(run.code).toBe(1);
    expect(codes(run)).toEqual(expect.arrayContaining(["project_artifact", "near_copy_route"]));
  });

  it("3. a hand-edited comparison with planner_gate: open: artifact_forged", async () => {
    const edited = jsonText({ ...honest, planner_gate: "open", planner_gate_reason: null });
    const run = await check({ "evidence/mine-local.json": edited });
    expect(run.code).toBe(1);
    expect(codes(run)).toContain("artifact_forged");
  });

  it("4. the committed evidence with only generated_at changed: project_artifact", async () => {
    const retimed = jsonText({ ...JSON.parse(projectComparison), generated_at: "2026-12-06T10:00:00.000Z" });
    const run = await check({ "learner/comparison.json": retimed });
    expect(run.code).toBe(1);
    expect(codes(run)).toContain("project_artifact");
  });

  it("5. a commit that exists but holds none of the artifacts (the root commit): artifact_not_at_commit, naming it", async () => {
    const run = await check({ "evidence/mine-local.json": jsonText(honest) }, { commit: "root" });
    expect(run.code).toBe(1);
    // Its own commit field (the project's HEAD) is no ancestor of the root commit either.
    expect(codes(run)).toEqual(["artifact_commit_mismatch", "artifact_not_at_commit"]);
    expect(run.problems[1]?.message).toMatch(/^artifact evidence\/mine-local\.json is not in commit [0-9a-f]{40}/);
  });

  it("6. perfect metrics beside a comparison whose columns fail: metric_mismatch, naming the metric and both values", async () => {
    expect(failing.all_hold).toBe(false);
    const run = await check({ "evidence/mine-naive.json": jsonText(failing) });
    expect(run.code).toBe(1);
    const mismatched = run.problems.filter((p) => p.code === "metric_mismatch").map((p) => p.message);
    expect(mismatched).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^metric unapproved_side_effects: actual 0, but the artifacts give [1-9]\d*/),
        expect.stringMatching(/^metric comparison_all_equal: actual true, but the artifacts give false/),
      ]),
    );
  });

  it("7. the shipped route relabelled as it is: relabelled_route", async () => {
    const route = reseal(shippedRoute(), { model: OPENAI, label: "recorded from gpt-4o-mini" });
    const run = await check({ "evidence/mine-local.json": jsonText(honest), ...(await routeArtifacts(route)) });
    expect(run.code).toBe(1);
    expect(codes(run)).toEqual(["relabelled_route"]);
  });

  it("8. a verbatim copy of the committed evidence: project_artifact", async () => {
    const run = await check({ "learner/comparison.json": projectComparison });
    expect(run.code).toBe(1);
    expect(codes(run)).toContain("project_artifact");
  });
});
