/**
 * Seeded random fault schedules on the hardened engine beside the reference (test/faults plays 2,000 on
 * the core engines; the SDK's loop makes each schedule slower, so a few here): every invariant holds
 * and both engines observe the same.
 */
import { describe, expect, it } from "vitest";
import { paced } from "../../test/setup/pace.js";
import { runSchedules } from "../../scenarios/faults/run.js";

describe("random fault schedules on openai_agents_hardened", () => {
  it(
    "keep every invariant and match the handwritten engine (40 schedules, seed 28)",
    async () => {
      // In this thread: the engines load by id, as the fault runner's workers load them.
      const report = await runSchedules(["handwritten", "openai_agents_hardened"], {
        seed: 28,
        schedules: 40,
        shards: 1,
      });
      expect(report.failures.slice(0, 3)).toEqual([]);
      expect(report.cross_engine_differences).toBe(0);
      expect(report.engines["openai_agents_hardened"]?.schedules).toBe(40);
      expect(report.engines["openai_agents_hardened"]?.duplicates_found).toBe(0);
      expect(report.engines["openai_agents_hardened"]?.unapproved_side_effects).toBe(0);
    },
    paced(120_000),
  );
});
