/** Command-line flags of the MCP server, parsed into a typed result; usage errors never throw. */
import { err, ok, type Result } from "../contract/result.js";
import { DEFAULT_STORE_FILE } from "./default-store.js";
import { parseFlags, wholeNumber } from "../cli/index.js";
import { DEFAULT_MAX_FRAME_BYTES } from "./limits.js";
import { DEFAULT_MAX_SESSIONS, DEFAULT_SESSION_IDLE_MS } from "./http-sessions.js";

export const SECRET_ENV = "AGENT_HARNESS_APPROVAL_SECRET";
export const HTTP_TOKEN_ENV = "AGENT_HARNESS_HTTP_TOKEN";
export const MIN_SECRET_CHARS = 16;

export type ServerFlags = {
  readonly help: boolean;
  readonly auditLog: string | null;
  readonly worldFile: string | null;
  readonly maxFrameBytes: number;
  /** Serve Streamable HTTP on this address instead of stdio. */
  readonly http: { readonly host: string; readonly port: number } | null;
  /** With `--http`: live MCP sessions at once, and how long one may go without a request. */
  readonly maxSessions: number;
  readonly sessionIdleMs: number;
  /** `--store` as given; null: AGENT_HARNESS_STORE, else the default SQLite file. */
  readonly store: string | null;
  /** `--spent-journal` as given; null: the store's default (`defaultSpentJournal`). */
  readonly spentJournal: string | null;
  /** `--accept-restore`: open a store found restored or emptied, its journal's nonces spent again. */
  readonly acceptRestore: boolean;
};

/**
 * Sessions, ledger, artifacts, traces and the fixture world survive a restart here unless told otherwise:
 * in the project's root wherever the server starts (mcp/default-store.ts).
 */
export const DEFAULT_MCP_STORE = `sqlite:${DEFAULT_STORE_FILE} in the project root`;

/** Limits on the numeric flags: past them a value is a typo, not a setting. */
const MAX_FRAME_BYTES = 1024 * 1024 * 1024;
const MAX_SESSIONS = 100_000;

export type UsageError = { readonly code: "bad_usage"; readonly message: string };

export const SERVER_USAGE = `Usage: npm run --silent mcp -- [options]
       npx tsx mcp/server-main.ts [options]

Serves the agent-harness fixture tools (read_table, run_regression, save_artifact,
publish_report, run_shell) over MCP on stdin/stdout, under the harness policy:
schema first, policy before execution, per-call approval for high_risk tools,
idempotency keys, and always_deny refused. stdout carries only the protocol
(so run npm with --silent: without it npm prints a banner on stdout).
Also served: resources (tables, artifacts, traces; subscribe for updates), the prompt
work_with_harness, completions, progress for a call that waits, and the audit trace as
log notifications once the host sets a level (logging/setLevel).

Options:
  --http [HOST:]PORT      serve Streamable HTTP at http://HOST:PORT/mcp instead of stdio
                          (HOST defaults to 127.0.0.1; a host other than loopback needs
                          ${HTTP_TOKEN_ENV}); Host and Origin are checked against DNS rebinding;
                          each harness session belongs to the MCP session that first named it
                          (another gets session_forbidden)
  --max-sessions N        with --http: at most N live MCP sessions; an initialize past it gets
                          HTTP 503 (default ${DEFAULT_MAX_SESSIONS})
  --session-idle-ms N     with --http: close an MCP session after N ms without a request; its id
                          is then unknown (404) (default ${DEFAULT_SESSION_IDLE_MS}, 30 minutes)
  --store SPEC            memory | sqlite:PATH | postgres:URL: where sessions (with spent
                          approval nonces), the ledger, artifacts, traces and the fixture world
                          live (default ${DEFAULT_MCP_STORE}, or AGENT_HARNESS_STORE)
  --spent-journal PATH    keep every spent approval nonce in PATH too, outside the database, so a
                          store restored from an older copy is refused (store_restored) rather
                          than approve a spent token again, and an emptied one too (store_truncated)
                          (default <store>.spent beside a SQLite store; for a postgres store
                          .agent-harness/postgres-<digest of host and database>.spent)
  --accept-restore        open a store found restored or emptied: the journal's nonces are recorded
                          as spent in it again (their approvals are refused as already used; every
                          other approval works). Stop every other server on the store first.
  --audit-log PATH        append the audit trail (one redacted TraceEvent per line) to PATH
  --world-file PATH       after every tools/call, write the fixture world's executor-call
                          and side-effect counts to PATH (JSON; for tests and demos)
  --max-frame-bytes N     answer longer JSON-RPC lines and HTTP bodies with error -32600 (default ${DEFAULT_MAX_FRAME_BYTES})
  -h, --help              show this help and exit

Environment:
  ${SECRET_ENV}   the server-held key that seals sessions and signs approval tokens
                          (at least ${MIN_SECRET_CHARS} characters). Unset: on a SQLite store, a key made once
                          and kept beside it in <store>.key (owner-only, refused if others may read
                          it); in memory, a key of the process; a postgres store needs it set.
                          A store sealed under another key is refused (store_key_mismatch).
  ${HTTP_TOKEN_ENV}        with --http: every request must carry Authorization: Bearer <token>

Exit codes: 0 after stdin closes or --help; 2 bad usage or a store that cannot be opened;
3 the store was restored from an older copy or emptied (see --accept-restore);
4 the HTTP address cannot be bound.`;

export function parseServerFlags(argv: readonly string[]): Result<ServerFlags, UsageError> {
  const flags = parseFlags(argv, {
    help: { type: "boolean", short: "h" },
    "audit-log": { type: "string" },
    "world-file": { type: "string" },
    "max-frame-bytes": { type: "string" },
    http: { type: "string" },
    store: { type: "string" },
    "spent-journal": { type: "string" },
    "accept-restore": { type: "boolean" },
    "max-sessions": { type: "string" },
    "session-idle-ms": { type: "string" },
  });
  if (!flags.ok) return usage(`${flags.error.message} (${flags.error.code})`);
  const { values } = flags.value;
  const maxFrameBytes = number(
    "max-frame-bytes",
    values["max-frame-bytes"],
    1024,
    MAX_FRAME_BYTES,
    DEFAULT_MAX_FRAME_BYTES,
  );
  if (!maxFrameBytes.ok) return maxFrameBytes;
  const http = values.http === undefined ? ok(null) : parseAddress(values.http);
  if (!http.ok) return http;
  const maxSessions = number("max-sessions", values["max-sessions"], 1, MAX_SESSIONS, DEFAULT_MAX_SESSIONS);
  if (!maxSessions.ok) return maxSessions;
  // setTimeout fires at once for a delay over 2^31-1 ms: a longer idle limit would close every session.
  const sessionIdleMs = number(
    "session-idle-ms",
    values["session-idle-ms"],
    1000,
    2 ** 31 - 1,
    DEFAULT_SESSION_IDLE_MS,
  );
  if (!sessionIdleMs.ok) return sessionIdleMs;
  return ok({
    http: http.value,
    maxSessions: maxSessions.value,
    sessionIdleMs: sessionIdleMs.value,
    store: values.store ?? null,
    spentJournal: values["spent-journal"] ?? null,
    acceptRestore: values["accept-restore"] === true,
    help: values.help === true,
    auditLog: values["audit-log"] ?? null,
    worldFile: values["world-file"] ?? null,
    maxFrameBytes: maxFrameBytes.value,
  });
}

/** The approval secret from the environment; null when unset (the caller picks a random one). */
export function readSecret(env: NodeJS.ProcessEnv): Result<string | null, UsageError> {
  const secret = env[SECRET_ENV];
  if (secret === undefined || secret === "") return ok(null);
  if (secret.length < MIN_SECRET_CHARS) return usage(`${SECRET_ENV} must have at least ${MIN_SECRET_CHARS} characters`);
  return ok(secret);
}

function number(flag: string, text: string | undefined, min: number, max: number, fallback: number) {
  const value = wholeNumber(flag, text, { min, max, fallback });
  return value.ok ? value : usage(`${value.error.message} (${value.error.code})`);
}

function usage(message: string) {
  return err<UsageError>({ code: "bad_usage", message });
}

/** `[HOST:]PORT`, host defaulting to loopback; an IPv6 host is bracketed (`[::1]:8080`). */
export function parseAddress(text: string): Result<{ host: string; port: number }, UsageError> {
  const match = /^(?:(\[[0-9a-fA-F:]+\]|[A-Za-z0-9.-]+):)?(\d{1,5})$/.exec(text);
  const port = Number(match?.[2]);
  if (match === null || !Number.isSafeInteger(port) || port > 65_535)
    return usage(`--http needs [HOST:]PORT with a port from 0 to 65535, got ${JSON.stringify(text)}`);
  const host = (match[1] ?? "127.0.0.1").replace(/^\[|\]$/g, "");
  return ok({ host, port });
}
