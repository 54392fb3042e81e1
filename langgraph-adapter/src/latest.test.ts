/**
 * The engine's direct read of a thread's latest values (`latest.ts`) against LangGraph's own
 * `getState`, on every state the fault schedules, the parallel columns and the scenarios with a
 * crash or a wait leave: wherever the direct read answers, it answers what `getState` does.
 */
import { describe, expect, it } from "vitest";
import { paced } from "../../test/setup/pace.js";
import type { Checkpoint, CheckpointTuple } from "@langchain/langgraph";
import { PARALLEL_COLUMNS } from "../../scenarios/parallel-columns.js";
import { schedulesOf } from "../../scenarios/faults/play.js";
import { runScenario, SESSION_ID } from "../../scenarios/scenario.js";
import type { EngineFactory } from "../../runtime/index.js";
import { sealedCheckpointerOf } from "./checkpointer.js";
import { buildLangGraphAgentGraph } from "./graph.js";
import { langgraphFactory } from "./index.js";
import { latestOf } from "./latest.js";
import { EXTRA_SCENARIOS } from "./test-support.js";

type Tally = { direct: number; asked: number; directWithPendingWrites: number; mismatches: string[] };

/** LangGraph's engine whose every `state()` read also compares the direct read with `getState`. */
function comparingFactory(tally: Tally): EngineFactory {
  return {
    ...langgraphFactory,
    create: (env) => {
      const engine = langgraphFactory.create(env);
      const checkpointer = sealedCheckpointerOf(env);
      const graph = buildLangGraphAgentGraph(env, { checkpointer });
      const config = { configurable: { thread_id: SESSION_ID } };
      return {
        ...engine,
        state: async (session_id) => {
          const saved = await checkpointer.getTuple(config);
          const latest = latestOf(saved);
          if (latest.kind === "ask_langgraph") tally.asked += 1;
          else {
            tally.direct += 1;
            if ((saved?.pendingWrites?.length ?? 0) > 0) tally.directWithPendingWrites += 1;
            const values = (await graph.getState(config)).values as Record<string, unknown>;
            const expected =
              values["agent"] === undefined
                ? undefined
                : { agent: values["agent"], trace: values["trace"] ?? [], outcomes: values["outcomes"] ?? [] };
            try {
              expect(latest.values).toStrictEqual(expected);
            } catch (error) {
              tally.mismatches.push(String(error).slice(0, 300));
            }
          }
          return engine.state(session_id);
        },
      };
    },
  };
}

describe("the direct read of a thread's latest values", () => {
  it(
    "answers what getState answers, on every state the schedules and columns leave",
    async () => {
      const tally: Tally = { direct: 0, asked: 0, directWithPendingWrites: 0, mismatches: [] };
      const factory = comparingFactory(tally);
      for (const scenario of [...schedulesOf(13, 0, 24), ...PARALLEL_COLUMNS, ...EXTRA_SCENARIOS])
        await runScenario(factory, scenario, { graphSteps: false });
      expect(tally.mismatches).toEqual([]);
      // Both ways were taken, and the direct read covered approval waits (a pending interrupt write).
      expect(tally.direct).toBeGreaterThan(50);
      expect(tally.directWithPendingWrites).toBeGreaterThan(0);
      expect(tally.asked).toBeGreaterThan(0);
    },
    paced(120_000),
  );

  const tuple = (checkpoint: Partial<Checkpoint>, pendingWrites: CheckpointTuple["pendingWrites"] = []) =>
    ({
      config: { configurable: { thread_id: "t" } },
      checkpoint: { v: 4, id: "c", ts: "", channel_values: {}, channel_versions: {}, versions_seen: {}, ...checkpoint },
      pendingWrites,
    }) as CheckpointTuple;

  it("leaves to getState a checkpoint with a pending write to a channel, or a written list stored elsewhere", () => {
    const agent = { status: "running" };
    expect(latestOf(tuple({ channel_values: { agent } }, [["task", "outcomes", []]])).kind).toBe("ask_langgraph");
    expect(latestOf(tuple({ channel_values: { agent }, channel_versions: { trace: 3 } })).kind).toBe("ask_langgraph");
    expect(latestOf(tuple({ channel_values: { agent, trace: { value: [] } } })).kind).toBe("ask_langgraph");
  });

  it("reads an absent agent as no state, and an absent unwritten list as its default", () => {
    expect(latestOf(undefined)).toEqual({ kind: "values", values: undefined });
    expect(latestOf(tuple({ channel_values: { trace: [] } }))).toEqual({ kind: "values", values: undefined });
    const agent = { status: "running" };
    expect(latestOf(tuple({ channel_values: { agent } }, [["task", "__interrupt__", []]]))).toEqual({
      kind: "values",
      values: { agent, trace: [], outcomes: [] },
    });
  });
});
