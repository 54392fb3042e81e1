/**
 * TEST SUPPORT for the Postgres restore cases: a database of the case's own on the test server
 * (a `pg_dump` restore replaces a whole database, so it must not be the one other suites share),
 * dumped and restored with the PostgreSQL client programs as an operator would.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { openDatabase } from "../../../durable/index.js";
import { postgresUrl } from "../targets.js";

/** `pg_dump` or `pg_restore`: on PATH, else from the newest /usr/lib/postgresql/N/bin. */
function program(name: "pg_dump" | "pg_restore"): string {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.map((v) => join(root, v, "bin", name)).find((path) => existsSync(path));
  return found ?? name;
}

function adminQuery(sql: string): void {
  if (postgresUrl === undefined) throw new Error("postgres is not measured here");
  const db = openDatabase({ kind: "postgres", url: postgresUrl });
  if (!db.ok) throw db.error;
  try {
    db.value.query(sql);
  } finally {
    db.value.close();
  }
}

/** A new, empty database on the test server; `drop` removes it (sessions still on it are ended). */
export function scratchDatabase(): { readonly url: string; drop(): void } {
  if (postgresUrl === undefined) throw new Error("postgres is not measured here");
  const name = `restore_${randomBytes(5).toString("hex")}`;
  adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** `pg_dump -Fc` of the database at `url` into `file`. */
export function pgDump(url: string, file: string): void {
  execFileSync(program("pg_dump"), ["--format=custom", "--file", file, url], { stdio: "pipe" });
}

/** `pg_restore --clean`: the database at `url` becomes the dump's state (tables dropped and loaded again). */
export function pgRestore(url: string, file: string): void {
  execFileSync(program("pg_restore"), ["--clean", "--if-exists", "--single-transaction", "--dbname", url, file], {
    stdio: "pipe",
  });
}
