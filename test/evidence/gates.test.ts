/**
 * The course's gates, derived by running what each artifact claims: a table of forged submissions
 * (an edited gate or verdict, a relabelled shipped route, the project's committed evidence under
 * another path) none of which exits 0, beside the honest ones (fixture only: gated, exit 3; with a
 * recorded route and its comparison: unverifiable, exit 5). And the checks that a submission is this
 * run's. The project is one the tests build (fixtures/learner-project.ts), not this checkout's evidence/.
 */
import { paced } from "../setup/pace.js";
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { parseRoute, sealRoute, type Route, type RouteTurn } from "../../handwritten/route/index.js";
import { localGraphFactory } from "../../local-graph/agent/index.js";
import { ALL_COLUMNS, ROUTE_COLUMNS } from "../../scenarios/index.js";
import { main } from "../../scripts/check-evidence.js";
import { compare, type ComparisonReport } from "../../scripts/comparison/report.js";
import { checkSubmission } from "../../scripts/evidence/check.js";
import { checkEvidence } from "../../scripts/evidence/check-run.js";
import { makeProject, type Project } from "./fixtures/learner-project.js";
import { gitProvenance } from "../../scripts/evidence/provenance.js";
import { scratchDir } from "../setup/scratch.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const now = new Date("2026-06-01T00:00:00Z");
const shippedRoute = (): Route => {
  const parsed = parseRoute(readFileSync(join(root, "routes/route_weekly_report.route.json"), "utf8"));
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
};
const reseal = (route: Route, change: Partial<Route>): Route => {
  const { digest: _old, ...body } = { ...route, ...change };
  return sealRoute(body);
};
/** The metadata a LangChain provider integration reports on each message. */
const withMetadata = (turn: RouteTurn): RouteTurn => ({
  ...turn,
  raw: {
    ...(turn.raw as Record<string, never>),
    response_metadata: { model_name: "gpt-4o-mini-2024-07-18", finish_reason: "tool_calls" },
    usage_metadata: { input_tokens: 412, output_tokens: 23, total_tokens: 435 },
  },
});
const OPENAI = { name: "gpt-4o-mini", provider: "openai", params: { llm_type: "openai", temperature: 0 } };
/** The shipped route under a real model's name, with its digest recomputed: the forgery of issue 26. */
const relabelled = (route = shippedRoute()) => reseal(route, { model: OPENAI, label: "recorded from gpt-4o-mini" });
/**
 * A route the learner recorded: its own turns (a regression the shipped route never runs, other
 * arguments, other text) and the provider's metadata; no near copy of the shipped route.
 */
const recorded = (): Route => {
  const route = shippedRoute();
  const first = route.turns[0] as RouteTurn;
  const regression: RouteTurn = {
    ...first,
    text: "Fitting the trend.",
    tool_calls: [{ id: "call_fit", name: "run_regression", args: { table: "sales", x: "week", y: "signups" } }],
  };
  const own = [first, regression, ...route.turns.slice(1)].map((turn, step) => ({ ...turn, step }));
  const turns = own.map((turn): RouteTurn => {
    const calls = turn.tool_calls.map((call) =>
      call.name === "read_table"
        ? { ...call, args: { table: "sales", limit: 5 } }
        : call.name === "save_artifact"
          ? { ...call, args: { name: "weekly-summary", content: "Signups rise by roughly 3 each week." } }
          : call,
    );
    const text = calls.length === 0 ? "The weekly summary is published for the team." : turn.text;
    return withMetadata({ ...turn, text, tool_calls: calls });
  });
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

const json = (value: unknown) => JSON.parse(JSON.stringify(value)) as ComparisonReport;

let fixture: ComparisonReport;
/** The project the checker reads its shipped routes and evidence from: built here, not this checkout's evidence/. */
let project: Project;
beforeAll(async () => {
  project = await makeProject(now);
  fixture = await compare({
    framework: "local_state_graph",
    factory: localGraphFactory,
    commit: null,
    now,
    scenarios: ALL_COLUMNS,
  });
}, paced(120_000));

/** A learner's checkout-like folder (not a git checkout) holding the artifacts a run wrote. */
function learnerRoot(artifacts: Record<string, unknown>, commands = ["npm run compare", "npm test"]) {
  const dir = scratchDir("learner-");
  for (const [path, content] of Object.entries(artifacts)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), typeof content === "string" ? content : JSON.stringify(content));
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

async function check(artifacts: Record<string, unknown>, commands?: string[]) {
  const dir = learnerRoot(artifacts, commands);
  let stdout = "";
  let stderr = "";
  const io = { stdout: (t: string) => (stdout += t), stderr: (t: string) => (stderr += t), now: () => now, cwd: root };
  const read = Object.entries(artifacts).map(([path, content], index) => ({
    index,
    path,
    text: typeof content === "string" ? content : JSON.stringify(content),
  }));
  const text = readFileSync(join(dir, "submission.yaml"), "utf8");
  const input = { file: join(dir, "submission.yaml"), root: dir, text, format: "yaml" as const, artifacts: read };
  const code = await checkEvidence({ ...input, json: true }, io, project.dir);
  const verdict = JSON.parse(stdout) as {
    status: string;
    planner_gate: string;
    gates: { gate: string; reason: string }[];
    problems: { code: string; message: string }[];
  };
  return {
    code,
    stderr,
    verdict,
    gates: verdict.gates.map((g) => g.gate),
    problems: verdict.problems.map((p) => p.code),
  };
}

describe("honest submissions", () => {
  it("a fixture-only comparison is gated on the planner alone (exit 3): approval and faults re-run here and hold", async () => {
    const run = await check({ "evidence/mine-local.json": fixture });
    expect(run).toMatchObject({ code: 3, gates: ["planner"], problems: [] });
    expect(run.verdict.gates[0]?.reason).toContain("only the FixtureModel ran");
  });

  it("a recorded route with its comparison, replayed here, opens the other gates; its recording stays unverifiable (exit 5)", async () => {
    const route = recorded();
    const run = await check({
      "evidence/mine-local.json": fixture,
      "evidence/mine-route.json": await replay(route),
      "routes/mine.route.json": route,
    });
    expect(run).toMatchObject({ code: 5, gates: [], problems: [], verdict: { planner_gate: "unverifiable" } });
  });

  it("a submission with no comparison at all is gated on all three", async () => {
    expect((await check({ "evidence/notes.json": { hello: 1 } })).gates).toEqual([
      "planner",
      "approval_binding",
      "fault_recovery",
    ]);
  });
});

type Forgery = {
  readonly name: string;
  readonly artifacts: () => Promise<Record<string, unknown>>;
  /** The problem that rejects it, or null when it is only gated. */
  readonly problem: string | null;
  readonly gated: readonly string[];
};

const editedGate = () => ({ ...json(fixture), planner_gate: "open", planner_gate_reason: null });
const editedRow = (name: string, change: (row: ComparisonReport["scenarios"][number]) => object) => {
  const report = json(fixture);
  return { ...report, scenarios: report.scenarios.map((r) => (r.name === name ? { ...r, ...change(r) } : r)) };
};
const committedComparison = () => project.comparison;

const FORGERIES: readonly Forgery[] = [
  {
    name: "the fixture comparison with planner_gate edited to open",
    artifacts: async () => ({ "evidence/mine-local.json": editedGate() }),
    problem: "artifact_forged",
    // A comparison that says what its run does not opens nothing.
    gated: ["planner", "approval_binding", "fault_recovery"],
  },
  {
    name: "a failing approval column's verdict edited to hold",
    artifacts: async () => ({
      "evidence/mine-local.json": editedRow("approval_token_unbound", (r) => ({
        framework: { ...(r.framework as object), final_status: "failed" },
      })),
    }),
    problem: "artifact_forged",
    // A comparison that says what its run does not opens nothing.
    gated: ["planner", "approval_binding", "fault_recovery"],
  },
  {
    name: "a fault column's observations edited, its verdict left holding",
    artifacts: async () => ({
      "evidence/mine-local.json": editedRow("interrupted_checkpoint", (r) => ({
        handwritten: { ...(r.handwritten as object), checkpoint_hash: "0".repeat(64) },
        framework: { ...(r.framework as object), checkpoint_hash: "0".repeat(64) },
      })),
    }),
    problem: "artifact_forged",
    // A comparison that says what its run does not opens nothing.
    gated: ["planner", "approval_binding", "fault_recovery"],
  },
  {
    name: "the shipped route relabelled ChatOpenAI, digest recomputed, with its own honest comparison",
    artifacts: async () => {
      const route = relabelled();
      return {
        "evidence/mine-local.json": fixture,
        "evidence/mine-route.json": await replay(route),
        "routes/mine.route.json": route,
      };
    },
    problem: "relabelled_route",
    gated: ["planner"],
  },
  {
    name: "the shipped route relabelled, with provider metadata added and a turn appended",
    artifacts: async () => {
      const shipped = shippedRoute();
      const last = shipped.turns.at(-1) as RouteTurn;
      const route = relabelled({
        ...shipped,
        turns: [...shipped.turns, { ...last, step: shipped.turns.length }].map(withMetadata),
      });
      return {
        "evidence/mine-local.json": fixture,
        "evidence/mine-route.json": await replay(route),
        "routes/mine.route.json": route,
      };
    },
    problem: "relabelled_route",
    gated: ["planner"],
  },
  {
    name: "the project's committed comparison copied to learner/",
    artifacts: async () => ({ "learner/comparison.json": committedComparison() }),
    problem: "project_artifact",
    gated: ["planner", "approval_binding", "fault_recovery"],
  },
  {
    name: "the project's committed comparison re-indented under another name",
    artifacts: async () => ({ "evidence/mine.json": JSON.stringify(JSON.parse(committedComparison())) }),
    problem: "project_artifact",
    gated: ["planner", "approval_binding", "fault_recovery"],
  },
  {
    name: "a real-model route comparison without its route file",
    artifacts: async () => ({
      "evidence/mine-local.json": fixture,
      "evidence/mine-route.json": await replay(recorded()),
    }),
    problem: null,
    gated: ["planner"],
  },
  {
    name: "a route of its own turns that carries no provider metadata",
    artifacts: async () => {
      const route = reseal(recorded(), { turns: recorded().turns.map((t) => ({ ...t, raw: {} })) });
      return {
        "evidence/mine-local.json": fixture,
        "evidence/mine-route.json": await replay(route),
        "routes/mine.route.json": route,
      };
    },
    problem: null,
    gated: ["planner"],
  },
];

describe("forged submissions never exit 0", () => {
  it.each(FORGERIES)("$name", async (forgery) => {
    const run = await check(await forgery.artifacts());
    expect(run.code).toBe(forgery.problem === null ? 3 : 1);
    // A forged comparison is not verified, so the metrics it would carry are not derived either (metric_underived).
    if (forgery.problem === null) expect(run.problems).toEqual([]);
    else expect(run.problems).toContain(forgery.problem);
    expect(run.gates).toEqual(forgery.gated);
  });

  it("names what it cannot prove and the metadata a route must carry", async () => {
    const run = await check({ "evidence/mine-local.json": fixture });
    expect(run.verdict).toMatchObject({ cannot_prove: expect.stringContaining("fabricated from scratch") });
    let usage = "";
    await main(["--help"], { stdout: (t) => (usage += t), stderr: () => undefined });
    expect(usage).toMatch(/fabricated from scratch/);
    expect(usage).toMatch(/usage_metadata with numeric input_tokens and output_tokens/);
  });
});

describe("a submission's provenance", () => {
  it("refuses the seed's python commands and a script this project does not have", async () => {
    const run = await check({ "evidence/mine-local.json": fixture }, [
      "python -m pytest tests/",
      "python scripts/compare.py --framework langgraph",
      "npm run deploy",
      "npx tsx scripts/compare.ts --framework local_state_graph",
    ]);
    expect(run.code).toBe(1);
    expect(run.verdict.problems.filter((p) => p.code === "foreign_command").map((p) => p.message)).toEqual([
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
