/**
 * Bad input to a store: a corrupt or foreign SQLite file, a schema from the future, rows that
 * fail their schema, an unreachable server, a wrong password, a bad `--store`. Each is a clear
 * error naming the store and the cause, a non-zero exit where it ends a command, and nothing
 * written; a transaction cut short by SIGKILL leaves the database readable.
 */
import { execFileSync } from "node:child_process";
import { FIXTURE_SECRET } from "../../handwritten/fixtures/environment.js";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, parseStoreSpec, storesIn, type SqlSpec, type StoreErrorCode } from "../../durable/index.js";
import { createIdSource, startRun, toCheckpoint } from "../../contract/index.js";
import { main as compareMain } from "../../scripts/compare.js";
import { postgresUrl } from "./targets.js";

const scratch = mkdtempSync(join(tmpdir(), "agent-harness-bad-store-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const file = (name: string) => join(scratch, name);
const sqlite = (path: string): SqlSpec => ({ kind: "sqlite", path });

function refused(spec: SqlSpec): { code: StoreErrorCode; message: string } {
  const opened = openDatabase(spec);
  if (opened.ok) {
    opened.value.close();
    throw new Error("the store opened");
  }
  return { code: opened.error.code, message: opened.error.message };
}

const tablesOf = (path: string) => {
  const db = new Database(path, { readonly: true });
  try {
    return (
      db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]
    ).map((r) => r.name);
  } finally {
    db.close();
  }
};

describe("a SQLite file that is not this harness's database", () => {
  it("a corrupt file: store_not_a_database, naming the file, and the file is left as it was", () => {
    const path = file("corrupt.sqlite");
    const bytes = Buffer.from("this is not a database, just some bytes ".repeat(200));
    writeFileSync(path, bytes);
    const { code, message } = refused(sqlite(path));
    expect(code).toBe("store_not_a_database");
    expect(message).toContain(`sqlite:${path}`);
    expect(readFileSync(path).equals(bytes)).toBe(true);
  });

  it("another program's database: store_foreign, and no table of ours is added", () => {
    const path = file("foreign.sqlite");
    const db = new Database(path);
    db.exec("CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT)");
    db.close();
    const { code, message } = refused(sqlite(path));
    expect(code).toBe("store_foreign");
    expect(message).toContain("users");
    expect(tablesOf(path)).toEqual(["users"]);
  });

  it("a schema version from the future: store_schema_future, and the database is not touched", () => {
    const path = file("future.sqlite");
    const made = openDatabase(sqlite(path));
    if (!made.ok) throw made.error;
    made.value.query("UPDATE harness_schema SET version = 99");
    made.value.close();
    const { code, message } = refused(sqlite(path));
    expect(code).toBe("store_schema_future");
    expect(message).toMatch(/version 99 is newer than this harness's 3/);
    const db = new Database(path, { readonly: true });
    expect(db.prepare("SELECT version FROM harness_schema").get()).toEqual({ version: 99 });
    db.close();
  });

  it("a database of schema version 1 (before used nonces were stored) is migrated on open, its rows kept", () => {
    const path = file("version-1.sqlite");
    const made = openDatabase(sqlite(path));
    if (!made.ok) throw made.error;
    made.value.query("INSERT INTO artifacts (scope, ref, body) VALUES ('s', 'r1', 'kept')");
    made.value.query("DROP TABLE nonces");
    // Nor were rows sealed then.
    for (const table of ["ledger", "log_records"]) made.value.query(`ALTER TABLE ${table} DROP COLUMN seal`);
    made.value.query("UPDATE harness_schema SET version = 1");
    made.value.close();
    const opened = openDatabase(sqlite(path));
    if (!opened.ok) throw opened.error;
    const stores = storesIn(opened.value, "s", FIXTURE_SECRET);
    expect(stores.artifacts.get("r1")).toBe("kept");
    expect(stores.nonces.claim("n1", "s1", 1)).toBe(true);
    expect(stores.nonces.claim("n1", "s2", 2)).toBe(false);
    expect(opened.value.query("SELECT version FROM harness_schema").rows).toEqual([{ version: 3 }]);
    opened.value.close();
  });
});

describe("rows are validated when read", () => {
  const open = () => {
    const db = openDatabase(sqlite(file(`rows-${Math.random().toString(36).slice(2)}.sqlite`)));
    if (!db.ok) throw db.error;
    return db.value;
  };

  it("a ledger row of the wrong shape: store_row_invalid naming the row and the field", () => {
    const db = open();
    db.query("INSERT INTO ledger (scope, key, entry) VALUES ('s', 'k1', ?)", [
      JSON.stringify({ key: "k1", tool: "t", args_digest: "d", owner: "o", updated_at: 1, state: "finished" }),
    ]);
    expect(() => storesIn(db, "s", FIXTURE_SECRET).ledger.get("k1")).toThrow(
      /store_row_invalid: sqlite:.*: ledger s\/k1: state/,
    );
    db.query("UPDATE ledger SET entry = 'not json' WHERE key = 'k1'");
    expect(() =>
      storesIn(db, "s", FIXTURE_SECRET).ledger.begin({ key: "k1", tool: "t", args_digest: "d", owner: "o", at: 1 }),
    ).toThrow(/ledger s\/k1 is not JSON/);
    db.close();
  });

  it("a checkpoint edited by hand no longer matches its hash: store_row_invalid", () => {
    const db = open();
    const stores = storesIn(db, "s", FIXTURE_SECRET);
    stores.checkpoints.put(
      toCheckpoint(startRun("s1", "honest", { at: 0, ids: createIdSource("seed") }).state, "bad-input-secret"),
    );
    db.query("UPDATE log_records SET body = replace(body, 'honest', 'forged')");
    expect(() => stores.checkpoints.latest("s1")).toThrow(/checkpoints s\/s1#1: does not match its hash/);
    db.close();
  });
});

describe("a crash in the middle of a write", () => {
  it("a transaction killed by SIGKILL before COMMIT leaves a readable store without the half-written rows", () => {
    const path = file("torn.sqlite");
    const made = openDatabase(sqlite(path));
    if (!made.ok) throw made.error;
    storesIn(made.value, "s", FIXTURE_SECRET).artifacts.put("artifact:sha256:kept", "kept");
    made.value.close();
    const driver = createRequire(import.meta.url).resolve("better-sqlite3");
    const killer = `
      const Database = require(${JSON.stringify(driver)});
      const db = new Database(${JSON.stringify(path)});
      db.exec("BEGIN IMMEDIATE");
      db.prepare("INSERT INTO artifacts (scope, ref, body) VALUES ('s', 'artifact:sha256:torn', ?)").run("x".repeat(100000));
      process.kill(process.pid, "SIGKILL");`;
    expect(() => execFileSync(process.execPath, ["-e", killer], { stdio: "pipe" })).toThrow(/SIGKILL/);
    const reopened = openDatabase(sqlite(path));
    if (!reopened.ok) throw reopened.error;
    const artifacts = storesIn(reopened.value, "s", FIXTURE_SECRET).artifacts;
    expect(artifacts.get("artifact:sha256:kept")).toBe("kept");
    expect(artifacts.get("artifact:sha256:torn")).toBeUndefined();
    reopened.value.close();
  });
});

describe("--store", () => {
  it("parses memory, sqlite:PATH and postgres URLs, and names what is wrong with anything else", () => {
    expect(parseStoreSpec("memory")).toEqual({ ok: true, value: { kind: "memory" } });
    expect(parseStoreSpec("sqlite:/tmp/a.db")).toEqual({ ok: true, value: { kind: "sqlite", path: "/tmp/a.db" } });
    const url = "postgres://u:p@127.0.0.1:5432/db";
    expect(parseStoreSpec(`postgres:${url}`)).toEqual({ ok: true, value: { kind: "postgres", url } });
    expect(parseStoreSpec(url)).toEqual({ ok: true, value: { kind: "postgres", url } });
    for (const bad of ["mysql://x", "sqlite:", "postgres:nowhere", "", "Memory"]) {
      const parsed = parseStoreSpec(bad);
      expect(parsed.ok ? "parsed" : parsed.error.code, bad).toBe("store_bad_spec");
    }
  });

  it("compare exits 2 on a bad spec and 5 on a store it cannot open, naming it, before running anything", async () => {
    let stderr = "";
    const io = { stdout: () => undefined, stderr: (t: string) => void (stderr += t), env: {} };
    expect(await compareMain(["--framework", "local_state_graph", "--store", "mysql://x"], io)).toBe(2);
    expect(stderr).toContain("store_bad_spec");
    stderr = "";
    const corrupt = file("compare-corrupt.sqlite");
    writeFileSync(corrupt, "garbage ".repeat(100));
    expect(await compareMain(["--framework", "local_state_graph", "--store", `sqlite:${corrupt}`], io)).toBe(5);
    expect(stderr).toContain(`store_not_a_database: sqlite:${corrupt}`);
    expect(readFileSync(corrupt, "utf8")).toBe("garbage ".repeat(100));
  });
});

describe("a Postgres server that cannot be used", () => {
  it("nothing listens at the URL: store_unreachable, naming host and port, never the password", () => {
    const { code, message } = refused({ kind: "postgres", url: "postgres://harness:secret-pw@127.0.0.1:1/db" });
    expect(code).toBe("store_unreachable");
    expect(message).toContain("postgres://127.0.0.1:1/db");
    expect(message).not.toContain("secret-pw");
  });

  const server = postgresUrl;
  if (server !== undefined) {
    it("a wrong password: store_auth_failed", () => {
      const url = new URL(server);
      url.password = "wrong-password";
      const { code, message } = refused({ kind: "postgres", url: url.toString() });
      expect(code).toBe("store_auth_failed");
      expect(message).not.toContain("wrong-password");
    });
  }
});
