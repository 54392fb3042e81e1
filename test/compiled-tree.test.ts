/**
 * The run's compiled tree (test/setup/compiled-tree.ts): the processes tests start by the dozen run as plain
 * `node` on it, and a file it does not hold falls back to tsx's loader.
 */
import { existsSync, mkdirSync, realpathSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SERVER_COMMAND, REPO_ROOT } from "../scenarios/mcp/stdio-server.js";
import { COMPILED_TREE_ENV, nodeCommand } from "../scenarios/node-command.js";
import { scratchDir } from "./setup/scratch.js";
import { adapterPresent } from "./setup/requirements.js";
import { ADAPTERS } from "../engines/catalogue.js";

const DBOS = ADAPTERS.find((a) => a.folder === "dbos-adapter")!;

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

  // Without the adapter its crash suite is left out (the not-measured line), and so is this.
  for (const _ of [DBOS].filter(adapterPresent))
    it("holds the DBOS crash worker, whose packages resolve from the adapter's own folder", () => {
      const tree = process.env[COMPILED_TREE_ENV]!;
      const worker = "dbos-adapter/src/crash-worker.ts";
      expect(nodeCommand(REPO_ROOT, worker)).toEqual([
        process.execPath,
        join(tree, "dbos-adapter/src/crash-worker.js"),
      ]);
      const sdk = (from: string) => realpathSync(createRequire(join(from, worker)).resolve("@dbos-inc/dbos-sdk"));
      expect(sdk(tree)).toBe(sdk(REPO_ROOT));
    });
});
