/**
 * The secret columns on a database: every engine holds them with the contract's stores on SQLite
 * (and Postgres when a server is given), and their search reads every row of the run's scope —
 * a raw value that only a row holds is found there.
 */
import { paced } from "../setup/pace.js";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createDurableEnvironment, type SqlConnection } from "../../durable/index.js";
import { MIGRATIONS, SCHEMA_TABLE, SCOPED_TABLES } from "../../durable/sql/migrations.js";
import { SECRET_COLUMNS, SECRET_SAMPLES } from "../../scenarios/secret-columns.js";
import {
  BUILT_IN_ENGINE_IDS,
  loadEngines,
  measuredEngines,
  runScenario,
  type EnvironmentOptions,
} from "../../scenarios/index.js";
import { adapterInstall } from "../../engines/index.js";
import { isFrameworkVariant } from "../../engines/variants.js";
import { freshStore, MEASURED_KINDS, type StoreKind } from "../stores/targets.js";

const scratch = mkdtempSync(join(tmpdir(), "agent-harness-secrets-"));
const opened: SqlConnection[] = [];
afterAll(() => {
  for (const db of opened) db.close();
  rmSync(scratch, { recursive: true, force: true });
});

const onDatabase = (kind: StoreKind) => (options: EnvironmentOptions) => {
  const { spec, scope } = freshStore(kind, scratch);
  const env = createDurableEnvironment({ ...options, store: spec, scope });
  opened.push(env.db);
  return env;
};

describe("the secret columns on a database", () => {
  for (const kind of MEASURED_KINDS) {
    it(
      `${kind}: every secret column holds on every built-in engine`,
      async () => {
        // The framework variants are measured by the comparison and the matrix (a native one fails by design).
        const engines = measuredEngines(await loadEngines()).filter((e) => !isFrameworkVariant(e.id));
        // LangGraph is an optional install (vitest.config.ts fails a CI run without it).
        const expected = adapterInstall("langgraph-adapter").installed
          ? BUILT_IN_ENGINE_IDS
          : BUILT_IN_ENGINE_IDS.filter((id) => id !== "langgraph");
        expect(engines.map((e) => e.id)).toEqual(expected);
        for (const { factory } of engines) {
          for (const column of SECRET_COLUMNS) {
            const { observation } = await runScenario(factory, column, { environment: onDatabase(kind) });
            expect([factory.id, column.name, column.violations(observation).map((v) => v.expectation)]).toEqual([
              factory.id,
              column.name,
              [],
            ]);
          }
        }
      },
      paced(120_000),
    );

    it(
      `${kind}: a raw value only a row holds is found in the database rows`,
      async () => {
        const [column] = SECRET_COLUMNS;
        const [sample] = SECRET_SAMPLES;
        const engines = measuredEngines(await loadEngines());
        const { observation } = await runScenario(engines[0]!.factory, column!, {
          environment: onDatabase(kind),
          // An artifact no message names: memory's search follows the names and misses it; the rows hold it.
          instrument: (env) => env.artifacts.put("artifact:planted", sample!.text),
        });
        expect((observation as { raw_found: string[] }).raw_found).toEqual([
          `${sample!.kind}: ${sample!.name} in database_rows`,
        ]);
      },
      paced(60_000),
    );
  }

  it("reads every table a migration creates, but the schema version's", () => {
    const created = MIGRATIONS.flat().flatMap((sql) => [...sql.matchAll(/CREATE TABLE (\w+)/g)].map((m) => m[1]!));
    expect([...SCOPED_TABLES].sort()).toEqual(created.filter((table) => table !== SCHEMA_TABLE).sort());
  });
});
