import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { END } from "./langgraph.js";
import { AGENT_NODES } from "../../local-graph/agent/nodes.js";
import { END_NODE, PATH_MAP } from "../../local-graph/agent/routes.js";
import { localGraphFactory } from "../../local-graph/agent/engine.js";
import { createEnvironment } from "../../handwritten/fixtures/environment.js";
import { INSTALLED_VERSIONS, LANGGRAPH_VERSION, langgraphFactory } from "./index.js";

const manifest = (path: string) =>
  JSON.parse(readFileSync(new URL(path, import.meta.url), "utf8")) as {
    version: string;
    dependencies: Record<string, string>;
  };

describe("the LangGraph graph and its identity", () => {
  it("draws the same nodes, edges, conditional edges and routers as the local graph", async () => {
    const env = createEnvironment({ script: [] });
    const local = await localGraphFactory.shape(env);
    expect(local).not.toBeNull();
    expect(await langgraphFactory.shape(env)).toEqual(local);
  });

  it("draws one edge from START plus one conditional edge per path-map target of each node", async () => {
    const conditional = AGENT_NODES.reduce((sum, node) => sum + PATH_MAP[node].length, 0);
    expect(await langgraphFactory.shape(createEnvironment({ script: [] }))).toEqual({
      nodes: AGENT_NODES.length,
      edges: conditional + 1,
      conditional_edges: conditional,
      routers: AGENT_NODES.length,
    });
  });

  it("draws, with LangGraph's own drawMermaid(), the very picture the local runtime draws", async () => {
    const env = createEnvironment({ script: [] });
    const drawn = await langgraphFactory.diagram?.(env);
    expect(drawn).toContain("\tpolicy -.-> policy;");
    expect(drawn).toBe(await localGraphFactory.diagram?.(env));
  });

  it("ends where the shared routes end: LangGraph's END is __end__", () => {
    expect(END).toBe(END_NODE);
  });

  it("reports the versions actually installed, which are the exact pins of the adapter package", () => {
    const pins = manifest("../package.json").dependencies;
    expect(langgraphFactory.version).toBe(LANGGRAPH_VERSION);
    expect(INSTALLED_VERSIONS["@langchain/langgraph"]).toBe(
      manifest("../node_modules/@langchain/langgraph/package.json").version,
    );
    expect(INSTALLED_VERSIONS["@langchain/core"]).toBe(
      manifest("../node_modules/@langchain/core/package.json").version,
    );
    expect(INSTALLED_VERSIONS["@langchain/langgraph"]).toBe(pins["@langchain/langgraph"]);
    expect(INSTALLED_VERSIONS["@langchain/core"]).toBe(pins["@langchain/core"]);
  });
});
