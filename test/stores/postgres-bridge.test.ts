/**
 * The synchronous Postgres bridge answers each statement with its own reply. A statement that
 * timed out on the calling side still finishes on the server later; its late reply must be
 * dropped, not read as the answer to the next statement (a read answered with a write's empty
 * rows would let a store write back an empty world).
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
