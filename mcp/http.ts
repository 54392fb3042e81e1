/**
 * Streamable HTTP for hosts on other machines: `POST/GET/DELETE /mcp` with `Mcp-Session-Id`
 * sessions, each served by the same harness server (and call path) as stdio. Every request
 * passes three checks first: the Host header names this server (DNS rebinding), an Origin, if
 * sent, is this server's own, and, when a token is configured, `Authorization: Bearer <token>`.
 */
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/server";
import { constantTimeEqual } from "../contract/index.js";
import { GuardedTransport } from "./request-guard.js";
import { createHarnessServer, type HarnessDeps, type HarnessServerOptions } from "./server.js";

export const HTTP_PATH = "/mcp";
/** @default 4 MiB, the SDK transport's own bound. */
export const MAX_HTTP_BODY_BYTES = 4 * 1024 * 1024;

export type HttpOptions = {
  readonly host: string;
  readonly port: number;
  /** When set, every request must carry `Authorization: Bearer <token>`. */
  readonly token: string | null;
};

export type HttpServer = { readonly url: string; close(): Promise<void> };

const LOOPBACK = new Set(["127.0.0.1", "localhost", "::1"]);
export const isLoopback = (host: string): boolean => LOOPBACK.has(host);

/** Host header values that name this server; for a loopback bind, each loopback spelling. */
export function allowedHosts(host: string, port: number): Set<string> {
  const names = isLoopback(host) ? ["127.0.0.1", "localhost", "[::1]"] : [host.includes(":") ? `[${host}]` : host];
  return new Set(names.map((name) => `${name}:${port}`));
}

/** Why a request is refused before MCP sees it, as an HTTP status and a reason, or null. */
export function admission(
  headers: {
    readonly host?: string | undefined;
    readonly origin?: string | undefined;
    readonly authorization?: string | undefined;
  },
  hosts: ReadonlySet<string>,
  token: string | null,
): { readonly status: 401 | 403; readonly reason: string } | null {
  if (headers.host === undefined || !hosts.has(headers.host.toLowerCase()))
    return { status: 403, reason: "Host header does not name this server" };
  if (headers.origin !== undefined && !hosts.has(headers.origin.toLowerCase().replace(/^http:\/\//, "")))
    return { status: 403, reason: "Origin is not this server" };
  if (token !== null && !constantTimeEqual(headers.authorization ?? "", `Bearer ${token}`))
    return { status: 401, reason: "missing or wrong bearer token" };
  return null;
}

export async function serveHttp(
  deps: HarnessDeps,
  options: HttpOptions,
  serverOptions: Omit<HarnessServerOptions, "connectionSession" | "rawArguments"> = {},
): Promise<HttpServer> {
  const sessions = new Map<string, WebStandardStreamableHTTPServerTransport>();
  let hosts = allowedHosts(options.host, options.port);

  const open = async (): Promise<WebStandardStreamableHTTPServerTransport> => {
    const id = randomUUID();
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => id,
      onsessioninitialized: () => void sessions.set(id, transport),
      onsessionclosed: () => void sessions.delete(id),
      maxRequestBodySize: MAX_HTTP_BODY_BYTES,
    });
    transport.onclose = () => void sessions.delete(id);
    await createHarnessServer(deps, { ...serverOptions, connectionSession: id }).connect(
      new GuardedTransport(transport),
    );
    return transport;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const refused = admission(req.headers, hosts, options.token);
    if (refused !== null) return plain(res, refused.status, refused.reason, refused.status === 401);
    const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
    if (url.pathname !== HTTP_PATH) return plain(res, 404, `not found; MCP is served at ${HTTP_PATH}`);
    const body = await readBody(req);
    if (body === "too_large") return plain(res, 413, `request body over ${MAX_HTTP_BODY_BYTES} bytes`);
    const sessionId = req.headers["mcp-session-id"];
    const known = typeof sessionId === "string" ? sessions.get(sessionId) : undefined;
    if (typeof sessionId === "string" && known === undefined) return plain(res, 404, "unknown Mcp-Session-Id");
    const transport = known ?? (await open());
    const request = new Request(url, {
      method: req.method ?? "GET",
      headers: headersOf(req),
      ...(body.length === 0 ? {} : { body: new Uint8Array(body) }),
    });
    await send(res, await transport.handleRequest(request));
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error(`agent-harness mcp http: ${String(error instanceof Error ? error.stack : error)}`);
      if (!res.headersSent) plain(res, 500, "the server failed; see its log");
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  const port = address !== null && typeof address === "object" ? address.port : options.port;
  hosts = allowedHosts(options.host, port);
  const shown = options.host.includes(":") ? `[${options.host}]` : options.host;
  return {
    url: `http://${shown}:${port}${HTTP_PATH}`,
    async close() {
      await Promise.all([...sessions.values()].map((t) => t.close().catch(() => undefined)));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function readBody(req: IncomingMessage): Promise<Buffer | "too_large"> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_HTTP_BODY_BYTES) return "too_large";
    parts.push(chunk as Buffer);
  }
  return Buffer.concat(parts);
}

function headersOf(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return headers;
}

/** Writes a web Response to Node's response, streaming its body (SSE stays open until either side ends it). */
async function send(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => (headers[name] = value));
  res.writeHead(response.status, headers);
  if (response.body === null) return void res.end();
  const reader = response.body.getReader();
  res.on("close", () => void reader.cancel().catch(() => undefined));
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    res.write(value);
  }
  res.end();
}

function plain(res: ServerResponse, status: number, reason: string, challenge = false): void {
  res.writeHead(status, {
    "content-type": "text/plain; charset=utf-8",
    ...(challenge ? { "www-authenticate": 'Bearer realm="agent-harness"' } : {}),
  });
  res.end(`${reason}\n`);
}
