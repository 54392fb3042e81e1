/**
 * The generated secret corpus over MCP, on SQLite and on Postgres (when a server is given): tools/call and
 * resources/read with a claimed kind in a place an MCP caller reaches (test/scenarios/corpus-mcp.ts), the
 * canary over every stored byte, the audit log and the notifications, and every identifier holding a secret
 * refused with a reason code. `SECRET_PLACES_RUNS` raises the count of cases per store.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { paced } from "../setup/pace.js";
import { MEASURED_KINDS } from "../stores/targets.js";
import { describeMcpCase, mcpCases, runMcpCase } from "./corpus-mcp.js";
import { checkCases, onlyStores, useFile } from "./corpus-run.js";

const RUNS = Number(process.env["SECRET_PLACES_RUNS"] ?? 8);
useFile("test/scenarios/secret-places-mcp.test.ts");
const scratch = mkdtempSync(join(tmpdir(), "agent-harness-corpus-mcp-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe(`the generated secret corpus over MCP: ${RUNS} cases per store`, () => {
  for (const kind of onlyStores(MEASURED_KINDS))
    it(
      `${kind}: no raw secret in any stored byte, notification or audit line; identifiers refused`,
      async () => {
        const checked = await checkCases(
          `mcp × ${kind}`,
          mcpCases,
          describeMcpCase,
          (c) => runMcpCase(c, kind, scratch),
          RUNS,
          `SECRET_PLACES_STORE=${kind}`,
        );
        expect(checked.leaks).toEqual([]);
      },
      paced(30_000 + RUNS * 3_000),
    );
});
