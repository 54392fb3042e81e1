/**
 * The MCP server on a store restored from an older copy (issue 24 item 4): a server asks for an
 * approval, the store's files are copied aside, a second server spends the token (one publish),
 * and the copy is put back. The server then refuses to start (exit 3, store_restored) rather than
 * approve the spent token again; started with --accept-restore it refuses the token as already
 * used and a fresh approval works. The spent-nonce journal beside the store is never copied.
 */
import { closeSync, copyFileSync, mkdirSync, mkdtempSync, openSync, readdirSync, rmSync } from "node:fs";
import { paced } from "../test/setup/pace.js";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { approvePending, type PendingApproval } from "../contract/index.js";
import type { Observed } from "../scenarios/mcp/parity.js";
import { spawnServer, TEST_SECRET } from "../scenarios/mcp/stdio-server.js";
import { pgDump, pgRestore, scratchDatabase } from "../test/stores/faults/restore-postgres.js";
import { postgresUrl } from "../test/stores/targets.js";
import { main } from "./server-main.js";

const scratch = mkdtempSync(join(tmpdir(), "agent-harness-mcp-restore-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const body = (observed: Observed) => (observed.kind === "result" ? observed.body : {});
const publish = { name: "publish_report", arguments: { artifact: "art_q3", audience: "team" } };
const meta = (session: string, token?: string) => ({
  "agent-harness/session": session,
  ...(token === undefined ? {} : { "agent-harness/approval": token }),
});

/** Asks for approval of a publish in `session`; the token a person gives for it. */
async function ask(server: Awaited<ReturnType<typeof spawnServer>>, session: string): Promise<string> {
  const waiting = await server.call({ ...publish, _meta: meta(session) });
  return approvePending(body(waiting)["pending"] as PendingApproval, session, TEST_SECRET, Date.now());
}

/** `main` as the process runs it, up to the point where it would serve. */
async function start(argv: string[]) {
  let [stdout, stderr] = ["", ""];
  const env = { AGENT_HARNESS_APPROVAL_SECRET: TEST_SECRET };
  const code = await main(argv, env, { out: (t) => void (stdout += t), err: (t) => void (stderr += t) });
  return { code, stdout, stderr };
}

// The database and its WAL (a killed server leaves one), not the key or the journal.
const storeFiles = (dir: string) => readdirSync(dir).filter((name) => /\.sqlite(-wal|-shm)?$/.test(name));

describe("npm run mcp on a restored store", () => {
  it(
    "refuses an older copy (exit 3, store_restored); with --accept-restore the spent token stays spent",
    async () => {
      const dir = join(scratch, "older-copy");
      const backup = join(scratch, "older-copy-backup");
      mkdirSync(dir);
      mkdirSync(backup);
      const args = ["--store", `sqlite:${join(dir, "mcp.sqlite")}`];

      const first = await spawnServer("2025-11-25", args);
      const token = await ask(first, "restore-a");
      await first.kill();
      for (const name of storeFiles(dir)) copyFileSync(join(dir, name), join(backup, name));

      const second = await spawnServer("2025-11-25", args);
      expect(body(await second.call({ ...publish, _meta: meta("restore-a", token) }))["status"]).toBe("ok");
      expect(second.world().effects["publish_report"]).toBeDefined();
      await second.kill();
      for (const name of storeFiles(dir)) rmSync(join(dir, name));
      for (const name of storeFiles(backup)) copyFileSync(join(backup, name), join(dir, name));

      const refused = await start(args);
      expect(refused.code).toBe(3);
      expect(refused.stdout).toBe("");
      expect(refused.stderr).toContain("store_restored");
      expect(refused.stderr).toContain("generation 0, below generation 1");
      expect(refused.stderr).toContain("--accept-restore");

      const accepted = await spawnServer("2025-11-25", [...args, "--accept-restore"]);
      const replay = body(await accepted.call({ ...publish, _meta: meta("restore-a", token) }));
      expect({ status: replay["status"], code: replay["code"] }).toEqual({
        status: "approval_refused",
        code: "approval_already_used",
      });
      // The world is in the restored database: it has seen no publish, and the spent token added none.
      expect(accepted.world().total_effects).toBe(0);
      const fresh = await ask(accepted, "restore-b");
      expect(body(await accepted.call({ ...publish, _meta: meta("restore-b", fresh) }))["status"]).toBe("ok");
      expect(accepted.world().total_effects).toBe(1);
      await accepted.close();
    },
    paced(60_000),
  );

  it(
    "refuses a store truncated to 0 bytes (exit 3, store_truncated) instead of starting empty",
    async () => {
      const dir = join(scratch, "truncated");
      mkdirSync(dir);
      const path = join(dir, "mcp.sqlite");
      const first = await spawnServer("2025-11-25", ["--store", `sqlite:${path}`]);
      await first.close();
      for (const name of storeFiles(dir)) rmSync(join(dir, name));
      closeSync(openSync(path, "w"));
      const refused = await start(["--store", `sqlite:${path}`]);
      expect(refused.code).toBe(3);
      expect(refused.stderr).toContain("store_truncated");
    },
    paced(60_000),
  );

  // Started with defaults: no --spent-journal, so the journal is the default one in .agent-harness/. Without a
  // server the case is left out, not skipped, and named on the run's `not measured:` line (requirements.ts).
  if (postgresUrl !== undefined)
    it("refuses a pg_restore of a dump taken while waiting (exit 3, store_restored)", async () => {
      const database = scratchDatabase();
      const dump = join(scratch, "waiting.dump");
      try {
        const args = ["--store", `postgres:${database.url}`];
        const first = await spawnServer("2025-11-25", args);
        const token = await ask(first, "restore-pg");
        pgDump(database.url, dump);
        expect(body(await first.call({ ...publish, _meta: meta("restore-pg", token) }))["status"]).toBe("ok");
        expect(first.world().total_effects).toBe(1);
        await first.close();
        pgRestore(database.url, dump);

        const refused = await start(args);
        expect(refused.code).toBe(3);
        expect(refused.stderr).toContain("store_restored");
        expect(refused.stderr).toContain("generation 0, below generation 1");
      } finally {
        database.drop();
      }
    }, 60_000);

  it("lists --spent-journal, --accept-restore and exit code 3 in --help", async () => {
    const { stdout } = await start(["--help"]);
    for (const text of ["--spent-journal PATH", "--accept-restore", "3 the store was restored"])
      expect(stdout).toContain(text);
  });
});
