/**
 * The multi-worker bench (scripts/bench/scale/) on the Postgres server the run is given: worker processes share
 * one scope, each session is started, approved and resumed by different workers, and the world's effect log says
 * every approved call landed exactly once. Sabotaged workers prove the count bites: one that runs a picked-up call
 * again past the ledger is counted as duplicated, one that drops approvals as lost, each exactly as often as the
 * parent saw that worker do the operation. Speed is never asserted.
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadScaleEngine, measureWorkers } from "../../scripts/bench/scale/measure.js";
import { SCALE_ENGINES } from "../../scripts/bench/scale/engines.js";
import { paced } from "../setup/pace.js";
import { postgresUrl } from "../stores/targets.js";

const SESSIONS = 8;
const DUPLICATING = fileURLToPath(new URL("./scale-duplicating.ts", import.meta.url));
const LOSING = fileURLToPath(new URL("./scale-losing.ts", import.meta.url));
const contract = SCALE_ENGINES.find((e) => e.id === "contract_postgres");

async function run(workers: readonly string[], redeliver = false) {
  if (postgresUrl === undefined) throw new Error("this file runs only with AGENT_HARNESS_PG_URL (vitest.config.ts)");
  if (contract === undefined) throw new Error("the contract's engine has no row in SCALE_ENGINES");
  return measureWorkers({
    engine: await loadScaleEngine(contract.module),
    url: postgresUrl,
    workers,
    sessions: SESSIONS,
    depth: 2,
    world_latency_ms: 1,
    redeliver,
  });
}

describe("the multi-worker bench on one Postgres", () => {
  it(
    "lands every approved call exactly once with three workers, each session moving between them",
    async () => {
      const module = contract?.module ?? "";
      const result = await run([module, module, module]);
      expect(result.effects).toEqual({ expected: SESSIONS, landed: SESSIONS, duplicated: 0, lost: 0 });
      expect(result.failed_ops).toBe(0);
      expect(result.unfinished).toBe(0);
      // Every approval and every resume ran in another process than the session's previous operation.
      expect(result.handed_over).toBe(1);
      expect(new Set(result.run.records.map((r) => r.worker))).toEqual(new Set([0, 1, 2]));
      expect(result.call_ms.n).toBe(SESSIONS);
    },
    paced(180_000),
  );

  it(
    "lands each approved call exactly once when each approval is delivered to two other workers at once",
    async () => {
      const module = contract?.module ?? "";
      const result = await run([module, module, module], true);
      expect(result.effects.duplicated).toBe(0);
      expect(result.effects.lost).toBe(0);
      expect(result.unfinished).toBe(0);
      expect(result.deliveries_per_approval).toBe(2);
      // Each approval went to two workers, neither of them the session's starter.
      for (let i = 0; i < SESSIONS; i += 1) {
        const of = result.run.records.filter((r) => r.session_id === `s${i}`);
        const starter = of.find((r) => r.phase === "start")?.worker;
        const approvers = of.filter((r) => r.phase === "approve").map((r) => r.worker);
        expect(new Set(approvers).size).toBe(2);
        expect(approvers).not.toContain(starter);
      }
    },
    paced(180_000),
  );

  it(
    "counts a worker that runs a picked-up call again past the ledger as duplicated, once per resume it did",
    async () => {
      const result = await run([contract?.module ?? "", DUPLICATING]);
      const resumedBySabotage = result.run.records.filter((r) => r.phase === "resume" && r.worker === 1).length;
      expect(resumedBySabotage).toBeGreaterThan(0);
      expect(result.effects.duplicated).toBe(resumedBySabotage);
      expect(result.effects.lost).toBe(0);
    },
    paced(180_000),
  );

  it(
    "counts a worker that drops approvals as lost, once per approval it took",
    async () => {
      const result = await run([contract?.module ?? "", LOSING]);
      const dropped = result.run.records.filter((r) => r.phase === "approve" && r.worker === 1).length;
      expect(dropped).toBeGreaterThan(0);
      expect(result.effects.lost).toBe(dropped);
      expect(result.effects.duplicated).toBe(0);
      expect(result.unfinished).toBe(dropped);
    },
    paced(180_000),
  );
});
