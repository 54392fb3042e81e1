/**
 * LangGraph's own Postgres checkpointer (@langchain/langgraph-checkpoint-postgres) on the same
 * server as the contract's stores. Each scope gets its own Postgres schema, so runs that share a
 * thread id (a session id) but not a scope never see each other's checkpoints. `setup()` creates
 * the saver's tables (its own migrations) before the first run.
 */
import { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";
import type { EngineContext } from "../../runtime/index.js";
import { CHECKPOINTER_KEY } from "./checkpointer.js";
import { versionOf } from "./durable-checkpointer.js";

export const POSTGRES_CHECKPOINTER_VERSIONS: Readonly<
  Record<"@langchain/langgraph-checkpoint-postgres" | "pg", string>
> = Object.freeze({
  "@langchain/langgraph-checkpoint-postgres": versionOf("@langchain/langgraph-checkpoint-postgres"),
  pg: versionOf("pg"),
});

/** The part of the saver's own `pg` pool used to hold the setup lock. */
type LockPool = { connect(): Promise<{ query(sql: string): Promise<unknown>; release(): void }> };

/** A Postgres schema name for a scope: lower-case letters, digits and `_`, starting with a letter. */
export function schemaFor(scope: string): string {
  return `lg_${scope.toLowerCase().replace(/[^a-z0-9_]/g, "_")}`.slice(0, 63);
}

export async function openPostgresCheckpointer(url: string, scope: string): Promise<PostgresSaver> {
  const saver = PostgresSaver.fromConnString(url, { schema: schemaFor(scope) });
  // Processes setting up one schema at once collide on CREATE … IF NOT EXISTS (a unique violation in
  // pg_type): the saver's setup runs under a server-wide advisory lock, one process after another.
  const pool = (saver as unknown as { pool: LockPool }).pool;
  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock(1317)");
    await saver.setup();
  } finally {
    await client.query("SELECT pg_advisory_unlock(1317)").catch(() => undefined);
    client.release();
  }
  return saver;
}

/** Puts a Postgres checkpointer into the environment, where the LangGraph engine looks for its checkpointer. */
export async function usePostgresCheckpointer(env: EngineContext, url: string, scope: string): Promise<PostgresSaver> {
  if (env.slots.has(CHECKPOINTER_KEY))
    throw new Error(`the environment already has a LangGraph checkpointer (${CHECKPOINTER_KEY.name})`);
  const saver = await openPostgresCheckpointer(url, scope);
  env.slots.set(CHECKPOINTER_KEY, saver);
  return saver;
}
