/**
 * The store's key (issue 24, item 5): a generated key kept owner-only beside a SQLite store, and
 * refused when others may read it; a store remembers the id of the key it is sealed under, and a
 * process holding another key gets `store_key_mismatch` naming both ids (never a key), on SQLite
 * and Postgres. The MCP server refuses to start on such a store (mcp/cli.test.ts).
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  claimStoreKey,
  keyFileFor,
  keyIdOf,
  openDatabase,
  readKeyFile,
  readOrCreateKeyFile,
} from "../../durable/index.js";
import { freshStore, MEASURED_KINDS } from "./targets.js";

const scratch = mkdtempSync(join(tmpdir(), "agent-harness-store-key-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const KEY_A = "a-first-key-of-at-least-16-chars";
const KEY_B = "b-other-key-of-at-least-16-chars";

describe("the key file beside a SQLite store", () => {
  it("is generated once, owner-only, and read back the same on the next start", () => {
    const file = keyFileFor(join(scratch, "one.sqlite"));
    let made = 0;
    const generate = () => `generated-key-number-${(made += 1)}`;
    expect(readOrCreateKeyFile(file, generate)).toEqual({ ok: true, value: "generated-key-number-1" });
    expect(readOrCreateKeyFile(file, generate)).toEqual({ ok: true, value: "generated-key-number-1" });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, "utf8")).toBe("generated-key-number-1\n");
  });

  it("is refused, not trusted, when group or others may read or write it", () => {
    const file = join(scratch, "exposed.key");
    writeFileSync(file, `${KEY_A}\n`, { mode: 0o600 });
    for (const mode of [0o640, 0o604, 0o620]) {
      chmodSync(file, mode);
      const read = readOrCreateKeyFile(file, () => KEY_B);
      expect(read).toMatchObject({ ok: false, error: { code: "key_file_exposed" } });
      expect(JSON.stringify(read)).not.toContain(KEY_A);
    }
    chmodSync(file, 0o600);
    expect(readKeyFile(file)).toEqual({ ok: true, value: KEY_A });
  });

  it("is refused when it holds no key, and is never replaced by a new one", () => {
    const file = join(scratch, "empty.key");
    writeFileSync(file, "short\n", { mode: 0o600 });
    expect(readOrCreateKeyFile(file, () => KEY_B)).toMatchObject({ ok: false, error: { code: "key_file_invalid" } });
    expect(readFileSync(file, "utf8")).toBe("short\n");
  });
});

describe("the key a store is sealed under", () => {
  it("is named by a digest that is not the key", () => {
    expect(keyIdOf(KEY_A)).toMatch(/^key-[0-9a-f]{12}$/);
    expect(keyIdOf(KEY_A)).not.toBe(keyIdOf(KEY_B));
    expect(keyIdOf(KEY_A)).not.toContain(KEY_A.slice(0, 8));
  });

  for (const kind of MEASURED_KINDS) {
    it(`${kind}: is claimed by the first process; another key is store_key_mismatch naming both ids`, () => {
      const { spec, scope } = freshStore(kind, scratch);
      const db = openDatabase(spec);
      if (!db.ok) throw db.error;
      try {
        expect(claimStoreKey(db.value, scope, keyIdOf(KEY_A)).ok).toBe(true);
        expect(claimStoreKey(db.value, scope, keyIdOf(KEY_A)).ok).toBe(true);
        // Another scope on the same database has a key of its own.
        expect(claimStoreKey(db.value, `${scope}-other`, keyIdOf(KEY_B)).ok).toBe(true);
        const other = claimStoreKey(db.value, scope, keyIdOf(KEY_B));
        if (other.ok) throw new Error("a second key was accepted");
        expect(other.error.code).toBe("store_key_mismatch");
        expect(other.error.message).toContain(keyIdOf(KEY_A));
        expect(other.error.message).toContain(keyIdOf(KEY_B));
        expect(other.error.message).not.toContain(KEY_A);
        expect(other.error.message).not.toContain(KEY_B);
      } finally {
        db.value.close();
      }
    });
  }
});
