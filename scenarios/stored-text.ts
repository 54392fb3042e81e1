/**
 * Every byte a run left behind, as text: the contract's stores (checkpoints, trace, ledger,
 * artifacts), what reached the executor (the fixture world), what an engine keeps beyond the
 * contract (its slots: a graph checkpointer, LangGraph's saver, a batch's pending outcomes; what it reads
 * back from a database of its own, Mastra's LibSQL store) and,
 * on a database, every row of the run's scope; beyond the record, the files a store wrote and a
 * Postgres schema's rows. The secret columns and the generated corpus search it for raw values.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { SqlConnection } from "../durable/sql/connection.js";
import { SESSION_ID, type RunRecord } from "./scenario.js";

export const STORED_PLACES = [
  "checkpoints",
  "trace",
  "ledger",
  "artifacts",
  "executor",
  "engine_storage",
  "database_rows",
  "database_files",
  "audit_log",
  "notifications",
] as const;
export type StoredPlace = (typeof STORED_PLACES)[number];

export type StoredText = { readonly where: StoredPlace; readonly text: string };

/** How a raw value may be written in what a store holds: as it is, or escaped as JSON once, twice or three times. */
export function spellings(value: string): string[] {
  const once = JSON.stringify(value).slice(1, -1);
  const twice = JSON.stringify(once).slice(1, -1);
  return [...new Set([value, once, twice, JSON.stringify(twice).slice(1, -1)])];
}

export const unicodeEscaped = (text: string) =>
  [...text].map((c) => [...c].map((u) => `\\u${u.charCodeAt(0).toString(16).padStart(4, "0")}`).join("")).join("");

/** What a reader decoding every `\u` escape at every depth sees: the canary reads stored text so too. */
function spelledOut(text: string): string {
  let plain = text;
  for (let round = 0; round < 4; round++)
    plain = plain.replace(/\\+u([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return plain;
}

/** The canary: the places whose text holds a raw secret, as written or as a reader decoding escapes sees it. */
export function rawPlaces(stored: readonly StoredText[], secrets: readonly string[]): StoredPlace[] {
  const needles = secrets.flatMap(spellings);
  const holds = (text: string) => needles.some((n) => text.includes(n));
  return [...new Set(stored.filter(({ text }) => holds(text) || holds(spelledOut(text))).map(({ where }) => where))];
}

/** Every file under `dir` (a SQLite database, its WAL, a journal, a framework's own database file), as text. */
export function fileTexts(dir: string): StoredText[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return fileTexts(path);
    // latin1 keeps every byte one character; UTF-8 reads what a secret's non-ASCII characters became.
    const bytes = readFileSync(path);
    return ["latin1", "utf8"].map((enc) => ({ where: "database_files" as const, text: bytes.toString(enc as never) }));
  });
}

/** Every row of every table in a Postgres schema as `row_to_json` writes it; in a table with a scope, the scope's. */
export function schemaTexts(db: SqlConnection, schema: string, scope: string): StoredText[] {
  const tables = db.query(
    "SELECT table_name AS name, bool_or(column_name = 'scope') AS scoped FROM information_schema.columns WHERE table_schema = ? GROUP BY table_name",
    [schema],
  ).rows as readonly { name: string; scoped: boolean }[];
  return tables.flatMap(({ name, scoped }) =>
    db
      .query(
        `SELECT row_to_json(t)::text AS row FROM "${schema}"."${name}" t${scoped ? " WHERE t.scope = ?" : ""}`,
        scoped ? [scope] : [],
      )
      .rows.map((r) => ({ where: "database_rows" as const, text: String(r["row"]) })),
  );
}

const ARTIFACT_REF = /artifact:sha256:[0-9a-f]{64}/g;

export function storedTexts(record: RunRecord): StoredText[] {
  const { env } = record;
  const json = (where: StoredPlace, value: unknown): StoredText => ({ where, text: JSON.stringify(value) ?? "" });
  const ledger = env.ledger as { entries?: () => readonly unknown[] };
  const texts: StoredText[] = [
    json("checkpoints", env.checkpoints.list(SESSION_ID)),
    json(
      "checkpoints",
      record.snapshots.map((s) => s.state ?? null),
    ),
    json("trace", env.trace.list(SESSION_ID)),
    json("trace", record.trace),
    json("ledger", typeof ledger.entries === "function" ? ledger.entries() : []),
    json("executor", env.world.data),
    ...env.slots.entries().map(({ value }) => ({
      where: "engine_storage" as const,
      text: stringsIn(value, record.final.seq).join("\n"),
    })),
    ...record.engineStorage.map((text) => ({ where: "engine_storage" as const, text })),
    ...(env.storedRows?.() ?? []).map((text) => ({ where: "database_rows" as const, text })),
  ];
  // An artifact is stored beside the message that names it; following the names reaches every one.
  const refs = new Set(texts.flatMap((t) => t.text.match(ARTIFACT_REF) ?? []));
  for (const ref of refs) texts.push({ where: "artifacts", text: env.artifacts.get(ref) ?? "" });
  return texts;
}

/**
 * The strings an engine's storage holds: its own data (a MemorySaver's serialized checkpoints are
 * bytes, or values it keeps as they are), and what its `list` answers for the session (a checkpointer keeping its threads out of
 * reach), or for each of the session's checkpoints up to `lastSeq` (a batch's pending outcomes).
 */
function stringsIn(root: unknown, lastSeq: number): string[] {
  const out: string[] = [];
  const seen = new Set<unknown>();
  const decoder = new TextDecoder();
  const walk = (value: unknown): void => {
    if (typeof value === "string") return void out.push(value);
    if (value === null || typeof value !== "object" || seen.has(value)) return;
    seen.add(value);
    if (ArrayBuffer.isView(value)) {
      out.push(decoder.decode(new Uint8Array(value.buffer, value.byteOffset, value.byteLength)));
      // An empty view may carry what it stands for beside its bytes (the LangGraph adapter's MemorySaver
      // keeps a value it need not serialize so: langgraph-adapter/src/memory-serde.ts).
      if (value.byteLength === 0) Object.values(value).forEach(walk);
      return;
    }
    // A value written as something else (an AppendList keeps its items out of reach): what JSON would write.
    const toJSON = (value as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === "function" && !(value instanceof Date)) {
      const written: unknown = toJSON.call(value);
      if (written !== `[${value.constructor.name}]`) return walk(written);
      // A checkpointer writes only its class's name, to keep its clients out of JSON (BaseCheckpointSaver.toJSON,
      // @langchain/langgraph-checkpoint 1.2.2):
      // its plain fields hold what it stored in memory (MemorySaver's storage and writes), its clients are left.
      return Object.values(value).filter(isPlain).forEach(walk);
    }
    if (value instanceof Map) return void [...value].forEach(walk);
    if (value instanceof Set || Array.isArray(value)) return void [...value].forEach(walk);
    for (const [key, item] of Object.entries(value)) {
      out.push(key);
      walk(item);
    }
    const list = (value as { list?: unknown }).list;
    if (typeof list !== "function") return;
    const calls =
      list.length >= 2 ? Array.from({ length: lastSeq + 1 }, (_, seq) => [SESSION_ID, seq]) : [[SESSION_ID]];
    for (const args of calls) {
      const listed: unknown = list.apply(value, args);
      if (Array.isArray(listed)) walk(listed);
    }
  };
  walk(root);
  return out;
}

const isPlain = (value: unknown): boolean =>
  typeof value === "object" && value !== null && [Object.prototype, null].includes(Object.getPrototypeOf(value));
