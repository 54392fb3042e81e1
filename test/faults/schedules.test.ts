/**
 * Random fault schedules on every engine (seeded; FAULT_SCHEDULES=N runs more). The suite itself
 * writes the tally to evidence/fault-schedules-v1.json when it runs the default configuration.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { paced } from "../setup/pace.js";
import { describe, expect, it } from "vitest";
import { BUILT_IN_ENGINE_IDS, loadEngines, measuredEngines } from "../../scenarios/index.js";
import { DEFAULT_SCHEDULES, DEFAULT_SEED, runSchedules } from "../../scenarios/faults/run.js";
import { isFrameworkVariant } from "../../engines/variants.js";

const requested = Number(process.env["FAULT_SCHEDULES"] ?? DEFAULT_SCHEDULES);
const seed = Number(process.env["FAULT_SEED"] ?? DEFAULT_SEED);
const EVIDENCE = new URL("../../evidence/fault-schedules-v1.json", import.meta.url);

describe("random fault schedules", () => {
  it(
    `keep every invariant of the contract on every built-in engine (${requested} schedules each, seed ${seed})`,
    async () => {
      const engines = (await loadEngines()).filter((e) => !isFrameworkVariant(e.id));
      // CI installs the pinned LangGraph; a run without an engine must say so, not pass quietly.
      expect(engines.flatMap((e) => (e.status === "measured" ? [] : [`${e.id}: ${e.reason}`]))).toEqual([]);
      const report = await runSchedules(
        measuredEngines(engines).map((e) => e.id),
        { seed, schedules: requested },
      );
      const failures = report.failures
        .slice(0, 5)
        .map(
          (f) =>
            `${f.engine} seed=${f.seed} index=${f.index} ${JSON.stringify(f.violations)} ${JSON.stringify(f.schedule)}`,
        );
      expect(failures).toEqual([]);
      for (const id of BUILT_IN_ENGINE_IDS) {
        expect(report.engines[id]?.schedules).toBe(requested);
        expect(report.engines[id]?.duplicates_found).toBe(0);
        expect(report.engines[id]?.unapproved_side_effects).toBe(0);
      }
      expect(report.cross_engine_differences).toBe(0);
      // The schedules must reach the outcomes the invariants are about, or the suite proves little.
      const statuses = report.engines["handwritten"]?.final_statuses ?? {};
      for (const status of ["done", "failed", "approval_required", "reconcile_required"])
        expect(statuses[status] ?? 0).toBeGreaterThan(requested / 50);

      const json = `${JSON.stringify(report, null, 2)}\n`;
      if (requested === DEFAULT_SCHEDULES && seed === DEFAULT_SEED) {
        const before = (() => {
          try {
            return readFileSync(EVIDENCE, "utf8");
          } catch {
            return null;
          }
        })();
        if (before !== json) writeFileSync(EVIDENCE, json);
        // A committed tally that differs from this run is stale evidence: the rewrite above shows in git.
        expect(
          before === null || before === json,
          "evidence/fault-schedules-v1.json was stale and has been rewritten; commit it",
        ).toBe(true);
      }
      // Minutes on an idle machine; a generous bound for a shared one, where other work takes the cores.
    },
    paced(1_800_000),
  );
});
