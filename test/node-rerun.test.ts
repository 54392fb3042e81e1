/**
 * CI runs the fast tier again on Node 24 (`.ci/run`), less the projects that only check the sources' types: the
 * TypeScript compiler gives the same answer on any Node, as `npm run checks`, which that pass leaves out too.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../scenarios/mcp/stdio-server.js";
import { nodeRerunProjects, PROJECTS } from "./setup/projects.js";

const typesOnly = PROJECTS.filter((p) => p.typesOnly === true);

describe("the Node 24 pass", () => {
  it("runs every fast project that runs code, and neither a heavy one nor a check of the types", () => {
    const names = nodeRerunProjects();
    expect(names).toEqual(expect.arrayContaining(["sabotage", "core", "stores", "mcp", "web", "langgraph", "mastra"]));
    expect(names.filter((name) => name.startsWith("heavy:"))).toEqual([]);
    expect(typesOnly.map((p) => p.name)).toEqual(["types"]);
    expect(names).not.toContain("types");
  });

  it("leaves out only files that run the TypeScript compiler over the sources", () => {
    const files = typesOnly.flatMap((p) => p.include);
    expect(files.length).toBeGreaterThan(0);
    const compiles = (file: string) => /from "typescript"/.test(readFileSync(join(REPO_ROOT, file), "utf8"));
    expect(files.filter((file) => !compiles(file))).toEqual([]);
  });

  it("is what .ci/run asks vitest for, with PostgreSQL left out (the heavy tier's, run on Node 22)", () => {
    expect(readFileSync(join(REPO_ROOT, ".ci/run"), "utf8")).toMatch(
      /nodeRerunProjects\(\)[\s\S]*env -u AGENT_HARNESS_PG_URL \\\n\s*AGENT_HARNESS_LEFT_OUT=PostgreSQL npx vitest run \$node24_projects/,
    );
  });
});
