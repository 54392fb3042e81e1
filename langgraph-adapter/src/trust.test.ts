/**
 * The trust-boundary suite (test/stores/trust-suite.ts) on LangGraph: MemorySaver beside the
 * memory stores, SqliteSaver (a database file in the environment's directory) beside the SQLite stores.
 * The hooks read and edit the savers' own bytes, as someone with access to them would.
 */
import { MemorySaver } from "./langgraph.js";
import type { SqliteSaver } from "@langchain/langgraph-checkpoint-sqlite";
import { langgraphDatabasePath } from "../../durable/index.js";
import type { Environment } from "../../handwritten/fixtures/environment.js";
import { storedStateIsATrustBoundary } from "../../test/stores/trust-suite.js";
import { checkpointerOf, CHECKPOINTER_KEY } from "./checkpointer.js";
import { useSqliteCheckpointer } from "./durable-checkpointer.js";
import { langgraphFactory } from "./engine.js";
import { HeldValue } from "./memory-serde.js";

// The engine's MemorySaver stores bytes, or a value it keeps as it is (memory-serde.ts): both are read
// and edited as the JSON they stand for, and an edited kept value is stored back as a kept value.
const text = (bytes: Uint8Array) =>
  bytes instanceof HeldValue ? JSON.stringify(bytes.value) : new TextDecoder().decode(bytes);
const editJson = (bytes: Uint8Array, edit: (record: unknown) => void): Uint8Array => {
  const record = JSON.parse(text(bytes)) as unknown;
  edit(record);
  return bytes instanceof HeldValue ? new HeldValue(record) : new TextEncoder().encode(JSON.stringify(record));
};

function memorySaverOf(env: Environment): MemorySaver {
  const saver = checkpointerOf(env);
  if (!(saver instanceof MemorySaver)) throw new Error("expected a MemorySaver");
  return saver;
}

storedStateIsATrustBoundary(langgraphFactory, {
  prepare(kind, env, dir) {
    if (kind.langgraphSaver === "sqlite") useSqliteCheckpointer(env, langgraphDatabasePath(dir));
  },
  async dump(kind, env) {
    // The SqliteSaver's database lies in the directory the sqlite kind already reads whole.
    if (kind.langgraphSaver === "sqlite") return "";
    const saver = memorySaverOf(env);
    const checkpoints = Object.values(saver.storage).flatMap((byNs) =>
      Object.values(byNs).flatMap((byId) => Object.values(byId).flatMap(([c, m]) => [text(c), text(m)])),
    );
    const writes = Object.values(saver.writes).flatMap((byKey) => Object.values(byKey).map(([, , v]) => text(v)));
    return [...checkpoints, ...writes].join("\n");
  },
  async tamper(kind, env, _dir, edit) {
    if (kind.langgraphSaver === "memory") {
      for (const byNs of Object.values(memorySaverOf(env).storage))
        for (const byId of Object.values(byNs))
          for (const entry of Object.values(byId)) entry[0] = editJson(entry[0], edit);
      return;
    }
    const db = (env.slots.get(CHECKPOINTER_KEY) as SqliteSaver).db;
    const rows = db.prepare("SELECT rowid, checkpoint FROM checkpoints").all() as {
      rowid: number;
      checkpoint: Buffer;
    }[];
    const update = db.prepare("UPDATE checkpoints SET checkpoint = ? WHERE rowid = ?");
    for (const row of rows) update.run(Buffer.from(editJson(row.checkpoint, edit)), row.rowid);
  },
});
