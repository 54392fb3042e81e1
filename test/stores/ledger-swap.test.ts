/**
 * The SQL ledger's compare-and-set: a write lands only on the row that was read and verified. A
 * second process changes the row between this one's read and its write; the write must then be
 * decided again on the new row, never laid over it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { LedgerStore } from "../../contract/index.js";
import { openDatabase } from "../../durable/index.js";
import type { SqlConnection } from "../../durable/sql/connection.js";
import { createSqlLedger } from "../../durable/stores/ledger.js";
import { rowSeals } from "../../durable/stores/row-seal.js";
import { FIXTURE_SECRET } from "../../handwritten/fixtures/environment.js";
import { freshStore, MEASURED_KINDS } from "./targets.js";

const dir = mkdtempSync(join(tmpdir(), "ledger-swap-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `db`, with `between` run once, right after the first read of a ledger row. */
function interleaved(db: SqlConnection, between: () => void): SqlConnection {
  let pending = true;
  return {
    ...db,
    query(sql, params) {
      const result = db.query(sql, params);
      if (pending && sql.startsWith("SELECT entry, seal FROM ledger")) {
        pending = false;
        between();
      }
      return result;
    },
  };
}

describe.each(MEASURED_KINDS)("the %s ledger writes only over the row it read", (kind) => {
  const open = () => {
    const { spec, scope } = freshStore(kind, dir);
    const db = openDatabase(spec);
    if (!db.ok) throw db.error;
    const ledgerOn = (conn: SqlConnection): LedgerStore => createSqlLedger(conn, scope, rowSeals(FIXTURE_SECRET));
    return { db: db.value, ledgerOn };
  };
  const request = { key: "k1", tool: "publish_report", args_digest: "d1", owner: "p#1", at: 1 };

  it("a dispatched mark read before another process completed the key does not reopen it", () => {
    const { db, ledgerOn } = open();
    const other = ledgerOn(db);
    expect(other.begin(request).kind).toBe("execute");
    const mine = ledgerOn(interleaved(db, () => other.complete("k1", { published: 1 }, 2)));
    mine.setDispatched("k1", true, 3);
    expect(other.get("k1")).toMatchObject({ state: "completed", output: { published: 1 } });
    db.close();
  });

  it("a retried begin that lost the row to a completion replays it instead of running again", () => {
    const { db, ledgerOn } = open();
    const other = ledgerOn(db);
    other.begin(request);
    // The owner retries its own in-flight key (execute on the row it read); the key completes meanwhile.
    const mine = ledgerOn(interleaved(db, () => other.complete("k1", { published: 1 }, 2)));
    expect(mine.begin({ ...request, at: 3 })).toEqual({ kind: "replay", output: { published: 1 } });
    expect(other.get("k1")).toMatchObject({ state: "completed" });
    db.close();
  });
});
