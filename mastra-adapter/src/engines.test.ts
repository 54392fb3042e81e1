import { describe, expect, it } from "vitest";
import { ALL_COLUMNS } from "../../scenarios/all-columns.js";
import { preApprovalState } from "../../scenarios/columns.js";
import { runScenario, SESSION_ID, type Environment } from "../../scenarios/index.js";
import { engineContextOf } from "../../runtime/index.js";
import { observesLikeTheReference } from "../../test/scenarios/contract-suite.js";
import { SUSPENDED_RUNS } from "./hardened.js";
import { turnModel } from "./model.js";
import { mastraAgent } from "./storage.js";
import { MASTRA_VERSION, mastraHardenedFactory, mastraNativeFactory } from "./index.js";

const columnNamed = (name: string) => {
  const column = ALL_COLUMNS.find((c) => c.name === name);
  if (column === undefined) throw new Error(`no column ${name}`);
  return column;
};

/** The runs Mastra's own storage holds suspended, read through Mastra's API as a restarted server would. */
async function suspendedInMastra(env: Environment) {
  const agent = mastraAgent(
    engineContextOf(env),
    turnModel("unused", async () => []),
    {},
  );
  const { runs } = await agent.listSuspendedRuns();
  return runs.map((r) => ({ runId: r.runId, toolCalls: r.toolCalls.map((c) => c.toolCallId) }));
}

describe("mastra_hardened", () => {
  it("reports the installed @mastra/core 1.x it runs", () => {
    expect(mastraHardenedFactory.version).toBe(MASTRA_VERSION);
    expect(MASTRA_VERSION).toMatch(/^1\.\d+\.\d+$/);
  });

  observesLikeTheReference(mastraHardenedFactory);

  it("waits in Mastra's own suspension: the run is in Mastra's storage, and the layer keeps it sealed at the checkpoint", async () => {
    let env: Environment | undefined;
    await runScenario(mastraHardenedFactory, preApprovalState, { instrument: (e) => void (env = e) });
    if (env === undefined) throw new Error("no environment");
    const kept = [...(env.slots.get(SUSPENDED_RUNS)?.values() ?? [])];
    expect(kept).toHaveLength(1);
    expect(await suspendedInMastra(env)).toEqual([{ runId: kept[0]?.runId, toolCalls: [kept[0]?.toolCallId] }]);
  });

  it("refuses to resume a suspended run whose kept record was edited outside the engine", async () => {
    let env: Environment | undefined;
    await runScenario(mastraHardenedFactory, preApprovalState, { instrument: (e) => void (env = e) });
    if (env === undefined) throw new Error("no environment");
    const store = env.slots.get(SUSPENDED_RUNS);
    const [key, record] = [...(store?.entries() ?? [])][0] ?? [];
    if (store === undefined || key === undefined || record === undefined) throw new Error("no kept run");
    store.set(key, { ...record, runId: "another-run" });
    const engine = mastraHardenedFactory.create(engineContextOf(env));
    await expect(engine.submitApproval(SESSION_ID, { kind: "decline" })).resolves.toMatchObject({
      ok: false,
      error: { code: "checkpoint_tampered" },
    });
  });
});

describe("mastra_native (findings, not defects)", () => {
  it("asks a person before a high-risk call: requireApproval suspends the publish in Mastra's storage", async () => {
    let env: Environment | undefined;
    const run = await runScenario(mastraNativeFactory, preApprovalState, {
      graphSteps: false,
      instrument: (e) => void (env = e),
    });
    expect(preApprovalState.violations(run.observation)).toEqual([]);
    if (env === undefined) throw new Error("no environment");
    expect(await suspendedInMastra(env)).toHaveLength(1);
  });

  it("tells the model a declined call was declined, and never runs it", async () => {
    const column = columnNamed("approval_declined");
    const run = await runScenario(mastraNativeFactory, column, { graphSteps: false });
    expect(run.observation).toMatchObject({ tool_messages: [{ tool: "publish_report", status: "declined" }] });
    expect(run.observation).toMatchObject({ side_effects: {}, executor_calls: {} });
  });

  it("refuses to resume a run it already resumed: a restored client copy's approval runs nothing more", async () => {
    const column = columnNamed("double_resume_same_approval");
    const run = await runScenario(mastraNativeFactory, column, { graphSteps: false });
    const observed = run.observation as { side_effects: Record<string, Record<string, number>> };
    expect(Object.values(observed.side_effects["publish_report"] ?? {})).toEqual([1]);
  });
});
