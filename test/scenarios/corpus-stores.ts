/**
 * Where one case of the generated secret corpus runs: its own directory, the contract's stores in memory,
 * in a SQLite file there, or in a fresh scope on Postgres; the frameworks' own stores beside them
 * (LangGraph's saver in SQLite or in the scope's Postgres schema, Mastra's LibSQL file); and every byte
 * those keep beyond the run's record, for the canary: each file in the directory, each row of the schemas.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { createDurableEnvironment, type DurableEnvironment, type SqlConnection } from "../../durable/index.js";
import type { Environment } from "../../handwritten/fixtures/environment.js";
import type { EngineId, RunOptions } from "../../scenarios/index.js";
import { fileTexts, schemaTexts, type StoredText } from "../../scenarios/stored-text.js";
import { freshStore, type StoreKind } from "../stores/targets.js";

export type CorpusStore = "memory" | StoreKind;

// Imported by path, as the crash child does: the root's type check never reads the adapters' packages.
const LANGGRAPH_SQLITE = "../../langgraph-adapter/src/durable-checkpointer.js";
const LANGGRAPH_POSTGRES = "../../langgraph-adapter/src/postgres-checkpointer.js";
const MASTRA_STORAGE = "../../mastra-adapter/src/storage.js";
type Closable = { end?(): Promise<void>; db?: { close(): void } };
type LangGraphSqlite = { useSqliteCheckpointer(env: Environment, path: string): Closable };
type LangGraphPostgres = {
  openPostgresCheckpointer(url: string, scope: string): Promise<Closable>;
  schemaFor(scope: string): string;
};
type MastraStorage = { useLibSqlFile(env: Environment, path: string): void };
/** The slot LangGraph's engine reads its saver from (langgraph-adapter/src/checkpointer.ts). */
const LANGGRAPH_SAVER_SLOT = { name: "langgraph.checkpointer" };

export type CaseStore = {
  readonly options: Pick<RunOptions, "environment" | "instrument">;
  /** What the stores keep beyond the run's record, read after the run. */
  readonly beyond: () => readonly StoredText[];
  /** The database the run's environment opened, once it has. */
  readonly db: () => SqlConnection | undefined;
  close(): Promise<void>;
};

export async function openCaseStore(store: CorpusStore, engine: EngineId, scratch: string): Promise<CaseStore> {
  const dir = mkdtempSync(join(scratch, "case-"));
  const closers: (() => Promise<void> | void)[] = [() => rmSync(dir, { recursive: true, force: true })];
  let env: DurableEnvironment | undefined;
  const { spec, scope } = freshStore(store === "memory" ? "sqlite" : store, dir);
  // LangGraph's Postgres saver opens asynchronously: before the run, in the scope's own schema.
  let pgSaver: Closable | undefined;
  let lgSchema: string | undefined;
  if (engine === "langgraph" && store === "postgres" && spec.kind === "postgres") {
    const module = (await import(LANGGRAPH_POSTGRES)) as LangGraphPostgres;
    pgSaver = await module.openPostgresCheckpointer(spec.url, scope);
    lgSchema = module.schemaFor(scope);
    closers.push(() => pgSaver?.end?.());
  }
  const lgSqlite = engine === "langgraph" && store === "sqlite" ? await import(LANGGRAPH_SQLITE) : undefined;
  const mastra = engine.startsWith("mastra_") ? ((await import(MASTRA_STORAGE)) as MastraStorage) : undefined;
  const instrument = (made: Environment) => {
    if (pgSaver !== undefined) made.slots.set(LANGGRAPH_SAVER_SLOT, pgSaver);
    if (lgSqlite !== undefined) {
      const saver = (lgSqlite as LangGraphSqlite).useSqliteCheckpointer(made, join(dir, "langgraph.sqlite"));
      closers.push(() => saver.db?.close());
    }
    mastra?.useLibSqlFile(made, join(dir, "mastra.sqlite"));
  };
  const environment =
    store === "memory"
      ? undefined
      : (options: Parameters<NonNullable<RunOptions["environment"]>>[0]) => {
          env = createDurableEnvironment({ ...options, store: spec, scope, spentJournal: join(dir, "spent.journal") });
          return env;
        };
  closers.push(() => env?.db.close());
  // A schema per case would pile up on a shared server: the saver's is dropped once the canary has read it.
  if (lgSchema !== undefined) closers.push(() => void env?.db.query(`DROP SCHEMA IF EXISTS "${lgSchema}" CASCADE`));
  return {
    options: environment === undefined ? { instrument } : { instrument, environment },
    beyond: () => {
      const texts = fileTexts(dir);
      if (env === undefined || env.db.dialect !== "postgres") return texts;
      const [{ schema } = { schema: "public" }] = env.db.query("SELECT current_schema() AS schema").rows as {
        schema: string;
      }[];
      texts.push(...schemaTexts(env.db, schema, scope));
      if (lgSchema !== undefined) texts.push(...schemaTexts(env.db, lgSchema, scope));
      return texts;
    },
    db: () => env?.db,
    close: async () => {
      for (const close of closers.reverse()) await close();
    },
  };
}
