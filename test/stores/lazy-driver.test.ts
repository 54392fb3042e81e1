import { spawnSync } from "node:child_process";
import { paced } from "../setup/pace.js";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");

describe("the SQLite driver", () => {
  it(
    "is not loaded by a process that only imports the stores, and is loaded once it opens a database",
    () => {
      const dir = mkdtempSync(join(tmpdir(), "lazy-driver-"));
      try {
        const probe = join(dir, "probe.mts");
        const durable = pathToFileURL(join(ROOT, "durable/index.ts")).href;
        writeFileSync(
          probe,
          `import { createRequire } from "node:module";
const loaded = () => Object.keys(createRequire(import.meta.url).cache).some((k) => k.includes("better-sqlite3"));
const { openDatabase } = await import(${JSON.stringify(durable)});
const before = loaded();
const db = openDatabase({ kind: "sqlite", path: ${JSON.stringify(join(dir, "x.sqlite"))} });
if (!db.ok) throw db.error;
db.value.close();
console.log(JSON.stringify({ before, after: loaded() }));
`,
        );
        const run = spawnSync(join(ROOT, "node_modules", ".bin", "tsx"), [probe], { cwd: ROOT, encoding: "utf8" });
        expect(run.status, run.stderr).toBe(0);
        expect(JSON.parse(run.stdout.trim())).toEqual({ before: false, after: true });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    paced(60_000),
  );
});
