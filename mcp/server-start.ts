/**
 * The MCP server started, once server-main.ts has checked its command line and secret: the key,
 * the stores (refused when restored), the audit trail, then stdio or Streamable HTTP.
 */
import { randomBytes } from "node:crypto";
import { dirname } from "node:path";
import { z } from "zod";
import { serveStdio, StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import { createIdSource, ok, systemClock, type TraceSink } from "../contract/index.js";
import type { FixtureWorld } from "../handwritten/fixtures/index.js";
import {
  claimStoreKey,
  openStores,
  resolveStoreSpec,
  type OpenedStores,
  type OpenStoresOptions,
} from "../durable/index.js";
import { makeDirectory, writeFilesAtomically } from "../cli/index.js";
import { createFileAuditSink } from "./audit-file.js";
import { createMemoryAuditSink, type AuditSink } from "./audit.js";
import { createFixtureHarnessDeps, MCP_SESSION_KEEP } from "./deps.js";
import { HTTP_TOKEN_ENV, SECRET_ENV, type ServerFlags } from "./cli.js";
import { defaultStorePath } from "./default-store.js";
import { createFrameGuard } from "./frame-guard.js";
import { createGuards } from "./guards.js";
import { isLoopback, serveHttp } from "./http.js";
import { createHarnessServerFactory } from "./server.js";
import { serverKeyFor } from "./server-key.js";
import { mintLetterId } from "./session-id.js";

/** The one scope of a server's stores in its database (several deployments can share a database under others). */
export const MCP_STORE_SCOPE = "mcp";

const CountsSchema = z.record(z.string(), z.record(z.string(), z.number()));

/** What `--world-file` holds: the fixture world's own counts, an observer independent of the server's answers. */
export const WorldCountsSchema = z
  .strictObject({ calls: CountsSchema, effects: CountsSchema, total_calls: z.number(), total_effects: z.number() })
  .readonly();
export type WorldCounts = z.infer<typeof WorldCountsSchema>;

export function worldCounts(world: FixtureWorld): WorldCounts {
  return {
    calls: world.data.calls,
    effects: world.data.effects,
    total_calls: world.totalCalls(),
    total_effects: world.totalEffects(),
  };
}

/** Where a run that ends at once writes: help to `out`, errors and notices to `err`. */
export type MainIo = { readonly out: (text: string) => void; readonly err: (text: string) => void };

/** How the server opens its stores: in memory, each session's latest checkpoint only (deps.ts); a database keeps its rows. */
export function mcpOpenOptions(flags: Pick<ServerFlags, "spentJournal" | "acceptRestore">): OpenStoresOptions {
  const { spentJournal, acceptRestore } = flags;
  return { ...(spentJournal === null ? {} : { spentJournal }), acceptRestore, memoryCheckpoints: MCP_SESSION_KEEP };
}

export function startServer(
  flags: ServerFlags,
  configured: string | null,
  env: NodeJS.ProcessEnv,
  io: MainIo,
): number | "serving" {
  const fail = (message: string) => {
    io.err(`agent-harness mcp: ${message}\nRun with --help for usage.\n`);
    return 2;
  };
  const { auditLog, worldFile, maxFrameBytes } = flags;
  const spec = mcpStoreSpec(flags.store, env);
  if (!spec.ok) return fail(spec.error.message);
  const key = serverKeyFor(configured, spec.value, () => randomBytes(32).toString("hex"));
  if (!key.ok) return fail(key.error.message);
  const opened = openStores(spec.value, MCP_STORE_SCOPE, key.value.secret, mcpOpenOptions(flags));
  if (!opened.ok) {
    const refused = opened.error.code === "store_restored" || opened.error.code === "store_truncated";
    if (!refused) return fail(opened.error.message);
    io.err(`agent-harness mcp: ${opened.error.message}\n${RESTORE_ADVICE}\n`);
    return 3;
  }
  const { stores, db } = opened.value;
  if (db !== null) io.err(`agent-harness mcp: ${restoreNotice(opened.value.restore)}\n`);
  const claimed = db === null ? ok(undefined) : claimStoreKey(db, MCP_STORE_SCOPE, key.value.id);
  if (!claimed.ok) {
    db?.close();
    return fail(`${claimed.error.message}; set ${SECRET_ENV} to the key it was sealed under`);
  }
  io.err(`agent-harness mcp: sealing and approving with ${key.value.id}, from ${key.value.source}\n`);
  const secret = key.value.secret;
  const world = stores.world();
  const writeWorld =
    worldFile === null ? undefined : () => writeAtomically(worldFile, JSON.stringify(worldCounts(world)));
  let audit: AuditSink = createMemoryAuditSink();
  try {
    audit = traceAuditSink(stores.trace, auditLog === null ? null : createFileAuditSink(auditLog));
    writeWorld?.();
  } catch (error) {
    return fail((error as Error).message);
  }

  const deps = createFixtureHarnessDeps({
    world,
    sessions: stores.checkpoints,
    ledger: stores.ledger,
    nonces: stores.nonces,
    artifacts: stores.artifacts,
    atomically: stores.atomically,
    secret,
    clock: systemClock,
    ids: createIdSource(randomBytes(16).toString("hex")),
    audit,
  });
  const settled = writeWorld === undefined ? {} : { onCallSettled: writeWorld };
  if (flags.http !== null) {
    const { host, port } = flags.http;
    const token = env[HTTP_TOKEN_ENV] === undefined || env[HTTP_TOKEN_ENV] === "" ? null : env[HTTP_TOKEN_ENV];
    if (!isLoopback(host) && token === null)
      return fail(`--http on ${host} (not loopback) needs ${HTTP_TOKEN_ENV}, so strangers cannot call the tools`);
    const { maxSessions, sessionIdleMs } = flags;
    const owners = stores.owners;
    serveHttp(deps, { host, port, token, maxFrameBytes, maxSessions, sessionIdleMs, owners }, settled).then(
      (served) => io.err(`agent-harness mcp: serving Streamable HTTP at ${served.url}\n`),
      (error: unknown) => {
        io.err(`agent-harness mcp: cannot serve on ${host}:${port}: ${(error as Error).message}\n`);
        process.exitCode = 4;
      },
    );
    return "serving";
  }
  const guards = createGuards({ frames: "text", maxFrameBytes });
  const lines = createFrameGuard({
    guards,
    reply: (error) => void process.stdout.write(`${JSON.stringify(error)}\n`),
  });
  process.stdin.pipe(lines);
  const transport = guards.transport(
    new StdioServerTransport(lines, process.stdout, { maxBufferSize: maxFrameBytes + 2 }),
  );
  const instance = mintLetterId();
  serveStdio(createHarnessServerFactory(deps, { guards, instance, ...settled }), {
    transport,
    onerror: (error) => io.err(`agent-harness mcp: ${error.message}\n`),
  });
  return "serving";
}

const RESTORE_ADVICE = [
  "Spent approvals the journal remembers would approve again on this store, so it is not opened.",
  "If the restore was meant, stop every server on the store and start once with --accept-restore:",
  "those approvals stay spent (refused as already used) and must be asked for again in a new session.",
].join("\n");

/** What the restore guard found, said on stderr at start. */
function restoreNotice(restore: OpenedStores["restore"]): string {
  if (restore === null) return "restore guard off: a memory store keeps nothing to restore";
  if (restore.accepted === null) return `restore guard on: generation ${restore.generation}`;
  return `restore accepted (${restore.accepted.was}): ${restore.accepted.respent} spent approval nonce(s) recorded as spent again`;
}

/** The store of `--store` (default: a SQLite file, its folder made if missing). */
function mcpStoreSpec(flag: string | null, env: NodeJS.ProcessEnv) {
  const spec = resolveStoreSpec(flag ?? undefined, env, {
    kind: "sqlite",
    path: defaultStorePath(),
  });
  // A folder that cannot be made is reported by opening the store, with the store's own error code.
  if (spec.ok && spec.value.kind === "sqlite") {
    try {
      makeDirectory(dirname(spec.value.path));
    } catch {}
  }
  return spec;
}

/** The durable trace holds every event (for `trace://` after a restart); the file log gets a copy. */
function traceAuditSink(trace: TraceSink, file: AuditSink | null): AuditSink {
  // The durable trace lists no sessions; completions offer those this start has traced.
  const sessions = new Set<string>();
  return {
    append(event) {
      file?.append(event);
      trace.append([event]);
      sessions.add(event.session_id);
    },
    list: (session_id) => trace.list(session_id),
    sessions: () => [...sessions],
  };
}

function writeAtomically(path: string, text: string): void {
  const written = writeFilesAtomically([{ path, text }]);
  if (!written.ok) throw new Error(written.error.message);
}
