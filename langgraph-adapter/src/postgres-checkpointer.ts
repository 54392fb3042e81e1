/**
 * LangGraph's own Postgres checkpointer (@langchain/langgraph-checkpoint-postgres) on the same
 * server as the contract's stores. Each scope gets its own Postgres schema, so runs that share a
 * thread id (a session id) but not a scope never see each other's checkpoints. `setup()` creates
 * the saver's tables (its own migrations) before the first run.
 */
import { randomInt } from "node:crypto";
import { createRequire } from "node:module";
import type * as Postgres from "@langchain/langgraph-checkpoint-postgres";
import type { EngineContext } from "../../runtime/index.js";
import { CHECKPOINTER_KEY } from "./checkpointer.js";
import { versionOf } from "./durable-checkpointer.js";

// Through require, as LangGraph itself is (langgraph.ts): the saver extends the same BaseCheckpointSaver.
const { PostgresSaver } = createRequire(import.meta.url)("@langchain/langgraph-checkpoint-postgres") as typeof Postgres;
type PostgresSaver = Postgres.PostgresSaver;

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

/** Random low bits of every channel version: 2^21 of them leave 2^32 versions below 2^53. */
const BRANCH_SPAN = 2 ** 21;

/**
 * PostgresSaver keeps a channel's value once per (thread, channel, version) and ignores a second
 * write of the same key (`ON CONFLICT DO NOTHING`), but counts versions 1, 2, 3…: a fork
 * (`updateState` at an older checkpoint, as a rewind does) mints the versions its original branch
 * already used, and reads the original branch's values back (langgraphjs#1812). Versions here
 * still increase, as LangGraph requires, and carry random low bits, so no two branches share one.
 */
export class ForkSafePostgresSaver extends PostgresSaver {
  override getNextVersion(current: number | undefined): number {
    const counter = current === undefined ? 0 : Math.floor(current / BRANCH_SPAN);
    return (counter + 1) * BRANCH_SPAN + randomInt(BRANCH_SPAN);
  }
}

type Pool = ConstructorParameters<typeof PostgresSaver>[0];

export async function openPostgresCheckpointer(url: string, scope: string): Promise<PostgresSaver> {
  const options = { schema: schemaFor(scope) };
  // The saver's own pool, made as `fromConnString` makes it, under the fork-safe versions.
  const pool = (PostgresSaver.fromConnString(url, options) as unknown as { pool: Pool }).pool;
  const saver = new ForkSafePostgresSaver(pool, undefined, options);
  // Processes setting up one schema at once collide on CREATE … IF NOT EXISTS (a unique violation in
  // pg_type): the saver's setup runs under a server-wide advisory lock, one process after another.
  const client = await (pool as unknown as LockPool).connect();
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
