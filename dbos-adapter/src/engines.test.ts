/**
 * The DBOS engines on the Postgres AGENT_HARNESS_PG_URL names (test/setup/requirements.ts leaves this
 * file out, said on the run's `not measured:` line, when there is none). dbos_hardened must hold every
 * column and observe what the handwritten engine observes; dbos_native's findings are DBOS's own.
 */
import { DBOS } from "@dbos-inc/dbos-sdk";
import { afterAll, describe, expect, it } from "vitest";
import { ALL_COLUMNS } from "../../scenarios/all-columns.js";
import { preApprovalState } from "../../scenarios/columns.js";
import { runScenario, SESSION_ID, type Environment } from "../../scenarios/index.js";
import { loadEngine } from "../../engines/index.js";
import { observesLikeTheReference } from "../../test/scenarios/contract-suite.js";
import { contextKey } from "./runtime.js";
import { DBOS_VERSION, dbosFactories, shutdownDbos } from "./index.js";

const url = process.env["AGENT_HARNESS_PG_URL"];
if (url === undefined) throw new Error("AGENT_HARNESS_PG_URL is not set: this suite needs a Postgres server");
const { dbos_native: native, dbos_hardened: hardened } = dbosFactories(url);
if (native === undefined || hardened === undefined) throw new Error("the adapter exports no DBOS factories");

afterAll(() => shutdownDbos());

const columnNamed = (name: string) => {
  const column = ALL_COLUMNS.find((c) => c.name === name);
  if (column === undefined) throw new Error(`no column ${name}`);
  return column;
};

describe("the DBOS engines' registration", () => {
  it("reports the installed @dbos-inc/dbos-sdk 5.x it runs", () => {
    expect(hardened.version).toBe(DBOS_VERSION);
    expect(DBOS_VERSION).toMatch(/^5\.\d+\.\d+$/);
  });

  it("is not measured without a Postgres URL, and says so", async () => {
    delete process.env["AGENT_HARNESS_PG_URL"];
    try {
      const loaded = await loadEngine("dbos_hardened", {});
      expect(loaded).toMatchObject({ ok: false, error: { reason: expect.stringMatching(/postgres/i) } });
    } finally {
      process.env["AGENT_HARNESS_PG_URL"] = url;
    }
  });

  it("loads through the engine table on the URL it is given", async () => {
    const loaded = await loadEngine("dbos_hardened", { postgresUrl: url });
    expect(loaded.ok && loaded.value.id).toBe("dbos_hardened");
  });
});

describe("dbos_hardened", () => observesLikeTheReference(hardened));

describe("dbos_native (findings, not defects)", () => {
  it("waits for the person in DBOS itself: the session's workflow is pending in its recv", async () => {
    let env: Environment | undefined;
    const run = await runScenario(native, preApprovalState, { graphSteps: false, instrument: (e) => void (env = e) });
    expect(preApprovalState.violations(run.observation)).toEqual([]);
    if (env === undefined) throw new Error("no environment");
    const status = await DBOS.getWorkflowStatus(`${contextKey(env)}:native:${SESSION_ID}`);
    const steps = status === null ? [] : ((await DBOS.listWorkflowSteps(status.workflowID)) ?? []);
    // DBOS's own steps (recv's timeout records a DBOS.sleep when it gets there first) are not the app's.
    const appSteps = steps.map((s) => s.name).filter((name) => !name.startsWith("DBOS."));
    expect({ status: status?.status, steps: appSteps }).toMatchObject({
      status: "PENDING",
      steps: ["planner"],
    });
  });

  it("runs the same write twice when the planner sends it twice: DBOS keeps no key of the app's", async () => {
    const run = await runScenario(native, columnNamed("idempotency_replay"), { graphSteps: false });
    // The app hands DBOS the call id as its key; the planner sent a new call, so the write ran again.
    expect(run.observation).toMatchObject({ executor_calls: 2 });
    expect(
      columnNamed("idempotency_replay")
        .violations(run.observation)
        .map((v) => v.kind),
    ).toContain("behaviour");
  });

  it("publishes twice after a death between the effect and DBOS's step checkpoint: the step runs again on recovery", async () => {
    const column = columnNamed("crash_after_side_effect_high_risk");
    const run = await runScenario(native, column, { graphSteps: false });
    expect(column.violations(run.observation).map((v) => v.expectation)).toContain(
      "the publish landed twice: the new process published again",
    );
  });
});
