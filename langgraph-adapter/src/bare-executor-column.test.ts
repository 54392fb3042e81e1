/**
 * The bare-executor column on LangGraph: it holds, with the same observation and trace as the
 * handwritten engine, and with the registry's guard removed it fails here too.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { canonicalJson } from "../../contract/index.js";
import { handwrittenFactory } from "../../handwritten/engine/factory.js";
import { BARE_EXECUTOR_COLUMNS } from "../../scenarios/bare-executor-columns.js";
import { runScenario } from "../../scenarios/scenario.js";
import { langgraphFactory } from "./index.js";

const active = vi.hoisted(() => ({ guardRemoved: false }));

vi.mock("../../contract/dispatch-permit.ts", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../contract/dispatch-permit.js")>();
  return { ...real, guardExecutor: (spec: never) => (active.guardRemoved ? spec : real.guardExecutor(spec)) };
});

afterEach(() => {
  active.guardRemoved = false;
});

const [column] = BARE_EXECUTOR_COLUMNS;

describe("the bare-executor column on langgraph", () => {
  it("holds, observing exactly what the handwritten engine observes", async () => {
    if (column === undefined) throw new Error("no bare-executor column");
    const langgraph = await runScenario(langgraphFactory, column);
    expect(column.violations(langgraph.observation).map((v) => v.expectation)).toEqual([]);
    const handwritten = await runScenario(handwrittenFactory, column);
    expect(canonicalJson(langgraph.observation)).toBe(canonicalJson(handwritten.observation));
    expect(langgraph.trace).toEqual(handwritten.trace);
  });

  it("fails when the registry hands out its executors without the guard", async () => {
    if (column === undefined) throw new Error("no bare-executor column");
    active.guardRemoved = true;
    const run = await runScenario(langgraphFactory, column);
    expect(column.violations(run.observation).map((v) => v.expectation)).toContain(
      "every bare call is refused with bare_executor",
    );
    expect(column.violations(run.observation).map((v) => v.expectation)).toContain(
      "a bare call ran past the contract: an executor ran, or a side effect landed",
    );
  });
});
