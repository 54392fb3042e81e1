/**
 * The store fault suite's restore cases (issue 24 item 4): an older copy of the store put back
 * after an approval was spent (a SQLite file on each engine, a `pg_dump` on Postgres), a file
 * truncated to 0 bytes, a lost WAL, a Postgres scope emptied, and a restore accepted by the
 * operator. The spent-nonce journal beside the store is never part of the copy: it is what a
 * restore of the database does not reach (`durable/restore-guard.ts`).
 *
 * Each case counts publish_report calls across the store's lives, so a spent approval that runs
 * again shows as a second publish (`silent_change`), whatever the store then says.
 */
import { closeSync, copyFileSync, mkdirSync, openSync, rmSync } from "node:fs";
import { join } from "node:path";
import { openDatabase } from "../../../durable/index.js";
import { SESSION_ID } from "../../../scenarios/index.js";
import type { EngineId } from "../../../engines/index.js";
import { freshStore, type StoreKind } from "../targets.js";
import type { StoreFaultCase, StoreFaultResult } from "./case.js";
import { copyAside, JOURNAL, putBack, sendToken, waitForApproval, type StoreAt } from "./restore-lives.js";
import { pgDump, pgRestore, scratchDatabase } from "./restore-postgres.js";
import { acceptThenApprove, life, replay, resumeAfterRollbackByHand, spendAfterBackup } from "./restore-steps.js";

/** A SQLite store in `dir/store`, its backup copied to `dir/backup`. */
function sqliteAt(dir: string) {
  const home = join(dir, "store");
  mkdirSync(home);
  const at: StoreAt = { ...freshStore("sqlite", home), dir: home };
  const backup = join(dir, "backup");
  return { at, save: () => copyAside(home, backup), restore: () => putBack(backup, home) };
}

/** A database of its own on the Postgres server, saved with pg_dump and restored with pg_restore. */
async function withPostgres(
  dir: string,
  body: (at: StoreAt, save: () => void, restore: () => void) => Promise<StoreFaultResult>,
) {
  const database = scratchDatabase();
  const dump = join(dir, "older.dump");
  try {
    const at: StoreAt = { spec: { kind: "postgres", url: database.url }, scope: "main", dir };
    return await body(
      at,
      () => pgDump(database.url, dump),
      () => pgRestore(database.url, dump),
    );
  } finally {
    database.drop();
  }
}

const olderSqliteCopy = (engine: EngineId): StoreFaultCase => ({
  id: `restore/sqlite-older-copy/${engine}`,
  engine,
  group: "restore",
  kinds: ["sqlite"],
  expect: `${engine}: an older copy of the SQLite files put back after the token was spent is refused (store_restored)`,
  code: "store_restored",
  async run(_kind, dir) {
    const { at, save, restore } = sqliteAt(dir);
    return replay(engine, at, await spendAfterBackup(engine, at, save, restore));
  },
});

const acceptedSqliteRestore = (engine: EngineId): StoreFaultCase => ({
  id: `restore/sqlite-accept-restore/${engine}`,
  engine,
  group: "restore",
  kinds: ["sqlite"],
  expect: `${engine}: after --accept-restore the spent token is refused and a fresh approval publishes once`,
  async run(_kind, dir) {
    const { at, save, restore } = sqliteAt(dir);
    return acceptThenApprove(engine, at, await spendAfterBackup(engine, at, save, restore));
  },
});

const ENGINES: readonly EngineId[] = ["handwritten", "local_state_graph", "langgraph"];

/**
 * Only the handwritten engine checkpoints `authorized` (the approval spent, the ledger not yet
 * begun); the graph engines go from approval_required to executing in one node, and a rollback to
 * approval_required replays the spent token, which the nonce row refuses.
 */
const rolledBackByHand: StoreFaultCase = {
  id: "restore/rolled-back-by-hand-to-authorized/handwritten",
  group: "restore",
  kinds: ["sqlite", "postgres"],
  expect:
    "checkpoints deleted back to `authorized` and the publish's ledger row deleted, the nonce row kept: " +
    "the resumed session stops in reconcile_required, no second publish",
  run: (kind, dir) => resumeAfterRollbackByHand("handwritten", { ...freshStore(kind, dir), dir }),
};

export const RESTORE_CASES: readonly StoreFaultCase[] = [
  ...ENGINES.map(olderSqliteCopy),
  ...ENGINES.map(acceptedSqliteRestore),
  rolledBackByHand,
  {
    id: "restore/postgres-pg-dump",
    group: "restore",
    kinds: ["postgres"],
    expect: "a pg_dump taken before the token was spent, restored with pg_restore, is refused (store_restored)",
    code: "store_restored",
    run: (_kind, dir) =>
      withPostgres(dir, async (at, save, restore) =>
        replay("handwritten", at, await spendAfterBackup("handwritten", at, save, restore)),
      ),
  },
  {
    id: "restore/postgres-pg-dump-accepted",
    group: "restore",
    kinds: ["postgres"],
    expect: "after a pg_dump restore is accepted the spent token is refused and a fresh approval publishes once",
    run: (_kind, dir) =>
      withPostgres(dir, async (at, save, restore) =>
        acceptThenApprove("handwritten", at, await spendAfterBackup("handwritten", at, save, restore)),
      ),
  },
  {
    id: "restore/sqlite-truncated-to-zero",
    group: "restore",
    kinds: ["sqlite"],
    expect: "a SQLite file truncated to 0 bytes (its WAL gone) is refused (store_truncated), not opened as new",
    code: "store_truncated",
    async run(_kind, dir) {
      const { at } = sqliteAt(dir);
      const token = await spendAfterBackup("handwritten", at, noop, () => {
        const path = (at.spec as { path: string }).path;
        for (const suffix of ["-wal", "-shm"]) rmSync(`${path}${suffix}`, { force: true });
        closeSync(openSync(path, "w"));
      });
      return replay("handwritten", at, token);
    },
  },
  {
    id: "restore/sqlite-wal-deleted",
    group: "restore",
    kinds: ["sqlite"],
    expect:
      "the database file without its WAL (as a crash with the WAL deleted leaves it) is refused (store_truncated), not opened as new",
    code: "store_truncated",
    async run(_kind, dir) {
      // The WAL holds every commit until a checkpoint: the file is copied while the store is open.
      const { at } = sqliteAt(dir);
      const crashed = join(dir, "crashed");
      mkdirSync(crashed);
      const open = await life("handwritten", at);
      const { token } = await waitForApproval(open, SESSION_ID);
      await sendToken(open, SESSION_ID, token);
      copyFileSync((at.spec as { path: string }).path, join(crashed, "harness.sqlite"));
      copyFileSync(join(at.dir, JOURNAL), join(crashed, JOURNAL));
      open.close();
      const moved: StoreAt = {
        spec: { kind: "sqlite", path: join(crashed, "harness.sqlite") },
        scope: at.scope,
        dir: crashed,
      };
      return replay("handwritten", moved, token);
    },
  },
  {
    id: "restore/postgres-scope-emptied",
    group: "restore",
    kinds: ["postgres"],
    expect: "a Postgres scope whose rows were deleted from every table is refused (store_truncated), not opened as new",
    code: "store_truncated",
    async run(kind: StoreKind, dir) {
      const at: StoreAt = { ...freshStore(kind, dir), dir };
      const token = await spendAfterBackup("handwritten", at, noop, () => emptyScope(at));
      return replay("handwritten", at, token);
    },
  },
];

function noop(): void {}

/** Deletes the scope's rows from every table, as `DELETE … WHERE scope = …` by hand would. */
function emptyScope(at: StoreAt): void {
  const db = openDatabase(at.spec);
  if (!db.ok) throw db.error;
  try {
    for (const table of ["ledger", "log_records", "artifacts", "worlds", "nonces"])
      db.value.query(`DELETE FROM ${table} WHERE scope = ?`, [at.scope]);
  } finally {
    db.value.close();
  }
}
