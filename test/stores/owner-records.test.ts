/**
 * The session owners' records (`durable/stores/session-owners.ts`): the first owner recorded
 * wins, and a record edited or copied to another session in the database is `store_tampered`,
 * never an owner.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openStores } from "../../durable/index.js";
import { freshStore, MEASURED_KINDS } from "./targets.js";

const scratch = mkdtempSync(join(tmpdir(), "agent-harness-owner-records-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const [A, B] = ["a".repeat(64), "b".repeat(64)];

describe.each(MEASURED_KINDS)("session owner records on %s", (kind) => {
  const open = () => {
    const { spec, scope } = freshStore(kind, mkdtempSync(join(scratch, `${kind}-`)));
    const opened = openStores(spec, scope, "owner-records-test-secret", { spentJournal: null });
    if (!opened.ok) throw opened.error;
    const db = opened.value.db!;
    const sql = (text: string, params: (string | number)[]) => db.query(text, params);
    return { owners: opened.value.stores.owners, scope, sql, close: () => db.close() };
  };

  it("keeps the first owner of a session; a second is refused", () => {
    const { owners, close } = open();
    expect(owners.digestOf("s1")).toBeUndefined();
    expect(owners.put("s1", A)).toBe(true);
    expect(owners.put("s1", B)).toBe(false);
    expect(owners.digestOf("s1")).toBe(A);
    close();
  });

  it("refuses a record edited in the database, or copied to another session, as store_tampered", () => {
    const { owners, scope, sql, close } = open();
    owners.put("s1", A);
    const where = "scope = ? AND log = 'session_owners' AND stream = ?";
    sql(`UPDATE log_records SET body = ? WHERE ${where}`, [JSON.stringify({ digest: B }), scope, "s1"]);
    expect(() => owners.digestOf("s1")).toThrow(/store_tampered/);
    owners.put("s2", A);
    sql(`UPDATE log_records SET stream = ? WHERE ${where}`, ["s3", scope, "s2"]);
    expect(() => owners.digestOf("s3")).toThrow(/store_tampered/);
    close();
  });
});
