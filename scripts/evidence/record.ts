/**
 * The runtime record (evidence/13-runtime-v1.json): a pure `buildRecord(inputs)` over what a
 * real run measured, its zod schema, and the stable view a regeneration is compared on.
 */
import { z } from "zod";
import { FIXTURE_PLANNER } from "../../handwritten/fixtures/index.js";
import { plannerGate, routeIdentity } from "../../handwritten/route/index.js";
import { EVIDENCE_NOTE } from "../comparison/report.js";
import { PlannerGateFields, RoutePlanner } from "../comparison/schema.js";
import type { Measurements } from "./measure.js";
import { meets, RECOVERY_THRESHOLD, RULE_TEXT, ruleFor, type MetricRule } from "./rules.js";

export const RUNTIME_RECORD_SCHEMA = "agent-harness.runtime-record.v1";
export const MODULE_ID = "13-agent-harness";
export { RUNTIME_RECORD_PATH } from "./terms.js";
export const NOT_MEASURED = "not-measured";

/** Fields that change from run to run (and machine to machine); a regeneration is compared without them. */
export const VOLATILE_FIELDS = ["generated_at", "commit", "environment", "durations_ms"] as const;

export const RECORD_NOTE = `${EVIDENCE_NOTE} This is the sanitised machine record of one checkout: it covers only the commands, metrics, artifacts and known failures it lists. It is not a learner submission and says nothing about a learner's mastery.`;

const Rule = z.enum(["at_least", "at_most", "equal"]);
const Metric = z.strictObject({
  name: z.string(),
  status: z.enum(["measured", NOT_MEASURED]),
  expected: z.union([z.number(), z.boolean()]),
  actual: z.union([z.number(), z.boolean(), z.null()]),
  rule: Rule,
  met: z.boolean().nullable(),
  reason: z.string().nullable(),
  how: z.string(),
  detail: z.record(z.string(), z.unknown()),
});
export type Metric = z.infer<typeof Metric>;

const Command = z.strictObject({
  command: z.string(),
  kind: z.enum(["process", "in-process"]),
  purpose: z.string(),
  exit_code: z.number().int().nullable(),
});
export type RecordedCommand = z.infer<typeof Command>;

const Tests = z.strictObject({
  command: z.string(),
  files: z.number().int().nonnegative(),
  failed_files: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  passed: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
  todo: z.number().int().nonnegative(),
  success: z.boolean(),
});
export type TestSummary = z.infer<typeof Tests>;

const License = z.strictObject({
  source: z.string(),
  version: z.string(),
  license: z.string(),
  attribution: z.string(),
  redistribution: z.string(),
});
export type LicenseEntry = z.infer<typeof License>;

export const Environment = z.strictObject({
  node: z.string(),
  platform: z.string(),
  arch: z.string(),
  cpus: z.number().int(),
});
export type RecordEnvironment = z.infer<typeof Environment>;

export const RuntimeRecord = z.strictObject({
  schema: z.literal(RUNTIME_RECORD_SCHEMA),
  module: z.literal(MODULE_ID),
  /** The planner of every metric's measurements. */
  planner: z.literal(FIXTURE_PLANNER),
  /** The frozen route replayed on both frameworks besides them, or null when only the FixtureModel ran. */
  route: RoutePlanner.nullable(),
  ...PlannerGateFields,
  note: z.string(),
  generated_by: z.string(),
  volatile_fields: z.array(z.string()),
  generated_at: z.string(),
  commit: z.string().nullable(),
  environment: Environment,
  durations_ms: z.record(z.string(), z.number()),
  seed: z.string(),
  commands: z.array(Command).min(1),
  tests: Tests,
  known_failures: z.array(z.string()),
  engines: z.array(
    z.strictObject({
      id: z.string(),
      status: z.enum(["measured", NOT_MEASURED]),
      version: z.string().nullable(),
      reason: z.string().nullable(),
    }),
  ),
  metrics: z.array(Metric),
  measurements: z.strictObject({
    schema: z.array(z.unknown()),
    approvals: z.array(z.unknown()),
    faults: z.array(z.unknown()),
    comparisons: z.array(z.unknown()),
    routes: z.array(z.unknown()),
  }),
  artifacts: z.array(z.string()),
  cost: z.strictObject({
    gross_usd: z.number(),
    credit_usd: z.number(),
    provider_calls: z.number().int(),
    why: z.string(),
  }),
  licenses: z.array(License),
});
export type RuntimeRecord = z.infer<typeof RuntimeRecord>;

/** What the run produced besides the deterministic measurements. */
export type RunResults = {
  readonly commands: readonly RecordedCommand[];
  readonly tests: TestSummary;
  readonly known_failures: readonly string[];
};

export type RecordInputs = {
  readonly measurements: Measurements;
  readonly run: RunResults;
  readonly licenses: readonly LicenseEntry[];
  readonly artifacts: readonly string[];
  readonly generated_at: string;
  readonly commit: string | null;
  readonly environment: RecordEnvironment;
  readonly durations_ms: Readonly<Record<string, number>>;
};

export const GENERATED_BY =
  "npm run evidence:runtime (tsx scripts/runtime-record.ts --output evidence/13-runtime-v1.json)";

function measured(
  name: string,
  expected: number | boolean,
  actual: number | boolean,
  how: string,
  detail: Record<string, unknown>,
  rule: MetricRule = ruleFor(name),
): Metric {
  return {
    name,
    status: "measured",
    expected,
    actual,
    rule,
    met: meets(rule, expected, actual),
    reason: null,
    how,
    detail,
  };
}

function notMeasured(
  name: string,
  expected: number | boolean,
  reason: string,
  how: string,
  rule: MetricRule = ruleFor(name),
): Metric {
  return { name, status: NOT_MEASURED, expected, actual: null, rule, met: null, reason, how, detail: {} };
}

const ratio = (good: number, total: number) => (total === 0 ? 0 : Math.round((good / total) * 1e6) / 1e6);

/** The metrics, each from the measurements alone. */
export function buildMetrics(m: Measurements): Metric[] {
  const engines = m.engines.filter((e) => e.status === "measured").map((e) => e.id);
  const skipped = m.engines.filter((e) => e.status !== "measured").map((e) => ({ id: e.id, reason: e.reason }));

  const schemaChecks = m.schema.flatMap((c) => [c.contract.correct, ...Object.values(c.engines).map((o) => o.correct)]);
  const schemaGood = schemaChecks.filter(Boolean).length;
  const schemaMisses = m.schema.flatMap((c) => [
    ...(c.contract.correct ? [] : [`${c.name}@contract: ${c.contract.outcome}`]),
    ...Object.entries(c.engines)
      .filter(([, o]) => !o.correct)
      .map(([id, o]) => `${c.name}@${id}: ${o.outcome}, ${o.executor_calls} executor calls`),
  ]);

  const unapproved = m.approvals.reduce(
    (n, c) => n + Object.values(c.engines).reduce((k, o) => k + o.unapproved_effects, 0),
    0,
  );
  const approvalRuns = m.approvals.reduce((n, c) => n + Object.keys(c.engines).length, 0);

  const faultRate = (recoverable: boolean) => {
    const runs = m.faults
      .filter((f) => f.recoverable === recoverable)
      .flatMap((f) => Object.entries(f.engines).map(([id, o]) => ({ id, name: f.name, ok: o.as_expected, o })));
    return {
      runs,
      good: runs.filter((r) => r.ok).length,
      misses: runs
        .filter((r) => !r.ok)
        .map((r) => `${r.name}@${r.id}: ${r.o.final_status}, ${r.o.side_effects} effects, ${r.o.executor_calls} calls`),
    };
  };
  const recoverable = faultRate(true);
  const unrecoverable = faultRate(false);

  const metrics: Metric[] = [
    measured(
      "schema_validity",
      1.0,
      ratio(schemaGood, schemaChecks.length),
      `Each of ${m.schema.length} planner outputs (${m.schema.filter((c) => c.expected !== "accepted").length} invalid per CONTRACT.md rule 1, ${m.schema.filter((c) => c.expected === "accepted").length} valid controls) goes through validatePlannerOutput alone and through every measured engine. A decision is correct when an invalid output is rejected with its reason code before execute (0 executor calls, 0 side effects, no approval requested) and a valid one is accepted and executed once. actual = correct decisions / all decisions; ${RULE_TEXT.at_least}.`,
      {
        engines,
        not_measured: skipped,
        cases: m.schema.length,
        decisions: schemaChecks.length,
        correct: schemaGood,
        misses: schemaMisses,
      },
    ),
    measured(
      "unapproved_side_effects",
      0,
      unapproved,
      `${m.approvals.length} approval scenarios (no approval, approve, decline, restart while waiting, forged tokens: bad signature, other session, other arguments, other tool, expired, replayed; the same key twice; an injected instruction in tool output; always_deny; faults after an approved effect) run on every measured engine. Per run, per high_risk tool and idempotency key: side effects in the fixture world beyond the approval_accepted events of that key in the trace, plus every executor call of an always_deny tool. actual = the sum; ${RULE_TEXT.at_most}.`,
      { engines, not_measured: skipped, scenarios: m.approvals.length, runs: approvalRuns },
    ),
    measured(
      "recoverable_fault_recovery_rate",
      RECOVERY_THRESHOLD.value,
      ratio(recoverable.good, recoverable.runs.length),
      `${m.faults.filter((f) => f.recoverable).length} recoverable injected faults (transient failures, read-only timeouts, crashes before and after an idempotent write, timeouts and errors after an effect followed by an audited confirmation) run on every measured engine. A run recovers when it ends in the expected terminal state with the expected side effects and executor calls (and, where the contract requires it, tool_uncertain then tool_reconciled). actual = recovered runs / runs; threshold ${RECOVERY_THRESHOLD.version} = ${RECOVERY_THRESHOLD.value}, see scripts/evidence/rules.ts for why; ${RULE_TEXT.at_least}.`,
      {
        engines,
        not_measured: skipped,
        threshold_version: RECOVERY_THRESHOLD.version,
        faults: m.faults.filter((f) => f.recoverable).map((f) => f.name),
        runs: recoverable.runs.length,
        recovered: recoverable.good,
        misses: recoverable.misses,
      },
    ),
    measured(
      "unrecoverable_fault_safe_stop_rate",
      1.0,
      ratio(unrecoverable.good, unrecoverable.runs.length),
      `Controls for the rate above: ${m.faults.filter((f) => !f.recoverable).length} faults the contract does not recover automatically (retries exhausted, a permanent error, a write that never answered, a crash during an approved high-risk call) must stop where the contract says (failed, the error back to the model, reconcile_required) with no extra side effect. actual = safe stops / runs; ${RULE_TEXT.at_least}.`,
      {
        engines,
        not_measured: skipped,
        faults: m.faults.filter((f) => !f.recoverable).map((f) => f.name),
        runs: unrecoverable.runs.length,
        stopped_safely: unrecoverable.good,
        misses: unrecoverable.misses,
      },
      "at_least",
    ),
  ];
  for (const c of m.comparisons) {
    const name = `comparison_all_equal.${c.framework}`;
    const how = `compare() of scripts/comparison/report.ts (what tsx scripts/compare.ts --framework ${c.framework} runs) over the ${c.columns.length} required columns: the handwritten engine first, then ${c.framework}; actual = all_equal.`;
    metrics.push(
      c.status === "measured" && c.all_equal !== null
        ? measured(
            name,
            true,
            c.all_equal,
            how,
            { framework_version: c.framework_version, columns: c.columns },
            "equal",
          )
        : notMeasured(name, true, c.reason ?? `${c.framework} did not run`, how, "equal"),
    );
  }
  for (const c of m.routes) metrics.push(routeMetric(c));
  return metrics;
}

/** A replayed route must be measured, equal and holding on the framework, as the checker opens its gate. */
function routeMetric(c: Measurements["routes"][number]): Metric {
  const name = `route_replay.${c.framework}`;
  const how = `compare() of scripts/comparison/report.ts with the route as planner (what tsx scripts/compare.ts --framework ${c.framework} --planner route:PATH runs) over the route's column; actual = all_equal and all_hold.`;
  return c.status === "measured" && c.all_equal !== null && c.all_hold !== null
    ? measured(name, true, c.all_equal && c.all_hold, how, { columns: c.columns }, "equal")
    : notMeasured(name, true, c.reason ?? `${c.framework} did not run`, how, "equal");
}

export function buildRecord(inputs: RecordInputs): RuntimeRecord {
  const { measurements: m } = inputs;
  // A route's replay counts as measured only when every framework measured it.
  const replayed = m.routes.length > 0 && m.routes.every((c) => c.status === "measured");
  return RuntimeRecord.parse({
    schema: RUNTIME_RECORD_SCHEMA,
    module: MODULE_ID,
    planner: FIXTURE_PLANNER,
    route: m.route === null ? null : routeIdentity(m.route),
    ...plannerGate(m.route, replayed),
    note: RECORD_NOTE,
    generated_by: GENERATED_BY,
    volatile_fields: [...VOLATILE_FIELDS],
    generated_at: inputs.generated_at,
    commit: inputs.commit,
    environment: inputs.environment,
    durations_ms: { ...inputs.durations_ms },
    seed: m.seed,
    commands: inputs.run.commands,
    tests: inputs.run.tests,
    known_failures: [...inputs.run.known_failures],
    engines: m.engines,
    metrics: buildMetrics(m),
    measurements: {
      schema: m.schema,
      approvals: m.approvals,
      faults: m.faults,
      comparisons: m.comparisons,
      routes: m.routes,
    },
    artifacts: [...inputs.artifacts],
    cost: {
      gross_usd: 0,
      credit_usd: 0,
      provider_calls: 0,
      why:
        m.route === null
          ? "the planner is a FixtureModel: no model provider is called"
          : "the planner is a FixtureModel, and the route replays turns recorded earlier: no model provider is called",
    },
    licenses: inputs.licenses,
  });
}

/** The record without its volatile fields. */
export function stableView(record: unknown): Record<string, unknown> {
  const copy = { ...(record as Record<string, unknown>) };
  for (const field of VOLATILE_FIELDS) delete copy[field];
  return copy;
}

/** The parts a regeneration takes from the run it records rather than measuring again. */
export function runResultsOf(record: RuntimeRecord): RunResults {
  return { commands: record.commands, tests: record.tests, known_failures: record.known_failures };
}

/** Problems with a record's test counts, commands and known failures taken together (empty when consistent). */
export function runInconsistencies(record: RuntimeRecord): string[] {
  const t = record.tests;
  const problems: string[] = [];
  // vitest's numTotalTests also counts tests in no other tally (e.g. \`it.fails\` cases reported as
  // expected failures), so the tallies may fall short of the total but never exceed it.
  if (t.passed + t.failed + t.skipped + t.todo > t.total)
    problems.push(`passed ${t.passed} + failed ${t.failed} + skipped ${t.skipped} + todo ${t.todo} > total ${t.total}`);
  if (t.success !== (t.failed === 0 && t.failed_files === 0))
    problems.push(`success is ${t.success} with ${t.failed} failed tests and ${t.failed_files} failed files`);
  if (t.files === 0 || t.total === 0) problems.push("the run ran no tests");
  if (t.failed_files > t.files) problems.push(`failed_files ${t.failed_files} > files ${t.files}`);
  if (record.known_failures.length < t.failed)
    problems.push(`${t.failed} failed tests but ${record.known_failures.length} known failures`);
  const clean = t.success && record.commands.every((c) => c.exit_code === null || c.exit_code === 0);
  if (clean && record.known_failures.length > 0)
    problems.push("a clean run (every command exited 0, every test passed) lists known failures");
  if (!clean && record.known_failures.length === 0)
    problems.push("a run with a failing command or test lists no known failure");
  const vitest = record.commands.find((c) => c.command === t.command);
  if (vitest === undefined) problems.push(`the test command ${t.command} is not among the commands`);
  else if (vitest.exit_code !== (t.success ? 0 : 1))
    problems.push(`the test command exited ${String(vitest.exit_code)} but success is ${t.success}`);
  return problems;
}
