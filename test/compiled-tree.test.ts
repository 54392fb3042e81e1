/**
 * The run's compiled tree (test/setup/compiled-tree.ts): the processes tests start by the dozen run as plain
 * `node` on it, and a file it does not hold falls back to tsx's loader.
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SERVER_COMMAND, REPO_ROOT } from "../scenarios/mcp/stdio-server.js";
import { COMPILED_TREE_ENV, nodeCommand } from "../scenarios/node-command.js";
import { scratchDir } from "./setup/scratch.js";

describe("nodeCommand", () => {
  it("starts a file the compiled tree holds as plain node, anything else through tsx", () => {
    const tree = scratchDir("compiled-tree-");
    mkdirSync(join(tree, "mcp"));
    writeFileSync(join(tree, "mcp/server-main.js"), "");
    const env = { [COMPILED_TREE_ENV]: tree };
    expect(nodeCommand("/repo", "mcp/server-main.ts", env)).toEqual([
      process.execPath,
      join(tree, "mcp/server-main.js"),
    ]);
    expect(nodeCommand("/repo", "/repo/mcp/server-main.ts", env)).toEqual([
      process.execPath,
      join(tree, "mcp/server-main.js"),
    ]);
    expect(nodeCommand("/repo", "mcp/approve-main.ts", env)).toEqual([
      process.execPath,
      "--import",
      "tsx",
      "mcp/approve-main.ts",
    ]);
    expect(nodeCommand("/repo", "mcp/server-main.ts", {})).toEqual([
      process.execPath,
      "--import",
      "tsx",
      "mcp/server-main.ts",
    ]);
  });

  it("finds this run's tree: the MCP server under test starts compiled", () => {
    const tree = process.env[COMPILED_TREE_ENV];
    expect(tree, "vitest.config.ts's global setup names the tree").toBeTruthy();
    expect(SERVER_COMMAND.slice(0, 2)).toEqual([process.execPath, join(tree!, "mcp/server-main.js")]);
    expect(existsSync(SERVER_COMMAND[1]!)).toBe(true);
    expect(REPO_ROOT).not.toBe(tree);
  });
});
