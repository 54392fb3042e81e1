/**
 * The bare-executor column on the core engines: it holds on handwritten and local_state_graph, and
 * with the registry's guard removed (every executor handed out bare) it fails on each, naming the
 * parts of the signal that broke. (The LangGraph adapter runs the same check from its own package.)
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { localGraphFactory } from "../../local-graph/agent/index.js";
import { BARE_EXECUTOR_COLUMNS, handwrittenFactory, runScenario } from "../../scenarios/index.js";

const active = vi.hoisted(() => ({ guardRemoved: false }));

vi.mock("../../contract/dispatch-permit.ts", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../contract/dispatch-permit.js")>();
  return { ...real, guardExecutor: (spec: never) => (active.guardRemoved ? spec : real.guardExecutor(spec)) };
});

afterEach(() => {
  active.guardRemoved = false;
});

const [column] = BARE_EXECUTOR_COLUMNS;

describe.each([handwrittenFactory, localGraphFactory])("the bare-executor column on $id", (factory) => {
  it("holds: every bare call refused, the approved publish run once through the contract", async () => {
    if (column === undefined) throw new Error("no bare-executor column");
    const run = await runScenario(factory, column);
    expect(column.violations(run.observation).map((v) => v.expectation)).toEqual([]);
    const o = run.observation as {
      after_each_action: { refused: string | null }[];
      side_effects: Record<string, Record<string, number>>;
    };
    expect(o.after_each_action.map((a) => a.refused)).toEqual([
      null,
      "bare_executor",
      "bare_executor",
      "bare_executor",
      null,
    ]);
    // One side effect in the whole world: the approved publish, under its contract key (not "bare:…").
    expect(Object.keys(o.side_effects)).toEqual(["publish_report"]);
    expect(Object.entries(o.side_effects["publish_report"] ?? {})).toEqual([[expect.stringMatching(/^idem_/), 1]]);
  });

  it("fails when the registry hands out its executors without the guard", async () => {
    if (column === undefined) throw new Error("no bare-executor column");
    active.guardRemoved = true;
    const run = await runScenario(factory, column);
    expect(column.violations(run.observation).map((v) => [v.kind, v.expectation])).toEqual([
      ["behaviour", "a bare call ran past the contract: an executor ran, or a side effect landed"],
      ["behaviour", "the approved publish did not run exactly once"],
      ["behaviour", "a denied or unvalidated call reached its executor (run_shell, save_artifact)"],
      ["vocabulary", "every bare call is refused with bare_executor"],
      [
        "vocabulary",
        "nothing unrecorded: every key an executor saw has a completed ledger entry, every executor call a tool_succeeded",
      ],
    ]);
  });
});
