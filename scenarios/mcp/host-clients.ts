/**
 * TEST SUPPORT. The server as real hosts meet it: a separate process behind the official SDK's
 * client, either the v1 line (`@modelcontextprotocol/sdk` 1.x, which most hosts still embed) or
 * the v2 line (`@modelcontextprotocol/client`), over stdio or Streamable HTTP. Each started server
 * offers what the other drivers need (`call`, `world`, `kill`, `close`: the parity driver and the
 * restart steps run on it unchanged), plus discovery, a cancellable call and the host's answer to
 * an elicitation.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client as ClientV2 } from "@modelcontextprotocol/client";
import { getDefaultEnvironment, StdioClientTransport as StdioV2 } from "@modelcontextprotocol/client/stdio";
import { StreamableHTTPClientTransport as HttpV2 } from "@modelcontextprotocol/client";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport as StdioV1 } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport as HttpV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema as ElicitRequestV1 } from "@modelcontextprotocol/sdk/types.js";
import { TraceEventSchema, type TraceEvent } from "../../contract/index.js";
import { WorldCountsSchema, type WorldCounts } from "../../mcp/server-start.js";
import { spawnHttpServer, type HttpProcess } from "./http-process.js";
import type { Observed } from "./parity.js";
import { REPO_ROOT, SERVER_PROCESS, TEST_SECRET } from "./stdio-server.js";

export const CLIENT_LINES = ["sdk-v1", "sdk-v2"] as const;
export type ClientLine = (typeof CLIENT_LINES)[number];
export const HOST_TRANSPORTS = ["stdio", "http"] as const;
export type HostTransport = (typeof HOST_TRANSPORTS)[number];

/** What the host's person answers when the server asks (`elicitation/create`). */
export type ElicitAnswer = {
  action: "accept" | "decline" | "cancel";
  content?: Record<string, string | number | boolean | string[]>;
};
export type Elicit = (params: { message: string }) => Promise<ElicitAnswer> | ElicitAnswer;

type CallParams = { name: string; arguments?: unknown; _meta?: Record<string, unknown> };

export type HostServer = {
  readonly line: ClientLine;
  readonly transport: HostTransport;
  listTools(): Promise<{ name: string; inputSchema: unknown }[]>;
  call(params: CallParams, signal?: AbortSignal): Promise<Observed>;
  world(): WorldCounts;
  audit(): TraceEvent[];
  /** Closes the client, then the server (stdio: it exits when its stdin closes). */
  close(): Promise<void>;
  /** SIGKILL to the server (a crash), then the client is dropped. */
  kill(): Promise<void>;
};

/** Starts a server with `extraArgs` (say `--store sqlite:PATH`) and connects a host to it. */
export type HostSpawner = (extraArgs: readonly string[], options?: { elicit?: Elicit }) => Promise<HostServer>;

/** The host's side of one connection, the same for both SDK lines. */
type Connection = {
  listTools(): Promise<{ tools: { name: string; inputSchema: unknown }[] }>;
  callTool(params: CallParams, signal?: AbortSignal): Promise<unknown>;
  close(): Promise<void>;
};

const INFO = { name: "agent-harness-host-test", version: "0.0.0" };

/** The v2 stdio transport probes the era on a sibling process; a subclass probes in place (as stdio-server.ts). */
class InPlaceStdioV2 extends StdioV2 {}

export function hostSpawner(line: ClientLine, transport: HostTransport): HostSpawner {
  return async (extraArgs, options = {}) => {
    const dir = mkdtempSync(join(tmpdir(), "agent-harness-host-"));
    const [auditLog, worldFile] = [join(dir, "audit.jsonl"), join(dir, "world.json")];
    const args = [...SERVER_PROCESS.slice(1), "--audit-log", auditLog, "--world-file", worldFile, ...extraArgs];
    const env = { ...getDefaultEnvironment(), AGENT_HARNESS_APPROVAL_SECRET: TEST_SECRET };
    let http: HttpProcess | null = null;
    let stdioPid: () => number | null = () => null;
    let target: { stdio: { command: string; args: string[]; cwd: string; env: Record<string, string> } } | { url: URL };
    if (transport === "http") {
      http = await spawnHttpServer({
        command: [SERVER_PROCESS[0], ...args, "--http", "127.0.0.1:0"],
        cwd: REPO_ROOT,
        env,
      });
      target = { url: new URL(http.url) };
    } else {
      target = { stdio: { command: SERVER_PROCESS[0], args, cwd: REPO_ROOT, env } };
    }
    let connection: Connection;
    try {
      ({ connection, pid: stdioPid } = await connect(line, target, options.elicit));
    } catch (error) {
      await http?.kill();
      throw error;
    }
    const readLines = (path: string) =>
      readFileSync(path, "utf8")
        .split("\n")
        .filter((l) => l !== "");
    const cleanUp = () => rmSync(dir, { recursive: true, force: true });
    return {
      line,
      transport,
      listTools: async () => (await connection.listTools()).tools,
      call: (params, signal) => observe(() => connection.callTool(params, signal)),
      world: () => WorldCountsSchema.parse(JSON.parse(readFileSync(worldFile, "utf8"))),
      audit: () => readLines(auditLog).map((l) => TraceEventSchema.parse(JSON.parse(l))),
      async close() {
        await connection.close();
        await http?.stop();
        cleanUp();
      },
      async kill() {
        const pid = stdioPid();
        if (pid !== null) process.kill(pid, "SIGKILL");
        await http?.kill();
        await connection.close().catch(() => undefined);
        cleanUp();
      },
    };
  };
}

async function connect(
  line: ClientLine,
  target: { stdio: { command: string; args: string[]; cwd: string; env: Record<string, string> } } | { url: URL },
  elicit: Elicit | undefined,
): Promise<{ connection: Connection; pid: () => number | null }> {
  const capabilities = elicit === undefined ? {} : { capabilities: { elicitation: { form: {} } } };
  if (line === "sdk-v1") {
    const client = new ClientV1(INFO, capabilities);
    if (elicit !== undefined) client.setRequestHandler(ElicitRequestV1, async (request) => elicit(request.params));
    const transport = "url" in target ? new HttpV1(target.url) : new StdioV1({ ...target.stdio, stderr: "ignore" });
    await client.connect(transport);
    return {
      connection: {
        listTools: () => client.listTools(),
        callTool: (params, signal) =>
          client.callTool(
            params as Parameters<ClientV1["callTool"]>[0],
            undefined,
            signal === undefined ? {} : { signal },
          ),
        close: () => client.close(),
      },
      pid: () => (transport instanceof StdioV1 ? transport.pid : null),
    };
  }
  const client = new ClientV2(INFO, capabilities);
  if (elicit !== undefined)
    client.setRequestHandler("elicitation/create", async (request) => elicit(request.params as { message: string }));
  const transport =
    "url" in target ? new HttpV2(target.url) : new InPlaceStdioV2({ ...target.stdio, stderr: "ignore" });
  await client.connect(transport);
  return {
    connection: {
      listTools: () => client.listTools(),
      callTool: (params, signal) =>
        client.callTool(params as Parameters<ClientV2["callTool"]>[0], signal === undefined ? {} : { signal }),
      close: () => client.close(),
    },
    pid: () => (transport instanceof StdioV2 ? transport.pid : null),
  };
}

/** One `tools/call` through either SDK line, as the data the parity check compares. */
async function observe(call: () => Promise<unknown>): Promise<Observed> {
  let result: {
    content?: { type: string; text?: string }[];
    structuredContent?: unknown;
    isError?: boolean;
    _meta?: Record<string, unknown>;
  };
  try {
    result = (await call()) as typeof result;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code !== "number") throw error;
    return { kind: "protocol_error", code, message: (error as Error).message };
  }
  const text = (result.content ?? []).find((block) => block.type === "text");
  const owner = result._meta?.["agent-harness/owner"];
  return {
    kind: "result",
    isError: result.isError === true,
    body: (result.structuredContent ?? {}) as Record<string, unknown>,
    text: typeof text?.text === "string" ? text.text : null,
    ...(typeof owner === "string" ? { owner } : {}),
  };
}
