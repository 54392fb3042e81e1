/**
 * LangGraph on each of its savers — MemorySaver, SqliteSaver and PostgresSaver (the last when
 * AGENT_HARNESS_PG_URL names a server; CI always does) — with the contract's stores on the same
 * kind of store. Approvals, restarts and rewinds observe what the handwritten engine observes in
 * memory, every checkpoint LangGraph writes (the input checkpoint included) opens under its seal,
 * and an edit made in the saver's own tables is still refused.
 */
import { unwrapEngine } from "../../runtime/index.js";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { canonicalJson, type JsonValue } from "../../contract/index.js";
import { handwrittenFactory } from "../../handwritten/engine/factory.js";
import { engineContextOf } from "../../runtime/api.js";
import { REWIND_COLUMNS } from "../../scenarios/rewind-columns.js";
import { runScenario, SESSION_ID, type Scenario } from "../../scenarios/scenario.js";
import { postgresUrl } from "../../test/stores/targets.js";
import { CHECKPOINTER_KEY, sealedCheckpointerOf } from "./checkpointer.js";
import { langgraphFactory } from "./engine.js";
import { saverKinds, type SaverKind } from "./testing/saver-kinds.js";
import { approvedPublish, EXTRA_SCENARIOS } from "./test-support.js";

const scratch = mkdtempSync(join(tmpdir(), "agent-harness-savers-"));
const closers: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
  rmSync(scratch, { recursive: true, force: true });
});

const KINDS = saverKinds(scratch, closers, postgresUrl);

let cases = 0;
const scopeOf = () => `savers_${process.pid}_${(cases += 1)}`;

/** The scenario on LangGraph over `kind`: the contract's stores and the saver both in that store. */
async function runOn(kind: SaverKind, scenario: Scenario) {
  const { saver, environment } = await kind.open(scopeOf());
  return runScenario(langgraphFactory, scenario, {
    environment: (options) => {
      const env = environment(options);
      env.slots.set(CHECKPOINTER_KEY, saver);
      return env;
    },
  });
}

/** Each case with the column's verdict when it is one (the rewind columns), or none to judge. */
const CASES: readonly { scenario: Scenario; verdict: (observation: JsonValue) => readonly unknown[] }[] = [
  ...REWIND_COLUMNS.map((column) => ({ scenario: column, verdict: column.violations })),
  ...EXTRA_SCENARIOS.map((scenario) => ({ scenario, verdict: () => [] })),
];

for (const kind of KINDS) {
  describe(`LangGraph on ${kind.name}`, () => {
    for (const { scenario, verdict } of CASES) {
      it(`${scenario.name}: observes what the handwritten engine observes, with the graph steps LangGraph counts in memory`, async () => {
        const reference = await runScenario(handwrittenFactory, scenario);
        const inMemory = await runScenario(langgraphFactory, scenario);
        const run = await runOn(kind, scenario);
        expect(canonicalJson(run.observation)).toBe(canonicalJson(reference.observation));
        expect(run.trace).toEqual(reference.trace);
        expect(verdict(run.observation)).toEqual([]);
        expect(run.graph_steps).toBeGreaterThan(0);
        expect(run.graph_steps).toBe(inMemory.graph_steps);
      });
    }

    /** A session started on a fresh scope of this kind, waiting for approval after a plain run. */
    const waitingSession = async () => {
      const opened = await kind.open(scopeOf());
      const env = opened.environment(approvedPublish.options);
      env.slots.set(CHECKPOINTER_KEY, opened.saver);
      const engine = langgraphFactory.create(engineContextOf(env));
      expect(unwrapEngine(await engine.start(SESSION_ID, approvedPublish.goal)).status).toBe("approval_required");
      return { ...opened, env, engine };
    };

    it("opens every checkpoint of a plain run under its seal, the input checkpoint (step -1) included", async () => {
      const { env, engine } = await waitingSession();
      const steps: unknown[] = [];
      const sealed = sealedCheckpointerOf(engineContextOf(env));
      for await (const tuple of sealed.list({ configurable: { thread_id: SESSION_ID } }))
        steps.push(tuple.metadata?.step);
      expect(steps.at(-1)).toBe(-1);
      expect(steps.length).toBeGreaterThan(2);
      expect(await engine.graphSteps(SESSION_ID)).toBeGreaterThan(0);
    });

    it("refuses an input checkpoint given another checkpoint's trace in the saver's own storage", async () => {
      const { engine, spliceLatestTraceIntoInput } = await waitingSession();
      await spliceLatestTraceIntoInput();
      await expect(engine.graphSteps(SESSION_ID)).rejects.toMatchObject({ code: "checkpoint_tampered" });
      // The latest checkpoint was not touched: the session itself still opens.
      expect(unwrapEngine(await engine.state(SESSION_ID))?.status).toBe("approval_required");
    });

    it("refuses a stored agent state edited in the saver's own rows, and publishes nothing", async () => {
      const { env, engine, publishToPublic } = await waitingSession();
      await publishToPublic();
      await expect(engine.state(SESSION_ID)).resolves.toMatchObject({
        ok: false,
        error: { code: "checkpoint_tampered" },
      });
      await expect(engine.resume(SESSION_ID)).resolves.toMatchObject({
        ok: false,
        error: { code: "checkpoint_tampered" },
      });
      expect(env.world.totalCalls()).toBe(0);
    });

    it("refuses a saver row whose body is not JSON as store_tampered, never a raw SyntaxError", async () => {
      const { env, garbleRows } = await waitingSession();
      await garbleRows();
      const sealed = sealedCheckpointerOf(engineContextOf(env));
      const config = { configurable: { thread_id: SESSION_ID } };
      await expect(sealed.getTuple(config)).rejects.toMatchObject({ code: "store_tampered" });
      await expect(
        (async () => {
          for await (const tuple of sealed.list(config)) void tuple;
        })(),
      ).rejects.toMatchObject({ code: "store_tampered" });
      expect(env.world.totalCalls()).toBe(0);
    });
  });
}
