/**
 * Several processes append to one session's log at the same moment, on SQLite and on Postgres.
 * The database orders the appends: every append goes in (no duplicate position, no
 * `store_unavailable`, no raw error), and the session's log holds each event once, numbered
 * without a gap, each process's events in the order it appended them.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { paced } from "../setup/pace.js";
import { FIXTURE_SECRET } from "../../handwritten/fixtures/environment.js";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { isStoreError, openDatabase, storesIn } from "../../durable/index.js";
import { ROOT } from "../crash/harness.js";
import type { LogRaceLine, LogRaceRequest } from "./log-race-child.js";
import { raceChildren } from "./race-barrier.js";
import { freshStore, MEASURED_KINDS } from "./targets.js";

const CHILD = join(ROOT, "test/stores/log-race-child.ts");
const PROCESSES = 4;
const APPENDS = 60;

const scratch = mkdtempSync(join(tmpdir(), "agent-harness-log-race-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe(`${PROCESSES} processes append ${APPENDS} events each to one session at once`, () => {
  for (const kind of MEASURED_KINDS) {
    it(
      `${kind}: every append goes in, each event once, positions 1..${PROCESSES * APPENDS}`,
      async () => {
        const dir = mkdtempSync(join(scratch, `${kind}-`));
        const { spec, scope } = freshStore(kind, dir);
        const lines = await raceChildren<LogRaceRequest, LogRaceLine, "done">(
          dir,
          {
            child: CHILD,
            count: PROCESSES,
            label: `log race ${kind}`,
            request: (w, barrier) => ({ store: spec, scope, session: "s1", worker: `w${w}`, count: APPENDS, barrier }),
          },
          "done",
        );
        expect(lines.flatMap((line) => line.errors)).toEqual([]);
        expect(lines.map((line) => line.appended)).toEqual(Array(PROCESSES).fill(APPENDS));

        const db = openDatabase(spec);
        if (!db.ok) throw db.error;
        const positions = db.value
          .query("SELECT n FROM log_records WHERE scope = ? AND log = 'trace' AND stream = 's1' ORDER BY n", [scope])
          .rows.map((row) => Number(row["n"]));
        const events = storesIn(db.value, scope, FIXTURE_SECRET).trace.list("s1");
        db.value.close();
        expect(positions).toEqual(Array.from({ length: PROCESSES * APPENDS }, (_, i) => i + 1));
        for (let w = 0; w < PROCESSES; w += 1)
          expect(events.filter((e) => e.event_id.startsWith(`w${w}-`)).map((e) => e.seq)).toEqual(
            Array.from({ length: APPENDS }, (_, i) => i),
          );
      },
      paced(180_000),
    );
  }
});

// Postgres only (SQLite has one writer): without a server the run's `not measured:` line says so.
if (MEASURED_KINDS.includes("postgres"))
  describe("a write that loses its position to another writer", () => {
    it("postgres: is session_busy, never store_unavailable or a raw error", () => {
      const { spec, scope } = freshStore("postgres", scratch);
      const db = openDatabase(spec);
      if (!db.ok) throw db.error;
      const insert = () =>
        db.value.query("INSERT INTO log_records (scope, log, stream, n, body) VALUES (?, 'trace', 's1', 1, '{}')", [
          scope,
        ]);
      insert();
      let code = "written";
      try {
        insert();
      } catch (error) {
        code = isStoreError(error) ? error.code : `raw ${String(error)}`;
      }
      db.value.close();
      expect(code).toBe("session_busy");
    });
  });
