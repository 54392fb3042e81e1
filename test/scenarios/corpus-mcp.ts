/**
 * The generated secret corpus over MCP: the harness server and an SDK client in one process
 * (scenarios/mcp/in-memory.ts) on the contract's stores in SQLite or Postgres, one case per fresh store.
 * A case puts a claimed kind, spelled a claimed way, in one place an MCP caller reaches: a tool's
 * arguments, an artifact's name, a tool's answer (value or key) or error, and the identifiers a caller
 * supplies (session id, idempotency key, progress token, a resource's URI). The canary reads every
 * stored byte (stored-text.ts): the database's files or rows, the audit log, every log and progress
 * notification, the executor's world. An identifier holding a secret must be refused with a reason code.
 */
import fc from "fast-check";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CORPUS } from "../../contract/sensitive-corpus.js";
import { openStores, type SqlConnection } from "../../durable/index.js";
import { scopeRows } from "../../durable/sql/migrations.js";
import { createFixtureRegistry, type ExtraOutput } from "../../handwritten/fixtures/index.js";
import { connectInMemory } from "../../scenarios/mcp/in-memory.js";
import { TEST_SECRET } from "../../scenarios/mcp/stdio-server.js";
import { spelledValue, type CorpusSpelling } from "../../scenarios/secret-corpus.js";
import { fileTexts, rawPlaces, schemaTexts, type StoredText } from "../../scenarios/stored-text.js";
import { paced } from "../setup/pace.js";
import { freshStore, MEASURED_KINDS, type StoreKind } from "../stores/targets.js";
import { checkCases, onlyStores } from "./corpus-run.js";

export const MCP_PLACES = [
  "tool_arguments",
  "artifact_name",
  "output_value",
  "output_key",
  "tool_error",
  "session_id",
  "idempotency_key",
  "progress_token",
  "resource_uri",
] as const;
export type McpPlace = (typeof MCP_PLACES)[number];
/** The names and identifiers a caller supplies: one holding a secret is refused, with a reason code. */
const IDENTIFIERS: readonly McpPlace[] = [
  "artifact_name",
  "session_id",
  "idempotency_key",
  "progress_token",
  "resource_uri",
];
/** Over MCP no planner writes JSON text: the JSON-RPC frame is the caller's, decoded before the harness sees it. */
const SPELLINGS = ["as_is", "escaped_in_value", "json_in_string"] as const satisfies readonly CorpusSpelling[];

export type McpCase = {
  readonly sample: (typeof CORPUS)[number];
  readonly place: McpPlace;
  readonly spelling: (typeof SPELLINGS)[number];
};

export const mcpCases: fc.Arbitrary<McpCase> = fc.record({
  sample: fc.constantFrom(...CORPUS),
  place: fc.constantFrom(...MCP_PLACES),
  spelling: fc.constantFrom(...SPELLINGS),
});

export const describeMcpCase = (c: McpCase) => `${c.sample.kind}: ${c.sample.name} in ${c.place}, ${c.spelling}`;

/** The goal every session stores: finding it shows the canary read the database. */
const SESSION_GOAL = "tool calls from an MCP host";
const READ = { name: "read_table", arguments: { table: "sales", limit: 2 } };

export type McpFinding = {
  readonly goal_found: boolean;
  readonly raw_found: readonly string[];
  /** For an identifier place: the caller was refused, and the refusal named its reason. */
  readonly refused: boolean | null;
};

/** Plays one case on a fresh store of `kind` in `scratch`; what the canary found. */
export async function runMcpCase(c: McpCase, kind: StoreKind, scratch: string): Promise<McpFinding> {
  const dir = mkdtempSync(join(scratch, "mcp-"));
  const { spec, scope } = freshStore(kind, dir);
  const opened = openStores(spec, scope, TEST_SECRET, { spentJournal: join(dir, "spent.journal") });
  if (!opened.ok) throw opened.error;
  const { stores, db } = opened.value;
  const value = spelledValue(c.sample, c.spelling);
  const extra: ExtraOutput =
    c.place === "output_value"
      ? { read_table: { echoed: value } }
      : c.place === "output_key"
        ? { read_table: { [value]: "echoed" } }
        : {};
  const harness = await connectInMemory({
    stores: { sessions: stores.checkpoints, ledger: stores.ledger, artifacts: stores.artifacts },
    registry: (world) => createFixtureRegistry(world, extra),
  });
  const notices: string[] = [];
  const answers: string[] = [];
  try {
    for (const method of ["notifications/message", "notifications/progress"] as const)
      harness.client.setNotificationHandler(method, (n) => void notices.push(JSON.stringify(n)));
    await harness.client.setLoggingLevel("debug");
    // A clean call first: the session's goal is then stored, and the canary must find it.
    await harness.client.callTool(READ);
    if (c.place === "tool_error")
      harness.world.observeCalls((tool) => {
        if (tool === "read_table") throw new Error(`upstream refused: ${value}`);
      });
    const answer = (request: Promise<unknown>) =>
      request.then(
        (result) => JSON.stringify(result),
        (error: unknown) => {
          const { message, data } = error as { message?: unknown; data?: unknown };
          return JSON.stringify({ error: String(message ?? error), data: data ?? null });
        },
      );
    const call = (name: string, args: Record<string, unknown>, meta?: Record<string, unknown>) =>
      answer(harness.client.callTool({ name, arguments: args, ...(meta === undefined ? {} : { _meta: meta }) }));
    answers.push(await caseRequest(c.place, value, call, (uri) => answer(harness.client.readResource({ uri }))));
    const stored: StoredText[] = [
      ...fileTexts(dir),
      ...(db === null ? [] : scopeRows(db, scope).map((text) => ({ where: "database_rows" as const, text }))),
      ...(db?.dialect === "postgres" ? schemaTexts(db, currentSchema(db), scope) : []),
      { where: "audit_log", text: JSON.stringify(harness.audit.events()) },
      ...notices.map((text) => ({ where: "notifications" as const, text })),
      { where: "executor", text: JSON.stringify(harness.world.data) },
    ];
    return {
      goal_found: stored.some(({ where, text }) => where.startsWith("database") && text.includes(SESSION_GOAL)),
      raw_found: rawPlaces(stored, c.sample.secrets),
      refused: IDENTIFIERS.includes(c.place) ? refusedWithCode(answers[0]!) : null,
    };
  } finally {
    await harness.close();
    db?.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

type Call = (name: string, args: Record<string, unknown>, meta?: Record<string, unknown>) => Promise<string>;

/** The one request that carries the case's value. */
function caseRequest(place: McpPlace, value: string, call: Call, read: (uri: string) => Promise<string>) {
  switch (place) {
    case "tool_arguments":
      return call("save_artifact", { name: "note", content: value });
    case "artifact_name":
      return call("save_artifact", { name: value, content: "clean" });
    case "output_value":
    case "output_key":
    case "tool_error":
      return call(READ.name, READ.arguments);
    case "session_id":
      return call(READ.name, READ.arguments, { "agent-harness/session": value });
    case "idempotency_key":
      return call("save_artifact", { name: "note", content: "clean" }, { "agent-harness/idempotency-key": value });
    case "progress_token":
      return call(READ.name, READ.arguments, { progressToken: value });
    case "resource_uri":
      return read(`trace://${value}`);
  }
}

const currentSchema = (db: SqlConnection) =>
  String((db.query("SELECT current_schema() AS schema").rows[0] as { schema: string }).schema);

/** A refusal with its reason: a tool answer in error with a code, or a protocol error naming one (its data, or its words). */
function refusedWithCode(text: string): boolean {
  const read = JSON.parse(text) as {
    error?: string;
    data?: { code?: unknown } | null;
    isError?: boolean;
    structuredContent?: { code?: unknown };
  };
  if (read.error !== undefined) return typeof read.data?.code === "string" || /^[a-z_]+: /.test(read.error);
  return read.isError === true && typeof read.structuredContent?.code === "string";
}

/** `runs` cases per store measured here, each leak one line that reruns it in `file`. */
export function describeMcpCorpus(file: string, runs: number): void {
  describe(`the generated secret corpus over MCP: ${runs} cases per store`, () => {
    const scratch = mkdtempSync(join(tmpdir(), "agent-harness-corpus-mcp-"));
    afterAll(() => rmSync(scratch, { recursive: true, force: true }));
    for (const kind of onlyStores(MEASURED_KINDS))
      it(
        `mcp × ${kind}: no raw secret in any stored byte, notification or audit line; identifiers refused`,
        async () => {
          const checked = await checkCases({
            label: `mcp × ${kind}`,
            cases: mcpCases,
            describe: describeMcpCase,
            run: (c) => runMcpCase(c, kind, scratch),
            runs,
            reproduce: `SECRET_PLACES_STORE=${kind}`,
            file,
          });
          expect(checked.leaks).toEqual([]);
        },
        paced(30_000 + runs * 3_000),
      );
  });
}
