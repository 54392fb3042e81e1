/**
 * The stores' benchmark (scripts/bench/stores.ts): a tiny run measures every store it can reach,
 * and the committed evidence/bench-stores-v1.json is consistent with itself (ratios follow from
 * its own medians). Speed itself is never asserted: the numbers are evidence, not a test.
 */
import { existsSync, readFileSync } from "node:fs";
import { paced } from "../setup/pace.js";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { measureStores, type StoreBench, type StoresBenchReport } from "../../scripts/bench/stores.js";
import { ratio } from "../../scripts/bench/stats.js";
import { STORES_BENCH_SCHEMA } from "../../scripts/bench/stores-evidence.js";
import { ROOT } from "../crash/harness.js";
import { postgresUrl } from "../stores/targets.js";

const EVIDENCE = join(ROOT, "evidence/bench-stores-v1.json");

function checkRatios(report: StoresBenchReport): void {
  const memory = report.stores.memory;
  if (memory.status !== "measured") throw new Error("memory must always be measured");
  for (const entry of Object.values(report.stores) as StoreBench[]) {
    if (entry.status !== "measured") continue;
    expect(entry.ledger_x_memory).toBe(ratio(memory.ledger_pairs_per_s.median, entry.ledger_pairs_per_s.median));
    expect(entry.step_x_memory).toBe(ratio(entry.step_us.median, memory.step_us.median));
    expect(entry.ledger_pairs_per_s.median).toBeGreaterThan(0);
  }
}

describe("the stores' benchmark", () => {
  it(
    "measures memory and SQLite (and Postgres when given), with ratios from its own medians",
    async () => {
      const report = await measureStores({ samples: 1, pairs: 20, passes: 1, postgresUrl });
      expect(report.stores.memory.status).toBe("measured");
      expect(report.stores.sqlite.status).toBe("measured");
      expect(report.stores.postgres.status).toBe(postgresUrl === undefined ? "not-measured" : "measured");
      expect(report.steps_per_sample).toBeGreaterThan(0);
      checkRatios(report);
    },
    paced(120_000),
  );

  it("the committed evidence/bench-stores-v1.json holds together", () => {
    expect(existsSync(EVIDENCE), "run npm run bench:stores (with AGENT_HARNESS_PG_URL) and commit it").toBe(true);
    const report = JSON.parse(readFileSync(EVIDENCE, "utf8")) as StoresBenchReport & { schema: string };
    expect(report.schema).toBe(STORES_BENCH_SCHEMA);
    expect(Object.keys(report.stores).sort()).toEqual(["memory", "postgres", "sqlite"]);
    checkRatios(report);
  });
});
