import { describe, expect, it } from "vitest";
import { createEnvironment } from "../../scenarios/index.js";
import { AGENT_NODES, END_NODE, localGraphFactory, PATH_MAP, routeByStatus } from "./index.js";

describe("the four-node agent graph", () => {
  it("has four nodes, four routers, and counts one edge from START plus one per declared conditional target", async () => {
    const shape = await localGraphFactory.shape(createEnvironment({ script: [] }));
    const conditional = AGENT_NODES.reduce((sum, node) => sum + PATH_MAP[node].length, 0);
    expect(shape).toEqual({ nodes: 4, edges: 1 + conditional, conditional_edges: conditional, routers: 4 });
  });

  it("draws START → plan and every path-map target of every node", async () => {
    const diagram = (await localGraphFactory.diagram?.(createEnvironment({ script: [] }))) ?? "";
    expect(diagram).toContain("\t__start__ --> plan;");
    for (const node of AGENT_NODES)
      for (const target of PATH_MAP[node]) expect(diagram).toContain(`\t${node} -.-> ${target};`);
  });

  it("routes each status only to targets its node declares", () => {
    // The node that produces a status must list that status's route in its path map.
    const producers: Record<string, readonly (typeof AGENT_NODES)[number][]> = {
      ready: ["validate", "policy", "execute"],
      planned: ["plan"],
      validated: ["validate"],
      approval_required: ["policy"],
      executing: ["policy", "execute"],
      reconcile_required: ["policy", "execute"],
      done: ["validate"],
      failed: ["plan", "execute"],
      step_limit: ["plan"],
    };
    const sample = { status: "ready" } as Parameters<typeof routeByStatus>[0];
    for (const [status, nodes] of Object.entries(producers)) {
      const target = routeByStatus({ ...sample, status } as Parameters<typeof routeByStatus>[0]);
      for (const node of nodes) expect(PATH_MAP[node], `${node} → ${status}`).toContain(target);
    }
    expect(routeByStatus({ ...sample, status: "done" } as Parameters<typeof routeByStatus>[0])).toBe(END_NODE);
  });
});
