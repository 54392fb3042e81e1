/**
 * The multi-worker bench's one count of effects (scripts/bench/scale/report.ts), on hand-made worlds, its
 * `not-measured` row without a server, and the committed evidence/bench-scale-v1.json holding together; the runs
 * themselves are in scale.test.ts (heavy:postgres).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ScaleBenchReportSchema, type ScaleBenchReport } from "../../scripts/bench/scale/evidence.js";
import { round } from "../../scripts/bench/stats.js";
import { ROOT } from "../crash/harness.js";
import { measureScale, SCALE_NOT_MEASURED } from "../../scripts/bench/scale/measure.js";
import { SCALE_ENGINES } from "../../scripts/bench/scale/engines.js";
import { renderScale } from "../../scripts/bench/scale/table.js";
import { tallyEffects } from "../../scripts/bench/scale/report.js";

const keys = new Map<string, string | null>([
  ["s0", "k0"],
  ["s1", "k1"],
  ["s2", null],
]);

describe("the multi-worker bench's count of effects", () => {
  it("counts a session whose key has no effect, or that named none, as lost", () => {
    expect(tallyEffects(keys, { k0: 1 })).toEqual({ expected: 3, landed: 1, duplicated: 0, lost: 2 });
  });

  it("counts a second effect under a session's key, and any under a key no session named, as duplicated", () => {
    expect(tallyEffects(keys, { k0: 2, k1: 1, stray: 1 })).toEqual({ expected: 3, landed: 4, duplicated: 2, lost: 1 });
  });

  it("records every engine as not-measured, with the reason, when no server is given", async () => {
    const lines: string[] = [];
    const rows = await measureScale(
      { workers: [1], sessions: 1, depth: 1, world_latency_ms: 0, redelivered_at: null },
      undefined,
      (l) => lines.push(l),
    );
    expect(rows).toEqual(SCALE_ENGINES.map((e) => ({ id: e.id, status: "not-measured", reason: SCALE_NOT_MEASURED })));
    expect(renderScale(rows)).toContain(`contract_postgres: not measured: ${SCALE_NOT_MEASURED}`);
  });

  it("records a row whose module does not load (an adapter not installed) as not-measured, with the reason", async () => {
    const settings = { workers: [1], sessions: 1, depth: 1, world_latency_ms: 0, redelivered_at: null };
    const absent = { id: "absent_engine", module: "/nonexistent/scale-engine.ts" };
    const rows = await measureScale(settings, "postgres://never-reached", () => undefined, [absent]);
    expect(rows).toEqual([
      { id: "absent_engine", status: "not-measured", reason: expect.stringContaining("its module did not load") },
    ]);
  });
});

/** What in the file does not follow from its own numbers and settings, or shows an effect duplicated or lost. */
function problems(report: ScaleBenchReport): string[] {
  const found: string[] = [];
  for (const row of report.engines) {
    if (row.status !== "measured") continue;
    const once = row.runs.filter((r) => r.deliveries_per_approval === 1);
    if (once.map((r) => r.workers).join() !== report.settings.workers.join())
      found.push(`${row.id}: runs are not the settings' worker counts`);
    const twice = row.runs.filter((r) => r.deliveries_per_approval === 2).map((r) => r.workers);
    if (twice.join() !== (report.settings.redelivered_at ?? "").toString())
      found.push(`${row.id}: the redelivered run is not at the settings' worker count`);
    for (const run of row.runs) {
      const at = `${row.id} w=${run.workers}${run.deliveries_per_approval === 2 ? " redelivered" : ""}`;
      if (run.sessions !== report.settings.sessions) found.push(`${at}: ${run.sessions} sessions`);
      if (run.sessions_per_s !== round(run.sessions / run.wall_s, 1)) found.push(`${at}: sessions_per_s`);
      if (run.effects.duplicated !== 0) found.push(`${at}: effects ${JSON.stringify(run.effects)}`);
      if (run.effects.expected !== run.sessions) found.push(`${at}: expected ${run.effects.expected}`);
      if (run.effects.lost + run.unfinished !== 0) found.push(`${at}: lost or unfinished`);
      // Delivered twice, each session's other copy is refused or told session_busy: one failed operation at most.
      if (run.failed_ops > (run.deliveries_per_approval === 1 ? 0 : run.sessions)) found.push(`${at}: failed ops`);
      if (run.workers > 1 && run.handed_over !== 1) found.push(`${at}: handed over ${run.handed_over}`);
    }
  }
  return found;
}

describe("the committed evidence/bench-scale-v1.json", () => {
  const report = ScaleBenchReportSchema.parse(
    JSON.parse(readFileSync(join(ROOT, "evidence/bench-scale-v1.json"), "utf8")),
  );

  it("measures the contract's engine at the bench's size, every number following from its own", () => {
    const status = report.engines.find((e) => e.id === "contract_postgres")?.status;
    expect(status, "run npm run bench -- --part scale with AGENT_HARNESS_PG_URL and commit it").toBe("measured");
    expect(problems(report)).toEqual([]);
  });

  it("would show a duplicated effect or a rate that does not follow (the check bites)", () => {
    const row = report.engines.find((e) => e.status === "measured");
    if (row?.status !== "measured") throw new Error("no measured row");
    const [first, ...rest] = row.runs;
    if (first === undefined) throw new Error("no run");
    const broken = { ...first, sessions_per_s: first.sessions_per_s + 1, effects: { ...first.effects, duplicated: 1 } };
    const edited = { ...report, engines: [{ ...row, runs: [broken, ...rest] }] };
    expect(problems(edited)).toEqual([
      `${row.id} w=${first.workers}: sessions_per_s`,
      expect.stringContaining("effects"),
    ]);
  });

  it("would show an effect lost where each approval reached two workers (the race the bench once found)", () => {
    const row = report.engines.find((e) => e.status === "measured");
    if (row?.status !== "measured") throw new Error("no measured row");
    const runs = row.runs.map((r) =>
      r.deliveries_per_approval === 2 ? { ...r, effects: { ...r.effects, landed: r.effects.landed - 1, lost: 1 } } : r,
    );
    expect(problems({ ...report, engines: [{ ...row, runs }] })).toEqual([
      `${row.id} w=4 redelivered: lost or unfinished`,
    ]);
  });
});
