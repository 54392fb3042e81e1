/**
 * evidence/13-runtime-v1.json must be what `npm run evidence:runtime` writes today, apart from
 * its volatile fields. The metrics and comparisons are measured again here (deterministic, a few
 * seconds); the test counts come from the recorded run (re-running every suite from inside a
 * suite would recurse) and are checked for internal consistency instead.
 */
import { readFileSync } from "node:fs";
import { paced } from "../setup/pace.js";
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { loadEngines, type EngineSlot } from "../../engines/index.js";
import { isFrameworkVariant } from "../../engines/variants.js";
import { readLicenses } from "../../scripts/evidence/licenses.js";
import { FIXTURE_ONLY, parseRoute } from "../../handwritten/route/index.js";
import { measureAll, measureComparisons, scenarioSeed, type Measurements } from "../../scripts/evidence/measure.js";
import {
  buildRecord,
  RUNTIME_RECORD_PATH,
  RuntimeRecord,
  runInconsistencies,
  runResultsOf,
  stableView,
  VOLATILE_FIELDS,
} from "../../scripts/evidence/record.js";
import { environment } from "../../scripts/evidence/record-run.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const text = readFileSync(join(root, RUNTIME_RECORD_PATH), "utf8");
// A record written before a field was added fails here with the command that regenerates it, not at import.
const parsed = RuntimeRecord.safeParse(JSON.parse(text));
const committed = parsed.success ? parsed.data : (JSON.parse(text) as RuntimeRecord);
const EXAMPLE_ROUTE = join(root, "routes/route_weekly_report.route.json");

let slots: readonly EngineSlot[];
let fresh: Measurements;
beforeAll(async () => {
  slots = (await loadEngines()).filter((slot) => !isFrameworkVariant(slot.id));
  fresh = await measureAll(slots);
}, paced(60_000));

describe("evidence/13-runtime-v1.json", () => {
  it("matches the record's schema", () => {
    const issues = parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    expect(issues, "the committed record predates the schema: run npm run evidence:runtime and commit it").toEqual([]);
  });

  it("keeps the planner gate blocked: only the FixtureModel ran, no route was replayed", () => {
    expect(committed).toMatchObject({ planner: "fixture", route: null, planner_gate: "blocked" });
    expect(committed.planner_gate_reason).toBe(FIXTURE_ONLY);
    expect(committed.measurements.routes).toEqual([]);
  });

  it("regenerates identically apart from its volatile fields", () => {
    const here = slots.map((s) => `${s.id}:${s.status}`);
    const there = committed.engines.map((e) => `${e.id}:${e.status}`);
    // The record was made with every engine loaded; a machine without LangGraph cannot reproduce it.
    expect(here, "the engines that load here differ from the record's: run npm run setup").toEqual(there);
    const regenerated = buildRecord({
      measurements: fresh,
      run: runResultsOf(committed),
      licenses: readLicenses(root),
      artifacts: [RUNTIME_RECORD_PATH],
      generated_at: new Date().toISOString(),
      commit: null,
      environment: environment(),
      durations_ms: {},
    });
    const ours = stableView(JSON.parse(JSON.stringify(regenerated)));
    const theirs = stableView(committed);
    const stale = [...new Set([...Object.keys(ours), ...Object.keys(theirs)])].filter(
      (key) => !isDeepStrictEqual(ours[key], theirs[key]),
    );
    expect(stale, "fields that differ from a regeneration: run npm run evidence:runtime and commit the record").toEqual(
      [],
    );
    expect(ours).toEqual(theirs);
  });

  it("records a consistent run: counts add up, failures match, the test command's exit code matches", () => {
    expect(runInconsistencies(committed)).toEqual([]);
    expect(committed.commands.filter((c) => c.kind === "process").map((c) => c.command)).toEqual(
      expect.arrayContaining([committed.tests.command]),
    );
  });

  it("shows every measured metric met, names what was not measured, and reads the seed from the scenarios", () => {
    expect(committed.metrics.map((m) => m.name)).toEqual(
      expect.arrayContaining([
        "schema_validity",
        "unapproved_side_effects",
        "recoverable_fault_recovery_rate",
        "comparison_all_equal.local_state_graph",
        "comparison_all_equal.langgraph",
      ]),
    );
    for (const metric of committed.metrics) {
      if (metric.status === "measured") expect(metric, metric.name).toMatchObject({ met: true, reason: null });
      else expect(metric.reason, metric.name).toEqual(expect.any(String));
    }
    expect(committed.seed).toBe(scenarioSeed());
    expect(committed.cost).toMatchObject({ gross_usd: 0, credit_usd: 0, provider_calls: 0 });
  });

  it("keeps the volatile fields apart and carries no machine detail", () => {
    expect(committed.volatile_fields).toEqual([...VOLATILE_FIELDS]);
    expect(Object.keys(committed.environment).sort()).toEqual(["arch", "cpus", "node", "platform"]);
    expect(text).not.toContain(root);
    expect(text).not.toContain(homedir());
    expect(committed.artifacts).toEqual([RUNTIME_RECORD_PATH]);
  });
});

describe("a runtime record with a replayed route (--planner route:PATH)", () => {
  it("replays the committed fake-model route on both frameworks, measured and equal, and keeps the gate blocked", async () => {
    const route = parseRoute(readFileSync(EXAMPLE_ROUTE, "utf8"));
    if (!route.ok) throw new Error(route.error.message);
    const routes = await measureComparisons(slots, { kind: "route", route: route.value });
    expect(routes.map((c) => [c.framework, c.status, c.all_equal, c.all_hold])).toEqual([
      ["local_state_graph", "measured", true, true],
      ["langgraph", "measured", true, true],
    ]);
    expect(routes.map((c) => c.columns.map((col) => col.name))).toEqual([
      [route.value.scenario],
      [route.value.scenario],
    ]);
    const record = buildRecord({
      measurements: { ...fresh, route: route.value, routes },
      run: runResultsOf(committed),
      licenses: [],
      artifacts: [],
      generated_at: new Date(0).toISOString(),
      commit: null,
      environment: environment(),
      durations_ms: {},
    });
    expect(record.route).toEqual({
      kind: "route",
      id: route.value.id,
      model: route.value.model.name,
      digest: route.value.digest,
    });
    expect(record.planner_gate).toBe("blocked");
    expect(record.planner_gate_reason).toContain("fake model");
    expect(record.metrics.filter((m) => m.name.startsWith("route_replay.")).map((m) => m.met)).toEqual([true, true]);
  });
});
