/**
 * Restart-safe (issue 17, item 6): on the SQLite store, a server process that is stopped and
 * started again over the same file refuses a used approval token and replays a completed key,
 * with the fixture world's own counts carried over in the same file.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { approvePending, type PendingApproval } from "../handwritten/contract/index.js";
import { spawnServer, TEST_SECRET } from "./testing/stdio-server.js";

const dir = mkdtempSync(join(tmpdir(), "agent-harness-restart-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PUBLISH = { name: "publish_report", arguments: { artifact: "art_q3", audience: "team" } };
const SAVE = { name: "save_artifact", arguments: { name: "fit.json", content: "slope=3" } };
const meta = (extra: Record<string, unknown> = {}) => ({ "agent-harness/session": "restart", ...extra });

describe("a restarted server on the same SQLite file", () => {
  it("refuses a used token and replays a completed key", async () => {
    const store = ["--store", `sqlite:${join(dir, "mcp.sqlite")}`];
    const first = await spawnServer("2025-11-25", store);
    const waiting = await first.call({ ...PUBLISH, _meta: meta() });
    const pending = (waiting.kind === "result" ? waiting.body.pending : null) as PendingApproval;
    const token = approvePending(pending, "restart", TEST_SECRET, Date.now());
    expect(await first.call({ ...PUBLISH, _meta: meta({ "agent-harness/approval": token }) })).toMatchObject({
      body: { status: "ok" },
    });
    const saved = await first.call({ ...SAVE, _meta: meta({ "agent-harness/idempotency-key": "save-1" }) });
    expect(saved).toMatchObject({ body: { status: "ok" } });
    expect(first.world()).toMatchObject({ total_effects: 2, total_calls: 2 });
    await first.close();

    const second = await spawnServer("2025-11-25", store);
    try {
      const replayedToken = await second.call({ ...PUBLISH, _meta: meta({ "agent-harness/approval": token }) });
      expect(replayedToken).toMatchObject({ body: { status: "approval_refused", code: "approval_already_used" } });
      const replayedKey = await second.call({ ...SAVE, _meta: meta({ "agent-harness/idempotency-key": "save-1" }) });
      expect(replayedKey).toMatchObject({ body: { status: "replayed" } });
      expect(replayedKey.kind === "result" && replayedKey.body.output).toEqual(
        saved.kind === "result" && saved.body.output,
      );
      // The world is the same file: nothing ran again.
      expect(second.world()).toMatchObject({ total_effects: 2, total_calls: 2 });
    } finally {
      await second.close();
    }
  }, 60_000);
});
