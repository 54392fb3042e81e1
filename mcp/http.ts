/**
 * Streamable HTTP for hosts on other machines: `POST/GET/DELETE /mcp` with `Mcp-Session-Id`
 * sessions, each served by the same harness server (and call path) as stdio. Every request
 * passes three checks first: the Host header names this server (DNS rebinding), an Origin, if
 * sent, is this server's own, and, when a token is configured, `Authorization: Bearer <token>`.
 * Then each body is one frame for the same guards as a stdio line (`guards.ts`), admitted before
 * the SDK parses it: a refused frame gets its JSON-RPC error, with status 400 (413 when too large).
 * Sessions are bounded (`http-sessions.ts`: a cap, an idle expiry), and each harness session belongs
 * to the MCP session that first named it (`session-owners.ts`): no other can act in it or read it.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/server";
import { constantTimeEqual, loggedError } from "../contract/index.js";
import { DEFAULT_MAX_FRAME_BYTES, frameTooLarge, type FrameError } from "./frame-check.js";
import { createGuards, type Guards } from "./guards.js";
import { readBody } from "./http-body.js";
import { createSessionTable, DEFAULT_MAX_SESSIONS, DEFAULT_SESSION_IDLE_MS, tooManySessions } from "./http-sessions.js";
import { mintSessionId } from "./session-id.js";
import { createHarnessServer, type HarnessDeps, type HarnessServerOptions } from "./server.js";
import { createSessionOwners } from "./session-owners.js";
import { createMemoryOwnerRecords, type OwnerRecords } from "../durable/index.js";

export const HTTP_PATH = "/mcp";

export type HttpOptions = {
  readonly host: string;
  readonly port: number;
  /** When set, every request must carry `Authorization: Bearer <token>`. */
  readonly token: string | null;
  /** The largest body, as the largest stdio line. @default DEFAULT_MAX_FRAME_BYTES */
  readonly maxFrameBytes?: number;
  /** Live MCP sessions at once; an `initialize` past it gets 503. @default DEFAULT_MAX_SESSIONS */
  readonly maxSessions?: number;
  /** A session with no request for this long (on `deps.clock`) is closed. @default DEFAULT_SESSION_IDLE_MS */
  readonly sessionIdleMs?: number;
  /** Where session owners are kept (`Stores.owners`): a restart keeps them. @default in memory */
  readonly owners?: OwnerRecords;
};

export type HttpServer = {
  readonly url: string;
  /** MCP sessions open now (at most `maxSessions`). */
  liveSessions(): number;
  close(): Promise<void>;
};

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
  serverOptions: Omit<HarnessServerOptions, "connectionSession" | "guards" | "access"> = {},
): Promise<HttpServer> {
  type Live = {
    readonly transport: WebStandardStreamableHTTPServerTransport;
    readonly guards: Guards;
    close(): Promise<void>;
  };
  const maxSessions = options.maxSessions ?? DEFAULT_MAX_SESSIONS;
  const sessionIdleMs = options.sessionIdleMs ?? DEFAULT_SESSION_IDLE_MS;
  const sessions = createSessionTable<Live>({ maxSessions, sessionIdleMs }, () => deps.clock.now());
  // With a token configured every admitted request is the token's one principal, so the MCP session is the owner.
  const owners = createSessionOwners(options.owners ?? createMemoryOwnerRecords(), deps.secret);
  const maxFrameBytes = options.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES;
  let hosts = allowedHosts(options.host, options.port);

  // Each MCP session has its own guards: request ids are the client's, unique only within its session.
  const open = async (guards: Guards): Promise<Live> => {
    const id = mintSessionId();
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => id,
      onsessioninitialized: () => sessions.add(id, live),
      onsessionclosed: () => sessions.remove(id),
      maxRequestBodySize: maxFrameBytes,
    });
    const live: Live = { transport, guards, close: () => transport.close() };
    transport.onclose = () => sessions.remove(id);
    // Its connection session is its own from the start: no other client can name it first.
    owners.claim(id, id);
    const access = { owner: id, owners };
    await createHarnessServer(deps, { ...serverOptions, connectionSession: id, guards, access }).connect(
      guards.transport(transport),
    );
    return live;
  };

  const serve = async (req: IncomingMessage, res: ServerResponse, url: URL, body: Buffer, known: Live | undefined) => {
    const guards = known?.guards ?? createGuards({ frames: "text", maxFrameBytes });
    const verdict = body.length === 0 ? null : guards.admit(body.toString("utf8"));
    if (verdict?.kind === "reject") return json(res, 400, verdict.reply);
    if (known === undefined && !sessions.reserve()) {
      const id = verdict !== null && typeof verdict.raw === "object" ? (verdict.raw as { id?: unknown }).id : null;
      return json(res, 503, tooManySessions(id, maxSessions));
    }
    try {
      const { transport } = known ?? (await open(guards));
      const request = new Request(url, {
        method: req.method ?? "GET",
        headers: headersOf(req),
        ...(body.length === 0 ? {} : { body: new Uint8Array(body) }),
      });
      let response: Response;
      try {
        response = await transport.handleRequest(request, verdict === null ? undefined : { parsedBody: verdict.raw });
      } finally {
        if (verdict !== null) guards.settle(verdict);
      }
      // A first request that opened no session (not an initialize) leaves nothing behind.
      if (known === undefined && transport.sessionId === undefined) await transport.close();
      await send(res, response);
    } finally {
      if (known === undefined) sessions.settled();
    }
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const refused = admission(req.headers, hosts, options.token);
    if (refused !== null) return plain(res, refused.status, refused.reason, refused.status === 401);
    const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
    if (url.pathname !== HTTP_PATH) return plain(res, 404, `not found; MCP is served at ${HTTP_PATH}`);
    const read = await readBody(req, maxFrameBytes);
    if (read.kind === "too_large") return json(res, 413, frameTooLarge(maxFrameBytes), read.drained);
    const body = read.bytes;
    const sessionId = req.headers["mcp-session-id"];
    const named = typeof sessionId === "string" ? sessionId : null;
    const known = named === null ? undefined : sessions.enter(named);
    if (named !== null && known === undefined) return plain(res, 404, "unknown Mcp-Session-Id");
    try {
      await serve(req, res, url, body, known);
    } finally {
      if (named !== null) sessions.leave(named);
    }
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error(`agent-harness mcp http: ${loggedError(error)}`);
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
    liveSessions: () => sessions.values().length,
    async close() {
      await Promise.all(sessions.values().map((s) => s.close().catch(() => undefined)));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
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

function json(
  res: ServerResponse,
  status: 400 | 413 | 503,
  reply: FrameError | ReturnType<typeof tooManySessions>,
  keepAlive = true,
): void {
  res.writeHead(status, { "content-type": "application/json", ...(keepAlive ? {} : { connection: "close" }) });
  res.end(JSON.stringify(reply));
}

function plain(res: ServerResponse, status: number, reason: string, challenge = false): void {
  res.writeHead(status, {
    "content-type": "text/plain; charset=utf-8",
    ...(challenge ? { "www-authenticate": 'Bearer realm="agent-harness"' } : {}),
  });
  res.end(`${reason}\n`);
}
