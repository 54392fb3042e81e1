/**
 * LangGraph's own durable checkpointer: `SqliteSaver` from @langchain/langgraph-checkpoint-sqlite
 * (better-sqlite3), in WAL mode with `synchronous = FULL`, so a checkpoint is on disk (fsync'ed)
 * when `put` returns. The engine runs with `durability: "sync"`, so LangGraph waits for that
 * before the next superstep: the checkpoint holding the intent is durable before `execute` runs.
 *
 * The saver only makes LangGraph's own state survive a process; side effects are still guarded
 * by the contract's ledger, which a durable environment keeps on disk beside it.
 */
import { createRequire } from "node:module";
import type * as Sqlite from "@langchain/langgraph-checkpoint-sqlite";
import type { EngineContext } from "../../runtime/index.js";
import { CHECKPOINTER_KEY } from "./checkpointer.js";

const require = createRequire(import.meta.url);
// Through require, as LangGraph itself is (langgraph.ts): the saver extends the same BaseCheckpointSaver.
const { SqliteSaver } = require("@langchain/langgraph-checkpoint-sqlite") as typeof Sqlite;
type SqliteSaver = Sqlite.SqliteSaver;

/** The installed version of a package the adapter depends on. */
export const versionOf = (name: string) => (require(`${name}/package.json`) as { version: string }).version;

/** The installed saver and the SQLite binding under it, read from their package.json files. */
export const SQLITE_CHECKPOINTER_VERSIONS: Readonly<
  Record<"@langchain/langgraph-checkpoint-sqlite" | "better-sqlite3", string>
> = Object.freeze({
  "@langchain/langgraph-checkpoint-sqlite": versionOf("@langchain/langgraph-checkpoint-sqlite"),
  "better-sqlite3": versionOf("better-sqlite3"),
});

/** How long a writer waits for another process's write lock on the same database. */
export const SQLITE_BUSY_TIMEOUT_MS = 10_000;

/** Opens (creating if needed) a SQLite checkpoint database at `path`. */
export function openSqliteCheckpointer(path: string): SqliteSaver {
  const saver = SqliteSaver.fromConnString(path);
  saver.db.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  saver.db.pragma("journal_mode = WAL");
  saver.db.pragma("synchronous = FULL");
  return saver;
}

/** Puts a SQLite checkpointer into the environment, where the LangGraph engine looks for its checkpointer. */
export function useSqliteCheckpointer(env: EngineContext, path: string): SqliteSaver {
  if (env.slots.has(CHECKPOINTER_KEY))
    throw new Error(`the environment already has a LangGraph checkpointer (${CHECKPOINTER_KEY.name})`);
  const saver = openSqliteCheckpointer(path);
  env.slots.set(CHECKPOINTER_KEY, saver);
  return saver;
}
