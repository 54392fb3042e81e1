/**
 * The fixture world in the database, so the outside world survives the crash of the process that
 * acted on it and several processes share one world. Every executor call is one transaction:
 * reload the world, run the fixture world's `perform` (it counts the call, plays a fault and
 * applies the effect before its first `await`), write the world back, commit. A process killed
 * before the commit left no trace in the world; one killed after it left exactly what it did.
 */
import {
  createFixtureWorld,
  emptyWorldData,
  type Fault,
  type FixtureWorld,
  WorldDataSchema,
  type WorldData,
} from "../../handwritten/fixtures/index.js";
import { forUpdate, type SqlConnection } from "../sql/connection.js";
import { parseJsonRow } from "../sql/rows.js";

export type SqlWorldOptions = {
  /** Faults the world plays, injected only when the world is first created. */
  readonly faults?: readonly Fault[];
  /** Network latency before each executor call reaches the world, in real milliseconds. @default 0 */
  readonly latencyMs?: number;
};

export type SqlWorld = FixtureWorld & { readonly store: string };

/** What the scope's world holds now (an empty world if nothing acted on it yet). */
export function readWorld(db: SqlConnection, scope: string, lock = false): WorldData | undefined {
  const row = db.query(`SELECT data FROM worlds WHERE scope = ?${lock ? forUpdate(db.dialect) : ""}`, [scope]).rows[0];
  if (row === undefined) return undefined;
  return parseJsonRow(WorldDataSchema, row["data"], { store: db.label, row: `world ${scope}` });
}

export function createSqlWorld(db: SqlConnection, scope: string, options: SqlWorldOptions = {}): SqlWorld {
  const data = emptyWorldData();
  const inner = createFixtureWorld(data);
  /** Inside a transaction the world in memory is ahead of the database: an effect's own reads must not reload it. */
  let active = 0;
  const reload = (lock = false) => {
    if (active === 0) Object.assign(data, readWorld(db, scope, lock) ?? emptyWorldData());
  };
  const transact = <T>(change: () => T): T =>
    db.transaction(() => {
      reload(true);
      active += 1;
      let result: T;
      try {
        result = change();
      } finally {
        active -= 1;
      }
      db.query(
        "INSERT INTO worlds (scope, data) VALUES (?, ?) ON CONFLICT (scope) DO UPDATE SET data = excluded.data",
        [scope, JSON.stringify(data)],
      );
      return result;
    });

  db.transaction(() => {
    if (readWorld(db, scope, true) === undefined) transact(() => options.faults?.forEach((f) => inner.inject(f)));
  });

  return {
    // Members that only observe (and any the fixture world gains later) are the fixture world's own.
    ...inner,
    store: db.label,
    get data() {
      reload();
      return data;
    },
    inject: (fault) => transact(() => inner.inject(fault)),
    recordEffect: (tool, key) => transact(() => inner.recordEffect(tool, key)),
    totalEffects(tool) {
      reload();
      return inner.totalEffects(tool);
    },
    totalCalls(tool) {
      reload();
      return inner.totalCalls(tool);
    },
    async perform(tool, ctx, effect) {
      const latency = options.latencyMs ?? 0;
      if (latency > 0) await new Promise((resolve) => setTimeout(resolve, latency));
      // Everything `perform` does to the world happens before it first awaits, so inside this transaction.
      return transact(() => {
        const performed = inner.perform(tool, ctx, effect);
        // When the commit below fails too (the server went away), the caller hears the commit's
        // error and nobody awaits `performed`: unhandled, its rejection would end the process.
        performed.catch(() => undefined);
        return performed;
      });
    },
  };
}
