/**
 * The synchronous Postgres bridge answers each statement with its own reply. A statement that
 * timed out on the calling side still finishes on the server later; its late reply must be
 * dropped, not read as the answer to the next statement (a read answered with a write's empty
 * rows would let a store write back an empty world). A closed bridge's worker serves the next store
 * opened with the same settings (postgres-bridge.ts): its connection is ended, and nothing of it carries over.
 */
import { describe, expect, it } from "vitest";
import { openPostgres } from "../../durable/sql/postgres.js";
import { postgresUrl } from "./targets.js";

// Left out of a run without a server (test/setup/requirements.ts).
describe("postgres bridge: a late reply answers nothing", () => {
  it("after a statement timed out on the caller, the next statement gets its own rows", () => {
    // The caller waits connect + statement timeout (2,000 ms); the session's own server-side limit is
    // lifted, so the 2,500 ms sleep answers after the caller gave up, while the next statement, which
    // the worker runs only after it, is still inside its own 2,000 ms: 1.5 s to spare on a loaded machine.
    // The connection gets 1 s of the 2: at 100 ms it timed out in CI at load 11, before any statement ran.
    const opened = openPostgres(postgresUrl!, "postgres:bridge-test", {
      connectTimeoutMs: 1_000,
      statementTimeoutMs: 1_000,
    });
    if (!opened.ok) throw new Error(opened.error.message);
    const db = opened.value;
    try {
      db.query("SET statement_timeout = 0");
      expect(() => db.query("SELECT pg_sleep(2.5) AS slept")).toThrow(/no answer within 2000 ms/);
      const answered = db.query("SELECT 42 AS answer");
      expect(answered.rows).toEqual([{ answer: 42 }]);
      expect(db.query("SELECT 'second' AS answer").rows).toEqual([{ answer: "second" }]);
    } finally {
      db.close();
    }
  });
});

describe("postgres bridge: a closed store's worker serves the next one afresh", () => {
  const open = () => {
    const opened = openPostgres(postgresUrl!, "postgres:bridge-reuse");
    if (!opened.ok) throw new Error(opened.error.message);
    return opened.value;
  };
  const backend = (db: ReturnType<typeof open>) =>
    (db.query("SELECT pg_backend_pid() AS pid").rows[0] as { pid: number }).pid;

  it("ends the closed store's connection on the server", () => {
    const first = open();
    const pid = backend(first);
    first.close();
    const second = open();
    try {
      expect(backend(second)).not.toBe(pid);
      expect(second.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE pid = ?", [pid]).rows).toEqual([
        { n: 0 },
      ]);
    } finally {
      second.close();
    }
  });

  it("opens after a store closed inside a transaction, which the server rolled back", () => {
    const table = `bridge_reuse_${process.pid}`;
    const first = open();
    first.query(`CREATE TABLE IF NOT EXISTS ${table} (n INTEGER)`);
    first.query("BEGIN");
    first.query(`INSERT INTO ${table} VALUES (1)`);
    first.close();
    const second = open();
    try {
      expect(second.query(`SELECT count(*)::int AS n FROM ${table}`).rows).toEqual([{ n: 0 }]);
      second.transaction(() => second.query(`INSERT INTO ${table} VALUES (2)`));
      expect(second.query(`SELECT n FROM ${table}`).rows).toEqual([{ n: 2 }]);
    } finally {
      second.query(`DROP TABLE ${table}`);
      second.close();
    }
  });
});
