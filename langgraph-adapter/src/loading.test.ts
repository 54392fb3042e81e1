/**
 * What `compare --framework langgraph` loads: LangGraph once, through require (langgraph.ts), and
 * never as ES modules beside it (two copies would cost their load twice and fail LangGraph's
 * instanceof checks).
 */
import { describe, expect, it } from "vitest";
import { compareLoads, filesMatching } from "../../test/comparison/loaded-files.js";

describe("compare --framework langgraph loads LangGraph once", () => {
  it("through require only", { timeout: 180_000 }, () => {
    const load = compareLoads("langgraph");
    expect(load.status, load.stderr).toBe(0);
    expect(load.report?.status).toBe("measured");
    const langchain = filesMatching(load, /\/node_modules\/@langchain\//);
    expect(langchain.filter((line) => line.startsWith("import "))).toEqual([]);
    expect(langchain).toContainEqual(expect.stringMatching(/^require .*\/@langchain\/langgraph\/dist\/index\.cjs$/));
  });
});
