/**
 * TEST SUPPORT. Starts `mcp/server-main.ts` as a separate process behind an official SDK client
 * over stdio, and reads what the process wrote beside the protocol: its world counts and its
 * audit log. One instance serves a whole `describe`.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Client } from "@modelcontextprotocol/client";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import type { CallToolResult } from "@modelcontextprotocol/server";
import { TraceEventSchema, type TraceEvent } from "../../contract/index.js";
import { WorldCountsSchema, type WorldCounts } from "../../mcp/server-start.js";
import { nodeCommand, type NodeCommand } from "../node-command.js";
import type { Observed } from "./parity.js";

export const REPO_ROOT = resolve(fileURLToPath(new URL("../..", import.meta.url)));
/** The secret the spawned server holds, so a test can play the approving person. */
export const TEST_SECRET = "parity-test-approval-secret";
/** The server's process: plain `node` on the run's compiled copy, or `node --import tsx mcp/server-main.ts` (node-command.ts). */
export const SERVER_PROCESS: NodeCommand = nodeCommand(REPO_ROOT, "mcp/server-main.ts");
/** In memory: each spawned server starts from a fresh world and ledger (the default is a SQLite file). */
export const SERVER_COMMAND: NodeCommand = [...SERVER_PROCESS, "--store", "memory"];

export type Era = "2025-11-25" | "2026-07-28";

/**
 * The SDK's stdio transport probes the era on a throwaway sibling process; a subclass probes
 * in place (documented SDK behaviour), which saves the test suite one server start per era check.
 */
class InPlaceProbeTransport extends StdioClientTransport {}

export type SpawnedServer = {
  readonly client: Client;
  world(): WorldCounts;
  audit(): TraceEvent[];
  auditText(): string;
  call(params: { name: string; arguments?: unknown; _meta?: Record<string, unknown> }): Promise<Observed>;
  close(): Promise<void>;
  /** SIGKILL: the server gets no chance to flush or shut down (a crash), then the client is dropped. */
  kill(): Promise<void>;
};

/**
 * The server as `npm run mcp` starts it with nothing configured (no --store, no secret), in `cwd`:
 * its default store and the key beside it are made under that folder.
 */
export const unconfiguredServer = (cwd: string) =>
  ({
    cwd,
    command: [
      process.execPath,
      "--import",
      pathToFileURL(join(REPO_ROOT, "node_modules/tsx/dist/loader.mjs")).href,
      join(REPO_ROOT, "mcp/server-main.ts"),
    ],
    env: {},
  }) as const;

/** The launch's own `--store` gives way to a caller's: the server refuses a flag given twice. */
export const withStore = (args: readonly string[], extraArgs: readonly string[]): readonly string[] =>
  extraArgs.includes("--store") ? args.filter((arg, i) => arg !== "--store" && args[i - 1] !== "--store") : args;

/** How to start the server: by default the test command, in the repository, holding TEST_SECRET. */
export type ServerLaunch = {
  readonly cwd: string;
  readonly command: readonly string[];
  readonly env: Readonly<Record<string, string>>;
};
const TEST_LAUNCH: ServerLaunch = {
  cwd: REPO_ROOT,
  command: SERVER_COMMAND,
  env: { AGENT_HARNESS_APPROVAL_SECRET: TEST_SECRET },
};

/** How much of a spawned server's stderr an error quotes. */
const STDERR_KEPT = 4_000;

export async function spawnServer(
  era: Era = "2025-11-25",
  extraArgs: readonly string[] = [],
  launch: ServerLaunch = TEST_LAUNCH,
): Promise<SpawnedServer> {
  const dir = mkdtempSync(join(tmpdir(), "agent-harness-mcp-"));
  const [auditLog, worldFile] = [join(dir, "audit.jsonl"), join(dir, "world.json")];
  const [command, ...args] = launch.command;
  const transport = new InPlaceProbeTransport({
    command: command!,
    args: [...withStore(args, extraArgs), "--audit-log", auditLog, "--world-file", worldFile, ...extraArgs],
    cwd: launch.cwd,
    env: { ...getDefaultEnvironment(), ...launch.env },
    stderr: "pipe",
  });
  // The end of what the server said, for the error when it goes away (read, so a full pipe never blocks it).
  let said = "";
  transport.stderr?.on("data", (chunk: Buffer) => void (said = (said + chunk.toString("utf8")).slice(-STDERR_KEPT)));
  const failed = (error: unknown) =>
    new Error(
      `${error instanceof Error ? error.message : String(error)}; the server's stderr ends: ${said || "(empty)"}`,
      {
        cause: error,
      },
    );
  const client = new Client(
    { name: "agent-harness-parity-test", version: "0.0.0" },
    era === "2026-07-28" ? { versionNegotiation: { mode: { pin: "2026-07-28" } } } : {},
  );
  try {
    await client.connect(transport);
  } catch (error) {
    await client.close().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
    throw failed(error);
  }
  return {
    client,
    world: () => WorldCountsSchema.parse(JSON.parse(readFileSync(worldFile, "utf8"))),
    audit: () =>
      readFileSync(auditLog, "utf8")
        .split("\n")
        .filter((l) => l !== "")
        .map((l) => TraceEventSchema.parse(JSON.parse(l))),
    auditText: () => readFileSync(auditLog, "utf8"),
    call: (params) =>
      observe(client, params).catch((error: unknown) => {
        throw failed(error);
      }),
    async close() {
      await client.close();
      rmSync(dir, { recursive: true, force: true });
    },
    async kill() {
      if (transport.pid !== null) process.kill(transport.pid, "SIGKILL");
      await client.close().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One `tools/call` through an SDK client, as the data the parity check compares. */
export async function observe(
  client: Client,
  params: { name: string; arguments?: unknown; _meta?: Record<string, unknown> },
): Promise<Observed> {
  let result: CallToolResult;
  try {
    result = await client.callTool(params as Parameters<Client["callTool"]>[0]);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code !== "number") throw error;
    return { kind: "protocol_error", code, message: (error as Error).message };
  }
  const text = result.content.find((block) => block.type === "text");
  return {
    kind: "result",
    isError: result.isError === true,
    body: (result.structuredContent ?? {}) as Record<string, unknown>,
    text: text?.type === "text" ? text.text : null,
  };
}

/** Executor calls and side effects of `tool` between two world snapshots. */
export function deltaOf(before: WorldCounts, after: WorldCounts, tool: string) {
  const sum = (counts: Record<string, Record<string, number>>) =>
    Object.values(counts[tool] ?? {}).reduce((a, b) => a + b, 0);
  return { calls: sum(after.calls) - sum(before.calls), effects: sum(after.effects) - sum(before.effects) };
}
