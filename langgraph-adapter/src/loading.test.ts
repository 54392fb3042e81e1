/**
 * What `compare --framework langgraph` loads: LangGraph once, through require (langgraph.ts), and
 * never as ES modules beside it (two copies would cost their load twice and fail LangGraph's
 * instanceof checks); the run and the adapter from one bundle of their sources (scripts/comparison/bundle.ts),
 * so they skip tsx's loader thread and share one copy of the contract; and not the local graph's engine.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { compareLoads, filesMatching, type CompareLoad } from "../../test/comparison/loaded-files.js";

describe("compare --framework langgraph loads LangGraph once", () => {
  let load: CompareLoad;
  beforeAll(() => {
    load = compareLoads("langgraph");
  }, 180_000);

  it("through require only", () => {
    expect(load.status, load.stderr).toBe(0);
    expect(load.report?.status).toBe("measured");
    const langchain = filesMatching(load, /\/node_modules\/@langchain\//);
    expect(langchain.filter((line) => line.startsWith("import "))).toEqual([]);
    expect(langchain).toContainEqual(expect.stringMatching(/^require .*\/@langchain\/langgraph\/dist\/index\.cjs$/));
  });

  it("the run and the adapter from the bundle, its checks through require: nothing of the project but the entry is imported", () => {
    expect(filesMatching(load, /^bundle .*\/langgraph-adapter\/src\/index\.ts$/)).not.toEqual([]);
    expect(filesMatching(load, /^bundle .*\/contract\/index\.ts$/)).not.toEqual([]);
    expect(filesMatching(load, /^(require|import) .*\/(contract\/index|langgraph-adapter\/src\/)/)).toEqual([]);
    expect(filesMatching(load, /^import .*\/node_modules\//)).toEqual([]);
    // The command-line checks load with the run (scripts/comparison/main.ts, by loadCommand), so none is imported.
    expect(
      filesMatching(load, /^import .*\/(contract\/index|runtime|handwritten|langgraph-adapter|scenarios\/)/),
    ).toEqual([]);
  });

  it("only the engines it runs: the local graph's engine and runtime are neither required nor imported", () => {
    expect(filesMatching(load, /\/handwritten\/engine\/factory\.ts$/)).not.toEqual([]);
    // The bundle holds them (one bundle serves every built-in engine) but evaluates a module only when it is asked for.
    expect(
      filesMatching(load, /^(require|import) .*\/local-graph\/(agent\/(index|engine|build)\.ts|runtime\/)/),
    ).toEqual([]);
  });
});
