/**
 * Streamable HTTP: the official SDK client over HTTP gets the same decisions as over stdio, with
 * `Mcp-Session-Id` sessions; Host, Origin and bearer checks refuse a request before MCP sees it.
 * The server binds 127.0.0.1 only.
 */
import { request } from "node:http";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterEach, describe, expect, it } from "vitest";
import { approvePending, createIdSource, createManualClock, type PendingApproval } from "../contract/index.js";
import { createFixtureWorld } from "../handwritten/fixtures/index.js";
import { createFixtureHarnessDeps } from "./deps.js";
import { admission, allowedHosts, serveHttp, type HttpServer } from "./http.js";
import { bodyOf } from "../scenarios/mcp/in-memory.js";
import { TEST_SECRET } from "../scenarios/mcp/stdio-server.js";

let served: HttpServer | null = null;
const clients: Client[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close().catch(() => undefined);
  await served?.close();
  served = null;
});

async function start(token: string | null = null) {
  const world = createFixtureWorld();
  const clock = createManualClock();
  const deps = createFixtureHarnessDeps({ world, clock, ids: createIdSource("http-test"), secret: TEST_SECRET });
  served = await serveHttp(deps, { host: "127.0.0.1", port: 0, token }, { logError: () => undefined });
  return { world, clock, url: new URL(served.url) };
}

async function connect(url: URL, headers: Record<string, string> = {}) {
  const client = new Client({ name: "agent-harness-http-test", version: "0.0.0" });
  const transport = new StreamableHTTPClientTransport(url, { requestInit: { headers } });
  await client.connect(transport);
  clients.push(client);
  return { client, transport };
}

describe("Streamable HTTP", () => {
  it("serves tools, resources and prompts, with a session id per connection, on the one call path", async () => {
    const { world, clock, url } = await start();
    const { client, transport } = await connect(url);
    expect(transport.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await client.listTools()).tools.map((t) => t.name)).toContain("publish_report");
    expect((await client.listResources()).resources.map((r) => r.uri)).toContain("table://sales");
    expect((await client.listPrompts()).prompts.map((p) => p.name)).toEqual(["work_with_harness"]);

    const publish = { name: "publish_report", arguments: { artifact: "art_q3", audience: "team" } };
    const first = bodyOf(await client.callTool(publish));
    expect(first).toMatchObject({ status: "approval_required", session_id: transport.sessionId });
    expect(world.totalEffects()).toBe(0);
    const token = approvePending(first.pending as PendingApproval, transport.sessionId!, TEST_SECRET, clock.now());
    const meta = { "agent-harness/approval": token };
    expect(bodyOf(await client.callTool({ ...publish, _meta: meta }))).toMatchObject({ status: "ok" });
    expect(bodyOf(await client.callTool({ ...publish, _meta: meta }))).toMatchObject({
      status: "approval_refused",
      code: "approval_already_used",
    });
    expect(world.totalEffects("publish_report")).toBe(1);

    const other = await connect(url);
    expect(other.transport.sessionId).not.toBe(transport.sessionId);
  });

  it("refuses a wrong Host, a foreign Origin and a missing bearer token before MCP sees the request", async () => {
    const { world, url } = await start("http-test-token");
    const post = (headers: Record<string, string>) =>
      fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
      });
    const auth = { authorization: "Bearer http-test-token" };
    expect((await post({ ...auth, origin: "http://evil.example" })).status).toBe(403);
    expect((await post({})).status).toBe(401);
    expect((await post({ authorization: "Bearer wrong" })).headers.get("www-authenticate")).toContain("Bearer");
    const rebound = await new Promise<number>((resolve, reject) => {
      const req = request(url, { method: "POST", headers: { ...auth, host: `attacker.example:${url.port}` } }, (res) =>
        resolve(res.statusCode ?? 0),
      );
      req.on("error", reject);
      req.end("{}");
    });
    expect(rebound).toBe(403);
    const { client } = await connect(url, auth);
    expect((await client.listTools()).tools.length).toBe(5);
    expect(world.totalCalls()).toBe(0);
  });

  it("checks the Host header against the bound name (DNS rebinding)", () => {
    const hosts = allowedHosts("127.0.0.1", 8080);
    expect(admission({ host: "127.0.0.1:8080" }, hosts, null)).toBeNull();
    expect(admission({ host: "localhost:8080", origin: "http://localhost:8080" }, hosts, null)).toBeNull();
    expect(admission({ host: "attacker.example:8080" }, hosts, null)).toMatchObject({ status: 403 });
    expect(admission({}, hosts, null)).toMatchObject({ status: 403 });
  });

  it("answers an unknown Mcp-Session-Id with 404", async () => {
    const { url } = await start();
    const response = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-session-id": "not-a-session",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
    });
    expect(response.status).toBe(404);
  });
});
