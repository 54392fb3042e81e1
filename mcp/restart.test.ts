/**
 * Restart-safe (issue 17, item 6; issue 16, item 5): on the SQLite store, a server process that
 * is stopped and started again over the same file refuses a used approval token and replays a
 * completed key, and a session rewound to an older checkpoint still refuses the token (the nonce
 * store is outside the checkpoints). The steps are `restartBetweenApprovalAndReplay`, which
 * test/stores/race.test.ts also runs on Postgres for the evidence.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { paced } from "../test/setup/pace.js";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { restartBetweenApprovalAndReplay, RESTART_HOLDS } from "../scenarios/mcp/restart.js";

const dir = mkdtempSync(join(tmpdir(), "agent-harness-restart-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a restarted server on the same SQLite file", () => {
  it(
    "refuses a used token, even from a rewound session, and replays a completed key",
    async () => {
      const record = await restartBetweenApprovalAndReplay(`sqlite:${join(dir, "mcp.sqlite")}`);
      expect(record).toEqual(RESTART_HOLDS);
    },
    paced(90_000),
  );
});
