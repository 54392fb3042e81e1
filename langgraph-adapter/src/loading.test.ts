/**
 * What `compare --framework langgraph` loads: LangGraph once, from a bundle of its packages
 * (packages.cjs, offered by scripts/comparison/run-entry.ts), and never from node_modules beside it,
 * as ES modules or by require (two copies would cost their load twice and fail LangGraph's
 * instanceof checks); the run and the adapter from one bundle of their sources (scripts/comparison/bundle.ts),
 * so they skip tsx's loader thread and share one copy of the contract; and not the local graph's engine.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { paced } from "../../test/setup/pace.js";
import { compareLoads, filesMatching, type CompareLoad } from "../../test/comparison/loaded-files.js";

describe("compare --framework langgraph loads LangGraph once", () => {
  let load: CompareLoad;
  beforeAll(() => {
    load = compareLoads("langgraph");
  }, paced(180_000));

  it("from a bundle of its packages: none of their modules by require or import", () => {
    expect(load.status, load.stderr).toBe(0);
    expect(load.report?.status).toBe("measured");
    expect(filesMatching(load, /^bundle .*\/langgraph-adapter\/src\/packages\.cjs$/)).toHaveLength(1);
    expect(filesMatching(load, /^bundle .*\/node_modules\/@langchain\/langgraph\/dist\/index\.cjs$/)).toHaveLength(1);
    expect(filesMatching(load, /^bundle .*\/node_modules\/langsmith\//)).not.toEqual([]);
    // Only their package.json files, read for their versions (versions.ts).
    expect(filesMatching(load, /^(require|import) .*\/node_modules\/(@langchain|langsmith)\/.*\.[cm]?js$/)).toEqual([]);
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
