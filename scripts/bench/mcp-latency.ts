/**
 * Measure 3: `tools/call` round trips through the project's MCP server (mcp/), in memory and
 * over stdio, against a bare SDK server whose handler answers at once. The same SDK client
 * makes every call, awaited one after another; each call is timed on its own.
 */
import { randomBytes } from "node:crypto";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/client";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { InMemoryTransport, type Server, type Transport as McpTransport } from "@modelcontextprotocol/server";
import { createIdSource, systemClock } from "../../contract/index.js";
import { createFixtureWorld } from "../../handwritten/fixtures/index.js";
import { BARE_TOOL, createBareServer } from "./bare-mcp-server.js";
import { percentile, round } from "./stats.js";
import { NOT_MEASURED } from "./sections.js";
import { type LatencyResult, type McpSection, type ServerKind, type Transport } from "./sections-services.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

export type McpOptions = {
  readonly warmup: number;
  readonly calls: number;
  /** Which transports to measure. @default both */
  readonly transports?: readonly Transport[];
};

export const MCP_DEFINITION =
  "Round trip of one tools/call, from client.callTool() to its resolved result, with the official SDK client (@modelcontextprotocol/client, default 2025-era handshake), calls awaited one after another. project = the harness server from mcp/ (schema, policy, ledger, executeIntent on the fixture read_table); bare_sdk = the SDK's low-level Server whose handler returns a constant at once. in_memory = InMemoryTransport linked pair in this process; stdio = a child process started as `node --import tsx <entry>` (mcp/server-main.ts, or scripts/bench/bare-mcp-server.ts).";

const TOOL_ARGS = { table: "sales", limit: 3 } as const;

type Connected = { client: Client; connect_ms: number; close(): Promise<void> };

async function timeCalls(
  connected: Connected,
  transport: Transport,
  server: ServerKind,
  options: McpOptions,
): Promise<LatencyResult> {
  const { client } = connected;
  await client.listTools();
  const first = await client.callTool({ name: BARE_TOOL, arguments: { ...TOOL_ARGS } });
  if (first.isError === true)
    throw new Error(
      `the ${server} server answered the benchmark call with an error: ${JSON.stringify(first.structuredContent ?? first.content).slice(0, 200)}`,
    );
  for (let i = 0; i < options.warmup; i++) await client.callTool({ name: BARE_TOOL, arguments: { ...TOOL_ARGS } });
  const times: number[] = [];
  for (let i = 0; i < options.calls; i++) {
    const start = process.hrtime.bigint();
    await client.callTool({ name: BARE_TOOL, arguments: { ...TOOL_ARGS } });
    times.push(Number(process.hrtime.bigint() - start) / 1000);
  }
  const sorted = [...times].sort((a, b) => a - b);
  return {
    status: "measured",
    transport,
    server,
    calls: options.calls,
    warmup: options.warmup,
    median_us: round(percentile(sorted, 50), 1),
    p99_us: round(percentile(sorted, 99), 1),
    mean_us: round(times.reduce((a, b) => a + b, 0) / times.length, 1),
    min_us: round(sorted[0] ?? 0, 1),
    max_us: round(sorted.at(-1) ?? 0, 1),
    connect_ms: round(connected.connect_ms, 1),
    protocol_version: client.getNegotiatedProtocolVersion() ?? null,
  };
}

const newClient = () => new Client({ name: "agent-harness-bench", version: "0.0.0" });

async function inMemory(server: Server, wrap: (inner: McpTransport) => McpTransport = (t) => t): Promise<Connected> {
  const start = process.hrtime.bigint();
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(wrap(serverSide));
  const client = newClient();
  await client.connect(clientSide);
  return { client, connect_ms: Number(process.hrtime.bigint() - start) / 1e6, close: () => client.close() };
}

async function stdio(entry: string): Promise<Connected> {
  const start = process.hrtime.bigint();
  const transport = new StdioClientTransport({
    command: process.execPath,
    // The project's server measured on its in-memory stores, like the bare one.
    args: ["--import", "tsx", entry, ...(entry === "mcp/server-main.ts" ? ["--store", "memory"] : [])],
    cwd: ROOT,
    stderr: "ignore",
    env: { ...getDefaultEnvironment(), AGENT_HARNESS_APPROVAL_SECRET: randomBytes(24).toString("hex") },
  });
  const client = newClient();
  await client.connect(transport);
  return { client, connect_ms: Number(process.hrtime.bigint() - start) / 1e6, close: () => client.close() };
}

/** The project's server over fresh fixture state, as mcp/server-main.ts builds it (no audit file, no world file), behind its guards. */
async function projectServer(): Promise<Connected> {
  const mcp = await import("../../mcp/index.js");
  const deps = mcp.createFixtureHarnessDeps({
    world: createFixtureWorld(),
    clock: systemClock,
    ids: createIdSource("bench-mcp"),
    secret: randomBytes(24).toString("hex"),
  });
  const guards = mcp.createGuards({ frames: "objects" });
  return inMemory(mcp.createHarnessServer(deps, { connectionSession: "bench", guards }), guards.transport);
}

export async function measureMcp(options: McpOptions, log: (line: string) => void): Promise<McpSection> {
  const cases: { transport: Transport; server: ServerKind; connect: () => Promise<Connected> }[] = [
    { transport: "in_memory", server: "bare_sdk", connect: () => inMemory(createBareServer()) },
    { transport: "in_memory", server: "project", connect: projectServer },
    { transport: "stdio", server: "bare_sdk", connect: () => stdio("scripts/bench/bare-mcp-server.ts") },
    { transport: "stdio", server: "project", connect: () => stdio("mcp/server-main.ts") },
  ];
  const results: LatencyResult[] = [];
  for (const c of cases.filter((x) => options.transports?.includes(x.transport) ?? true)) {
    let connected: Connected | null = null;
    try {
      connected = await c.connect();
      const result = await timeCalls(connected, c.transport, c.server, options);
      results.push(result);
      if (result.status === "measured")
        log(`mcp ${c.transport} ${c.server}: median ${result.median_us} µs, p99 ${result.p99_us} µs`);
    } catch (error) {
      const reason = error instanceof Error ? (error.message.split("\n")[0] ?? error.message) : String(error);
      results.push({
        status: NOT_MEASURED,
        transport: c.transport,
        server: c.server,
        reason: reason.replaceAll(ROOT, "."),
      });
      log(`mcp ${c.transport} ${c.server}: not measured (${reason})`);
    } finally {
      await connected?.close().catch(() => undefined);
    }
  }
  const overhead = (transport: Transport): number | null => {
    const find = (server: ServerKind) => results.find((r) => r.transport === transport && r.server === server);
    const project = find("project");
    const bare = find("bare_sdk");
    return project?.status === "measured" && bare?.status === "measured"
      ? round(project.median_us - bare.median_us, 1)
      : null;
  };
  return {
    definition: MCP_DEFINITION,
    tool: BARE_TOOL,
    arguments: TOOL_ARGS,
    results,
    project_overhead_us: { in_memory: overhead("in_memory"), stdio: overhead("stdio") },
  };
}
