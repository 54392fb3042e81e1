/**
 * The restore guard (durable/restore-guard.ts) and its spent-nonce journal, on every measured
 * store: what a guarded open answers, what a claim writes to the journal, and a database
 * restored under a running process (the journal's nonces stay spent without a reopen); and its
 * ledger side: a begun high_risk entry the database lost answers uncertain (durable/ledger-guard.ts).
 */
import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { BeginRequest, RiskClass } from "../../contract/index.js";
import { openDatabase, openRestoreGuard, storesIn, type SqlConnection } from "../../durable/index.js";
import { FIXTURE_SECRET } from "../../handwritten/fixtures/environment.js";
import { freshStore, MEASURED_KINDS, type StoreKind } from "./targets.js";

const scratch = mkdtempSync(join(tmpdir(), "agent-harness-restore-guard-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function setUp(kind: StoreKind) {
  const dir = mkdtempSync(join(scratch, `${kind}-`));
  const { spec, scope } = freshStore(kind, dir);
  const db = openDatabase(spec);
  if (!db.ok) throw db.error;
  const journal = join(dir, "store.spent");
  const guarded = (acceptRestore = false) =>
    openRestoreGuard(db.value, scope, { journal, acceptRestore, secret: FIXTURE_SECRET });
  const forget = (nonce: string) => db.value.query("DELETE FROM nonces WHERE scope = ? AND nonce = ?", [scope, nonce]);
  /** The scope's stores behind a guard opened now (a process opening the store). */
  const guardedStores = () => {
    const guard = guarded();
    if (!guard.ok) throw guard.error;
    return storesIn(db.value, scope, FIXTURE_SECRET, guard.value);
  };
  return { db: db.value, scope, journal, guarded, forget, guardedStores };
}

const lines = (journal: string) =>
  readFileSync(journal, "utf8")
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l) as Record<string, unknown>);

function close(db: SqlConnection) {
  db.close();
}

describe("the restore guard", () => {
  for (const kind of MEASURED_KINDS) {
    it(`${kind}: journals each won claim once (owner-only file), never a lost one`, () => {
      const { db, scope, journal, guarded } = setUp(kind);
      const guard = guarded();
      if (!guard.ok) throw guard.error;
      const nonces = storesIn(db, scope, FIXTURE_SECRET, guard.value).nonces;
      expect(nonces.claim("n1", "s1", 5)).toBe(true);
      expect(nonces.claim("n1", "s2", 6)).toBe(false);
      expect(lines(journal)).toEqual([
        { scope, opened: true },
        { scope, nonce: "n1", session_id: "s1", at: 5 },
      ]);
      if (process.platform !== "win32") expect(statSync(journal).mode & 0o777).toBe(0o600);
      close(db);
    });

    it(`${kind}: a claim in a transaction that rolls back writes no journal line and stays claimable`, () => {
      const { db, scope, journal, guarded } = setUp(kind);
      const guard = guarded();
      if (!guard.ok) throw guard.error;
      const nonces = storesIn(db, scope, FIXTURE_SECRET, guard.value).nonces;
      expect(() =>
        db.transaction(() => {
          expect(nonces.claim("n1", "s1", 5)).toBe(true);
          expect(lines(journal)).toHaveLength(1);
          throw new Error("the checkpoint written with the claim failed");
        }),
      ).toThrow("the checkpoint written with the claim failed");
      expect(lines(journal)).toEqual([{ scope, opened: true }]);
      db.transaction(() => expect(nonces.claim("n1", "s1", 6)).toBe(true));
      expect(lines(journal)).toEqual([
        { scope, opened: true },
        { scope, nonce: "n1", session_id: "s1", at: 6 },
      ]);
      close(db);
    });

    it(`${kind}: a database restored under a running process: the journal's nonce stays spent, and is recorded again`, () => {
      const { db, scope, guarded, forget } = setUp(kind);
      const guard = guarded();
      if (!guard.ok) throw guard.error;
      const nonces = storesIn(db, scope, FIXTURE_SECRET, guard.value).nonces;
      expect(nonces.claim("n1", "s1", 5)).toBe(true);
      forget("n1");
      expect(nonces.has("n1")).toBe(true);
      expect(nonces.claim("n1", "s1", 7)).toBe(false);
      expect(storesIn(db, scope, FIXTURE_SECRET).nonces.has("n1")).toBe(true);
      close(db);
    });

    it(`${kind}: reopened intact it opens; with nonces forgotten it is store_restored naming both generations`, () => {
      const { db, scope, guarded, forget } = setUp(kind);
      const first = guarded();
      if (!first.ok) throw first.error;
      const nonces = storesIn(db, scope, FIXTURE_SECRET, first.value).nonces;
      for (const n of ["n1", "n2", "n3"]) nonces.claim(n, "s1", 5);
      const intact = guarded(true);
      expect(intact.ok && { generation: intact.value.generation, accepted: intact.value.accepted }).toEqual({
        generation: 3,
        accepted: null,
      });
      forget("n2");
      forget("n3");
      const restored = guarded();
      expect(restored.ok ? "opened" : restored.error.code).toBe("store_restored");
      if (!restored.ok) expect(restored.error.reason).toContain("generation 1, below generation 3");
      const accepted = guarded(true);
      expect(accepted.ok && accepted.value.accepted).toEqual({ was: "store_restored", respent: 2 });
      expect(["n1", "n2", "n3"].map((n) => storesIn(db, scope, FIXTURE_SECRET).nonces.has(n))).toEqual([
        true,
        true,
        true,
      ]);
      expect(guarded().ok).toBe(true);
      close(db);
    });

    it(`${kind}: a scope the journal saw opened and the database no longer holds is store_truncated`, () => {
      const { db, scope, guarded } = setUp(kind);
      expect(guarded().ok).toBe(true);
      db.query("DELETE FROM log_records WHERE scope = ?", [scope]);
      const emptied = guarded();
      expect(emptied.ok ? "opened" : emptied.error.code).toBe("store_truncated");
      close(db);
    });
  }

  it("ignores a last line a crash cut short, and refuses a damaged line before it", () => {
    const { db, journal, guarded } = setUp("sqlite");
    expect(guarded().ok).toBe(true);
    appendFileSync(journal, '{"scope":"x","nonce":"n');
    expect(guarded().ok).toBe(true);
    writeFileSync(journal, 'not json\n{"scope":"x","opened":true}\n');
    const damaged = guarded();
    expect(damaged.ok ? "opened" : [damaged.error.code, damaged.error.reason]).toEqual([
      "store_unavailable",
      "the spent-nonce journal: line 1 is not a journal line",
    ]);
    close(db);
  });
});

const begin = (risk: RiskClass, key = "k1", owner = "s1#1", at = 5): BeginRequest => ({
  key,
  tool: "publish_report",
  args_digest: "d1",
  owner,
  at,
  risk,
});

describe("the restore guard's ledger", () => {
  for (const kind of MEASURED_KINDS) {
    it(`${kind}: journals the begin and release of a call that must not run twice, and no other`, () => {
      const { db, scope, journal, guardedStores } = setUp(kind);
      const ledger = guardedStores().ledger;
      expect(ledger.begin(begin("high_risk"))).toEqual({ kind: "execute" });
      expect(ledger.begin(begin("high_risk"))).toEqual({ kind: "execute" });
      expect(ledger.begin(begin("idempotent_write", "k2"))).toEqual({ kind: "execute" });
      ledger.release("k1");
      ledger.release("k2");
      expect(lines(journal)).toEqual([
        { scope, opened: true },
        { scope, begun: "k1", at: 5 },
        { scope, released: "k1" },
      ]);
      close(db);
    });

    it(`${kind}: a begun entry the database lost answers uncertain and is recorded so; a released one begins afresh`, () => {
      const { db, scope, guardedStores } = setUp(kind);
      const ledger = guardedStores().ledger;
      ledger.begin(begin("high_risk"));
      ledger.complete("k1", { published: 1 }, 6);
      ledger.begin(begin("high_risk", "k2"));
      ledger.release("k2");
      db.query("DELETE FROM ledger WHERE scope = ?", [scope]);
      // A reopened process reads the journal, not what this one remembers.
      const again = guardedStores().ledger;
      expect(again.begin(begin("high_risk", "k1", "s1#3", 7))).toEqual({ kind: "uncertain" });
      expect(again.get("k1")?.state).toBe("uncertain");
      expect(again.begin(begin("high_risk", "k2", "s1#3", 7))).toEqual({ kind: "execute" });
      // Without the guard the loss is invisible: what docs/stores.md says an unguarded store cannot see.
      db.query("DELETE FROM ledger WHERE scope = ?", [scope]);
      expect(storesIn(db, scope, FIXTURE_SECRET).ledger.begin(begin("high_risk"))).toEqual({ kind: "execute" });
      close(db);
    });

    it(`${kind}: a begin in a transaction that rolls back writes no journal line, and the key begins afresh`, () => {
      const { db, scope, journal, guardedStores } = setUp(kind);
      const ledger = guardedStores().ledger;
      expect(() =>
        db.transaction(() => {
          expect(ledger.begin(begin("high_risk"))).toEqual({ kind: "execute" });
          throw new Error("the checkpoint written with the begin failed");
        }),
      ).toThrow("the checkpoint written with the begin failed");
      expect(lines(journal)).toEqual([{ scope, opened: true }]);
      expect(ledger.begin(begin("high_risk"))).toEqual({ kind: "execute" });
      close(db);
    });
  }

  it("reads a journal written before begun lines existed, and keeps its nonces spent", () => {
    const { db, scope, journal, guarded } = setUp("sqlite");
    writeFileSync(
      journal,
      `${JSON.stringify({ scope, opened: true })}\n${JSON.stringify({ scope, nonce: "n1", session_id: "s1", at: 5 })}\n`,
    );
    db.query("INSERT INTO log_records (scope, log, stream, n, body) VALUES (?, 'restore_anchor', '', 1, '{}')", [
      scope,
    ]);
    const restored = guarded();
    expect(restored.ok ? "opened" : restored.error.code).toBe("store_restored");
    const accepted = guarded(true);
    if (!accepted.ok) throw accepted.error;
    const stores = storesIn(db, scope, FIXTURE_SECRET, accepted.value);
    expect(stores.nonces.claim("n1", "s1", 6)).toBe(false);
    expect(stores.ledger.begin(begin("high_risk"))).toEqual({ kind: "execute" });
    close(db);
  });
});
