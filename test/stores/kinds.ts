/**
 * Every store the project has, in one list: the suites that check what stores hold (no secret
 * persisted, tampering detected, used tokens remembered) run over each. A new store joins by
 * adding an entry here. LangGraph's savers are the adapter's business: its suite puts a
 * MemorySaver beside the `memory` kind and a SqliteSaver (in `dir`) beside the `sqlite` kind.
 */
import { defineSlot } from "../../runtime/index.js";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { hashState, type AgentState, type Checkpoint, type CheckpointStore } from "../../contract/index.js";
import { createDurableEnvironment, type DurableEnvironment } from "../../durable/index.js";
import { LOCAL_GRAPH_CHECKPOINTER_KEY } from "../../local-graph/agent/index.js";
import type { GraphCheckpointer } from "../../local-graph/runtime/index.js";
import { createEnvironment, type Environment, type EnvironmentOptions } from "../../scenarios/index.js";

export type StoreKind = {
  readonly name: "memory" | "sqlite";
  /** LangGraph's saver that goes with this kind. */
  readonly langgraphSaver: "memory" | "sqlite";
  create(options: EnvironmentOptions, dir: string): Environment;
  /** Every record the core's stores hold, as text (sqlite: every byte under `dir`, LangGraph's database included). */
  dump(env: Environment, dir: string): string;
  /** Edits every stored record in place with `edit`, as someone with write access to the store would. */
  tamper(env: Environment, dir: string, edit: (record: unknown) => void): void;
};

/** In memory (the contract's and the local graph's memory stores keep objects the same way), with every record kept as JSON so it can be read back and edited. */
const memory: StoreKind = {
  name: "memory",
  langgraphSaver: "memory",
  create(options) {
    const env = createEnvironment(options);
    const checkpoints = keepingCheckpointStore();
    const graph = keepingGraphCheckpointer();
    env.slots.set(LOCAL_GRAPH_CHECKPOINTER_KEY, graph);
    env.slots.set(KEPT, [checkpoints.records, graph.records]);
    return { ...env, checkpoints };
  },
  dump: (env) => JSON.stringify([kept(env), env.trace.list("session-13")]),
  tamper: (env, _dir, edit) => kept(env).forEach((records) => records.forEach(edit)),
};

/** The durable stores (`durable/`) in a SQLite file in `dir`; its pages and WAL are read as bytes. */
const sqlite: StoreKind = {
  name: "sqlite",
  langgraphSaver: "sqlite",
  create: (options, dir) =>
    createDurableEnvironment({ ...options, store: { kind: "sqlite", path: join(dir, "harness.sqlite") } }),
  dump: (_env, dir) =>
    filesUnder(dir)
      .map((file) => readFileSync(file, "latin1"))
      .join("\n"),
  tamper(env, _dir, edit) {
    const { db } = env as DurableEnvironment;
    const rows = db.query(
      "SELECT scope, log, stream, n, body FROM log_records WHERE log IN ('checkpoints', 'graph')",
    ).rows;
    for (const row of rows) {
      const record = JSON.parse(String(row["body"])) as unknown;
      edit(record);
      const where = [row["scope"], row["log"], row["stream"], row["n"]] as (string | number)[];
      db.query("UPDATE log_records SET body = ? WHERE scope = ? AND log = ? AND stream = ? AND n = ?", [
        JSON.stringify(record),
        ...where,
      ]);
    }
  },
};

export const STORE_KINDS: readonly StoreKind[] = [memory, sqlite];

/**
 * The attack of issue 19: a pending `team` publish becomes `public` in the stored state, and
 * every unkeyed sha256 is recomputed so a hash check alone cannot notice.
 */
export function publishToPublic(record: unknown): void {
  walk(record, (node) => {
    if (node["audience"] === "team") node["audience"] = "public";
  });
  walk(record, (node) => {
    if (typeof node["status"] === "string" && typeof node["checkpoint_hash"] === "string")
      node["checkpoint_hash"] = hashState(node as unknown as AgentState);
  });
  walk(record, (node) => {
    const state = node["state"] as Record<string, unknown> | undefined;
    if (typeof node["checkpoint_hash"] === "string" && typeof state?.["checkpoint_hash"] === "string")
      node["checkpoint_hash"] = state["checkpoint_hash"];
  });
}

function walk(value: unknown, visit: (node: Record<string, unknown>) => void): void {
  if (Array.isArray(value)) value.forEach((item) => walk(item, visit));
  else if (value !== null && typeof value === "object") {
    Object.values(value).forEach((item) => walk(item, visit));
    if (!Object.isFrozen(value)) visit(value as Record<string, unknown>);
  }
}

const KEPT = defineSlot<unknown[][]>("test.kept_records");
const kept = (env: Environment) => env.slots.get(KEPT) ?? [];

function keepingCheckpointStore(): CheckpointStore & { records: Checkpoint[] } {
  const records: Checkpoint[] = [];
  return {
    records,
    put(checkpoint) {
      records.push(JSON.parse(JSON.stringify(checkpoint)) as Checkpoint);
    },
    latest: (session_id) => records.filter((c) => c.session_id === session_id).at(-1),
    list: (session_id) => records.filter((c) => c.session_id === session_id),
  };
}

function keepingGraphCheckpointer(): GraphCheckpointer<unknown> & { records: unknown[] } {
  const records: { thread_id: string }[] = [];
  return {
    records,
    put(checkpoint) {
      records.push(JSON.parse(JSON.stringify(checkpoint)) as { thread_id: string });
    },
    latest: (thread_id) => records.filter((c) => c.thread_id === thread_id).at(-1) as never,
    count: (thread_id) => records.filter((c) => c.thread_id === thread_id).length,
    list: (thread_id) => records.filter((c) => c.thread_id === thread_id) as never,
  };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}
