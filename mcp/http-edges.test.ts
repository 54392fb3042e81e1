/**
 * The edges of Streamable HTTP that a host or an attacker reaches: an empty batch gets one -32600
 * error; after a 413 the keep-alive connection carries the next request (or, past what is worth
 * reading, says `Connection: close` so the client opens a new one); 2,000 `initialize` requests
 * past `--max-sessions` leave the server up with the cap's number of sessions.
 */
import http from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { createIdSource, createManualClock } from "../contract/index.js";
import { createFixtureWorld } from "../handwritten/fixtures/index.js";
import { TEST_SECRET } from "../scenarios/mcp/stdio-server.js";
import { createFixtureHarnessDeps } from "./deps.js";
import { serveHttp, type HttpOptions, type HttpServer } from "./http.js";

let served: HttpServer | null = null;
const agents: http.Agent[] = [];
afterEach(async () => {
  for (const agent of agents.splice(0)) agent.destroy();
  await served?.close();
  served = null;
});

async function start(options: Pick<HttpOptions, "maxSessions" | "maxFrameBytes"> = {}) {
  const deps = createFixtureHarnessDeps({
    world: createFixtureWorld(),
    clock: createManualClock(),
    ids: createIdSource("edges-test"),
    secret: TEST_SECRET,
  });
  served = await serveHttp(
    deps,
    { host: "127.0.0.1", port: 0, token: null, ...options },
    { logError: () => undefined },
  );
  return new URL(served.url);
}

type Answer = { status: number; text: string; headers: http.IncomingHttpHeaders; reused: boolean };

/** One POST through `agent` (keep-alive, one socket), telling whether it went on a connection used before. */
function post(url: URL, agent: http.Agent, body: string, session?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        agent,
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          "content-length": Buffer.byteLength(body),
          ...(session === undefined ? {} : { "mcp-session-id": session }),
        },
      },
      (res) => {
        let text = "";
        res.on("data", (chunk: Buffer) => (text += chunk.toString()));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, text, headers: res.headers, reused: req.reusedSocket }),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

const keepAlive = () => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  agents.push(agent);
  return agent;
};

const INITIALIZE = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "0" } },
});
const pingOf = (size: number) =>
  JSON.stringify({ jsonrpc: "2.0", id: 2, method: "ping", params: { pad: "x".repeat(size) } });

describe("HTTP edges", () => {
  it("answers an empty batch with one -32600 error", async () => {
    const url = await start();
    const answer = await post(url, keepAlive(), "[]");
    expect(answer.status).toBe(400);
    const reply = JSON.parse(answer.text) as unknown;
    expect(reply).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32600 } });
  });

  it("keeps the connection usable after a 413: the next request on it is answered", async () => {
    const url = await start({ maxFrameBytes: 100_000 });
    const agent = keepAlive();
    const refused = await post(url, agent, pingOf(300_000));
    expect(refused.status).toBe(413);
    expect(JSON.parse(refused.text)).toMatchObject({ error: { code: -32600 } });
    expect(refused.headers.connection).toBe("keep-alive");
    const next = await post(url, agent, INITIALIZE);
    expect(next).toMatchObject({ status: 200, reused: true });
    expect(next.text).toContain('"protocolVersion"');
  });

  it("closes the connection cleanly after a body far past the bound, and the client's next request works", async () => {
    const url = await start({ maxFrameBytes: 10_000 });
    const agent = keepAlive();
    const refused = await post(url, agent, pingOf(2_000_000)).catch((error: unknown) => error);
    // The client may still be sending when the server stops reading; either it reads the 413 saying close, or its write fails.
    if (!(refused instanceof Error)) expect(refused).toMatchObject({ status: 413, headers: { connection: "close" } });
    const next = await post(url, agent, INITIALIZE);
    expect(next).toMatchObject({ status: 200, reused: false });
  });

  it("stays up with --max-sessions sessions after 2,000 initialize requests", async () => {
    const url = await start({ maxSessions: 5 });
    const agent = keepAlive();
    const statuses = new Map<number, number>();
    let first: string | undefined;
    for (let i = 0; i < 2000; i++) {
      const answer = await post(url, agent, INITIALIZE);
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      first ??= answer.headers["mcp-session-id"] as string | undefined;
    }
    expect(Object.fromEntries(statuses)).toEqual({ 200: 5, 503: 1995 });
    expect(served?.liveSessions()).toBe(5);
    const ping = await post(url, agent, JSON.stringify({ jsonrpc: "2.0", id: 3, method: "ping" }), first);
    expect(ping.status).toBe(200);
  });
});
