/**
 * Restores caught by default (issue 47 item 4): `createDurableEnvironment` opened with no journal
 * named is guarded all the same, so a SQLite file with a damaged page, truncated to 0 bytes, or
 * left without its WAL, and an older copy put back, are refused — never opened as a new store.
 */
import { closeSync, copyFileSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { createDurableEnvironment, defaultSpentJournal, isStoreError } from "../../durable/index.js";
import { PUBLISH_SCRIPT } from "./faults/rows-kit.js";

const scratch = mkdtempSync(join(tmpdir(), "agent-harness-default-guard-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let made = 0;
/** A store file with one scope opened (and so anchored) and closed, as a finished process leaves it. */
function usedStore(): string {
  const path = join(scratch, `store-${(made += 1)}.sqlite`);
  const env = createDurableEnvironment({ script: PUBLISH_SCRIPT, store: { kind: "sqlite", path } });
  env.world.totalEffects("publish_report");
  env.db.close();
  return path;
}

/** The code the default open refuses `path` with, or "opened". */
function openedAs(path: string): string {
  try {
    createDurableEnvironment({ script: PUBLISH_SCRIPT, store: { kind: "sqlite", path } }).db.close();
    return "opened";
  } catch (error) {
    if (isStoreError(error)) return error.code;
    throw error;
  }
}

describe("createDurableEnvironment without a journal named", () => {
  it("journals beside the file and reopens an intact store", () => {
    const path = usedStore();
    expect(statSync(defaultSpentJournal({ kind: "sqlite", path })).isFile()).toBe(true);
    expect(openedAs(path)).toBe("opened");
  });

  it("refuses a file truncated to 0 bytes (store_truncated)", () => {
    const path = usedStore();
    closeSync(openSync(path, "w"));
    expect(openedAs(path)).toBe("store_truncated");
  });

  it("refuses a file whose WAL was lost before its checkpoint (store_truncated)", () => {
    const path = join(scratch, "live.sqlite");
    const crashed = join(scratch, "crashed.sqlite");
    // Copied while the first process holds it open: its commits are still in the WAL, which is not copied.
    const env = createDurableEnvironment({ script: PUBLISH_SCRIPT, store: { kind: "sqlite", path } });
    copyFileSync(path, crashed);
    copyFileSync(`${path}.spent`, `${crashed}.spent`);
    env.db.close();
    expect(openedAs(crashed)).toBe("store_truncated");
  });

  it("refuses a file with a damaged page (store_not_a_database), and leaves it as it was", () => {
    const path = usedStore();
    // The artifacts table's root page: nothing at open reads it, so only a check of the pages sees it.
    const peek = new Database(path, { readonly: true });
    const root = (
      peek.prepare("SELECT rootpage FROM sqlite_master WHERE name = 'artifacts'").get() as { rootpage: number }
    ).rootpage;
    peek.close();
    const bytes = readFileSync(path);
    const pageSize = bytes.readUInt16BE(16);
    bytes.fill(0x5a, (root - 1) * pageSize, root * pageSize);
    writeFileSync(path, bytes);
    expect(openedAs(path)).toBe("store_not_a_database");
    expect(readFileSync(path).equals(bytes)).toBe(true);
  });
});
