/**
 * Issue 24, item 5: `npm run --silent mcp` started twice in a row with nothing configured (no
 * --store, no secret), as a host that starts it per conversation does. Both starts use the default
 * SQLite store under the working directory and the key kept beside it, so every tool call answers
 * on both, a session of the first start goes on in the second, and the two starts never share a
 * connection's session.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { paced } from "../test/setup/pace.js";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { approvePending, type PendingApproval } from "../contract/index.js";
import { keyIdOf } from "../durable/index.js";
import type { Observed } from "../scenarios/mcp/parity.js";
import { spawnServer, unconfiguredServer, type SpawnedServer } from "../scenarios/mcp/stdio-server.js";

const cwd = mkdtempSync(join(tmpdir(), "agent-harness-default-store-"));
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

const KEY_FILE = join(cwd, ".agent-harness/mcp.sqlite.key");
const body = (observed: Observed) => (observed.kind === "result" ? observed.body : { observed });
const KEPT = { "agent-harness/session": "kept-across-starts" };

/** One call of every tool with nothing named: what each answers, and the connection's session. */
async function everyTool(server: SpawnedServer) {
  const answers = {
    read_table: body(await server.call({ name: "read_table", arguments: { table: "sales", limit: 2 } })),
    run_regression: body(
      await server.call({ name: "run_regression", arguments: { table: "sales", x: "week", y: "signups" } }),
    ),
    save_artifact: body(await server.call({ name: "save_artifact", arguments: { name: "fit.json", content: "s=3" } })),
    publish_report: body(
      await server.call({ name: "publish_report", arguments: { artifact: "art_fit", audience: "team" } }),
    ),
    run_shell: body(await server.call({ name: "run_shell", arguments: { command: "ls" } })),
  };
  return {
    statuses: Object.fromEntries(Object.entries(answers).map(([tool, answer]) => [tool, answer["status"]])),
    sessions: new Set(Object.values(answers).map((answer) => answer["session_id"])),
  };
}

const EVERY_TOOL_ANSWERS = {
  read_table: "ok",
  run_regression: "ok",
  save_artifact: "ok",
  publish_report: "approval_required",
  run_shell: "denied",
};

describe("npm run mcp with nothing configured, started twice on one working directory", () => {
  it(
    "answers every tool call on both starts, and a session of the first start goes on in the second",
    async () => {
      const first = await spawnServer("2025-11-25", [], unconfiguredServer(cwd));
      const before = await everyTool(first);
      const publish = { name: "publish_report", arguments: { artifact: "art_fit", audience: "team" }, _meta: KEPT };
      const waiting = body(await first.call(publish));
      const save = { name: "save_artifact", arguments: { name: "kept.txt", content: "once" } };
      const keyed = {
        ...save,
        _meta: { "agent-harness/session": "saves", "agent-harness/idempotency-key": "kept-save" },
      };
      const saved = body(await first.call(keyed));
      await first.close();

      // The key was generated once, owner-only, beside the default store.
      expect(statSync(KEY_FILE).mode & 0o777).toBe(0o600);
      const key = readFileSync(KEY_FILE, "utf8").trim();

      const second = await spawnServer("2025-11-25", [], unconfiguredServer(cwd));
      const after = await everyTool(second);
      const token = approvePending(waiting["pending"] as PendingApproval, "kept-across-starts", key, Date.now());
      const approved = body(await second.call({ ...publish, _meta: { ...KEPT, "agent-harness/approval": token } }));
      const replayed = body(await second.call(keyed));
      await second.close();

      expect(before.statuses).toEqual(EVERY_TOOL_ANSWERS);
      expect(after.statuses).toEqual(EVERY_TOOL_ANSWERS);
      expect(waiting["status"]).toBe("approval_required");
      expect(saved["status"]).toBe("ok");
      // Signed with the key from the file, in the second process: the first process's key was the same.
      expect(approved).toMatchObject({ status: "ok" });
      expect(replayed).toMatchObject({ status: "replayed", output: saved["output"] });
      // Each start named its connection's session afresh.
      expect(before.sessions.size).toBe(1);
      expect(after.sessions.size).toBe(1);
      expect([...after.sessions][0]).not.toBe([...before.sessions][0]);
      expect(keyIdOf(key)).toMatch(/^key-[0-9a-f]{12}$/);
    },
    paced(120_000),
  );
});
