/**
 * LangGraph's savers for the adapter's saver suite (savers.test.ts), each beside the contract's
 * stores on the same kind of store, with the edits someone with access to the saver's own storage
 * could make: the tests see that the seal (sealed-saver.ts) refuses them on every saver.
 */
import { join } from "node:path";
import { MemorySaver, type BaseCheckpointSaver } from "../langgraph.js";
import type { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";
import { openDatabase } from "../../../durable/index.js";
import { environmentFactory } from "../../../durable/environment.js";
import {
  createEnvironment,
  type Environment,
  type EnvironmentOptions,
} from "../../../handwritten/fixtures/environment.js";
import { SESSION_ID } from "../../../scenarios/scenario.js";
import { openSqliteCheckpointer } from "../durable-checkpointer.js";
import { openPostgresCheckpointer, schemaFor } from "../postgres-checkpointer.js";

type Closers = (() => Promise<void> | void)[];

export type OpenedSaver = {
  readonly saver: BaseCheckpointSaver;
  readonly environment: (options: EnvironmentOptions) => Environment;
  /** Gives the session's input checkpoint (step -1) the latest checkpoint's trace, in the saver's own storage. */
  spliceLatestTraceIntoInput(): Promise<void>;
  /** Makes the waiting `team` publish `public` in every stored agent state (the trust suite's attack, on the saver's rows). */
  publishToPublic(): Promise<void>;
  /** Overwrites the session's stored agent state with bytes that are not JSON, in the saver's own storage. */
  garbleRows(): Promise<void>;
};
export type SaverKind = { readonly name: string; open(scope: string): Promise<OpenedSaver> };

const NOT_JSON = '{"agent": not json';

type StoredCheckpoint = { channel_values: Record<string, unknown> };
const decode = (bytes: Uint8Array) => JSON.parse(new TextDecoder().decode(bytes)) as StoredCheckpoint;
const encode = (checkpoint: StoredCheckpoint) => new TextEncoder().encode(JSON.stringify(checkpoint));

const memory: SaverKind = {
  name: "MemorySaver",
  async open() {
    const saver = new MemorySaver();
    return {
      saver,
      environment: createEnvironment,
      async spliceLatestTraceIntoInput() {
        const byId = saver.storage[SESSION_ID]?.[""] ?? {};
        // Checkpoint ids sort in the order LangGraph wrote them: the input checkpoint first.
        const ids = Object.keys(byId).sort();
        const input = byId[ids[0]!]!;
        const edited = decode(input[0]);
        edited.channel_values["trace"] = decode(byId[ids.at(-1)!]![0]).channel_values["trace"];
        input[0] = encode(edited);
      },
      async publishToPublic() {
        for (const entry of Object.values(saver.storage[SESSION_ID]?.[""] ?? {}))
          entry[0] = new TextEncoder().encode(new TextDecoder().decode(entry[0]).replaceAll('"team"', '"public"'));
      },
      async garbleRows() {
        for (const entry of Object.values(saver.storage[SESSION_ID]?.[""] ?? {}))
          entry[0] = new TextEncoder().encode(NOT_JSON);
      },
    };
  },
};

const sqlite = (scratch: string, closers: Closers): SaverKind => ({
  name: "SqliteSaver",
  async open(scope) {
    const db = openDatabase({ kind: "sqlite", path: join(scratch, `${scope}-harness.sqlite`) });
    if (!db.ok) throw db.error;
    const saver = openSqliteCheckpointer(join(scratch, `${scope}-langgraph.sqlite`));
    closers.push(
      () => db.value.close(),
      () => void saver.db.close(),
    );
    return {
      saver,
      environment: environmentFactory(db.value, scope),
      async spliceLatestTraceIntoInput() {
        const rows = saver.db
          .prepare("SELECT checkpoint_id, checkpoint FROM checkpoints WHERE thread_id = ? ORDER BY checkpoint_id")
          .all(SESSION_ID) as { checkpoint_id: string; checkpoint: Buffer }[];
        const edited = decode(rows[0]!.checkpoint);
        edited.channel_values["trace"] = decode(rows.at(-1)!.checkpoint).channel_values["trace"];
        saver.db
          .prepare("UPDATE checkpoints SET checkpoint = ? WHERE thread_id = ? AND checkpoint_id = ?")
          .run(Buffer.from(encode(edited)), SESSION_ID, rows[0]!.checkpoint_id);
      },
      async publishToPublic() {
        saver.db
          .prepare(
            `UPDATE checkpoints SET checkpoint = CAST(REPLACE(CAST(checkpoint AS TEXT), '"team"', '"public"') AS BLOB)`,
          )
          .run();
      },
      async garbleRows() {
        saver.db
          .prepare("UPDATE checkpoints SET checkpoint = CAST(? AS BLOB) WHERE thread_id = ?")
          .run(NOT_JSON, SESSION_ID);
      },
    };
  },
});

const postgres = (url: string, closers: Closers): SaverKind => ({
  name: "PostgresSaver",
  async open(scope) {
    const db = openDatabase({ kind: "postgres", url });
    if (!db.ok) throw db.error;
    const saver = await openPostgresCheckpointer(url, scope);
    const table = `"${schemaFor(scope)}".checkpoints`;
    closers.push(
      () => db.value.close(),
      async () => {
        await poolOf(saver).query(`DROP SCHEMA IF EXISTS "${schemaFor(scope)}" CASCADE`);
        await saver.end();
      },
    );
    return {
      saver,
      environment: environmentFactory(db.value, scope),
      async spliceLatestTraceIntoInput() {
        // PostgresSaver keeps values as blobs named by channel version: the input checkpoint is
        // pointed at the latest trace blob, which its loader then reads as the input's trace.
        const edited = await poolOf(saver).query(
          `UPDATE ${table} SET checkpoint = jsonb_set(checkpoint, '{channel_versions,trace}',
             (SELECT checkpoint->'channel_versions'->'trace' FROM ${table} WHERE thread_id = $1 ORDER BY checkpoint_id DESC LIMIT 1))
           WHERE thread_id = $1 AND checkpoint_id = (SELECT MIN(checkpoint_id) FROM ${table} WHERE thread_id = $1)`,
          [SESSION_ID],
        );
        if (edited.rowCount !== 1) throw new Error(`expected one input checkpoint, edited ${edited.rowCount}`);
      },
      async publishToPublic() {
        const edited = await poolOf(saver).query(
          `UPDATE "${schemaFor(scope)}".checkpoint_blobs
             SET blob = convert_to(replace(convert_from(blob, 'UTF8'), '"team"', '"public"'), 'UTF8')
           WHERE thread_id = $1 AND channel = 'agent'`,
          [SESSION_ID],
        );
        if (!edited.rowCount) throw new Error("no agent blob to edit");
      },
      async garbleRows() {
        // The checkpoint column is jsonb (it cannot hold anything else); the channel blobs are bytes.
        const edited = await poolOf(saver).query(
          `UPDATE "${schemaFor(scope)}".checkpoint_blobs SET blob = convert_to($2, 'UTF8') WHERE thread_id = $1 AND channel = 'agent'`,
          [SESSION_ID, NOT_JSON],
        );
        if (!edited.rowCount) throw new Error("no agent blob to edit");
      },
    };
  },
});

const poolOf = (saver: PostgresSaver) =>
  (saver as unknown as { pool: { query(sql: string, args?: unknown[]): Promise<{ rowCount: number | null }> } }).pool;

/**
 * MemorySaver, SqliteSaver (files in `scratch`) and, given a server, PostgresSaver; each pushes
 * what must be closed after the suite onto `closers`.
 */
export function saverKinds(scratch: string, closers: Closers, postgresUrl: string | undefined): readonly SaverKind[] {
  return [memory, sqlite(scratch, closers), ...(postgresUrl === undefined ? [] : [postgres(postgresUrl, closers)])];
}
