/**
 * HTTP sessions are isolated and bounded: a harness session belongs to the MCP session that named
 * it first, so another client can neither call in it, decline its waiting call, nor read its trace
 * or artifacts (`session_forbidden`); the server holds at most `maxSessions` live sessions and
 * closes one idle for `sessionIdleMs` on its injected clock.
 */
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterEach, describe, expect, it } from "vitest";
import {
  approvePending,
  createIdSource,
  createManualClock,
  isSensitiveIdentifier,
  type PendingApproval,
} from "../contract/index.js";
import { createFixtureWorld } from "../handwritten/fixtures/index.js";
import { createFixtureHarnessDeps } from "./deps.js";
import { serveHttp, type HttpOptions, type HttpServer } from "./http.js";
import { createSessionTable } from "./http-sessions.js";
import { mintLetterId, mintSessionId } from "./session-id.js";
import { bodyOf } from "../scenarios/mcp/in-memory.js";
import { TEST_SECRET } from "../scenarios/mcp/stdio-server.js";

let served: HttpServer | null = null;
const clients: Client[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close().catch(() => undefined);
  await served?.close();
  served = null;
});

async function start(limits: Pick<HttpOptions, "maxSessions" | "sessionIdleMs"> = {}) {
  const world = createFixtureWorld();
  const clock = createManualClock();
  const deps = createFixtureHarnessDeps({ world, clock, ids: createIdSource("sessions-test"), secret: TEST_SECRET });
  served = await serveHttp(deps, { host: "127.0.0.1", port: 0, token: null, ...limits }, { logError: () => undefined });
  return { world, clock, url: new URL(served.url) };
}

async function connect(url: URL) {
  const client = new Client({ name: "agent-harness-sessions-test", version: "0.0.0" });
  const transport = new StreamableHTTPClientTransport(url);
  await client.connect(transport);
  clients.push(client);
  return { client, session: transport.sessionId! };
}

const readError = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return { code: (error as { code?: number }).code, message: (error as Error).message };
  }
  throw new Error("expected a JSON-RPC error");
};

/** One raw POST: the status, the body's text and the session id the server issued, if any. */
async function post(url: URL, message: object, session?: string) {
  const response = await fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...(session === undefined ? {} : { "mcp-session-id": session }),
    },
    body: JSON.stringify({ jsonrpc: "2.0", ...message }),
  });
  return { status: response.status, text: await response.text(), session: response.headers.get("mcp-session-id") };
}

const INITIALIZE = {
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "0" } },
};
const PING = { id: 2, method: "ping" };

describe("HTTP sessions belong to the MCP session that made them", () => {
  it("refuses another client's call, decline and trace read in a session, and its owner's approval still works", async () => {
    const { world, clock, url } = await start();
    const a = await connect(url);
    const b = await connect(url);
    const publish = { name: "publish_report", arguments: { artifact: "art_q3", audience: "team" } };
    const waiting = bodyOf(await a.client.callTool(publish));
    expect(waiting).toMatchObject({ status: "approval_required", session_id: a.session });

    const inA = { "agent-harness/session": a.session };
    const read = { name: "read_table", arguments: { table: "sales" } };
    for (const call of [
      { ...read, _meta: inA },
      { ...publish, _meta: inA },
    ]) {
      const refused = await b.client.callTool(call);
      expect(refused.isError).toBe(true);
      expect(bodyOf(refused)).toMatchObject({ status: "forbidden", code: "session_forbidden", session_id: a.session });
    }
    expect(world.totalCalls("read_table")).toBe(0);
    const trace = await readError(b.client.readResource({ uri: `trace://${a.session}` }));
    expect(trace).toMatchObject({ code: -32602 });
    expect(trace.message).toContain("session_forbidden");

    // B's attempts neither declined nor replaced A's waiting call: A's token for it still runs it, once.
    const token = approvePending(waiting.pending as PendingApproval, a.session, TEST_SECRET, clock.now());
    expect(bodyOf(await a.client.callTool({ ...publish, _meta: { "agent-harness/approval": token } }))).toMatchObject({
      status: "ok",
    });
    expect(world.totalEffects("publish_report")).toBe(1);
    const own = await a.client.readResource({ uri: `trace://${a.session}` });
    // Nothing of B's reached A's trace: the request for approval is followed directly by its acceptance.
    const types = (JSON.parse((own.contents[0] as { text: string }).text) as { type: string }[]).map((e) => e.type);
    const asked = types.indexOf("approval_requested");
    expect(types.slice(asked, asked + 2)).toEqual(["approval_requested", "approval_accepted"]);
  });

  it("gives a session named in _meta to the first client that names it, and its artifacts with it", async () => {
    const { url } = await start();
    const a = await connect(url);
    const b = await connect(url);
    // A's own connection session is A's before A has called anything.
    const early = { name: "read_table", arguments: { table: "sales" }, _meta: { "agent-harness/session": a.session } };
    expect(bodyOf(await b.client.callTool(early))).toMatchObject({ code: "session_forbidden" });
    const named = { "agent-harness/session": "team-notes" };
    const save = { name: "save_artifact", arguments: { name: "fit.json", content: "slope=3" }, _meta: named };
    const saved = bodyOf(await a.client.callTool(save));
    expect(saved).toMatchObject({ status: "ok", session_id: "team-notes" });
    expect(bodyOf(await b.client.callTool(save))).toMatchObject({ code: "session_forbidden" });

    const uri = `artifact://${(saved.output as { artifact_id: string }).artifact_id}`;
    expect((await a.client.listResources()).resources.map((r) => r.uri)).toContain(uri);
    expect((await b.client.listResources()).resources.map((r) => r.uri)).not.toContain(uri);
    expect((await readError(b.client.readResource({ uri }))).message).toContain("session_forbidden");
    expect((await readError(b.client.readResource({ uri: "trace://team-notes" }))).message).toContain(
      "session_forbidden",
    );
    expect((await a.client.readResource({ uri })).contents[0]).toMatchObject({ text: "slope=3" });
  });
});

describe("HTTP sessions are bounded", () => {
  it("refuses an initialize past --max-sessions with 503 naming the cap, and accepts again after one ends", async () => {
    const { url } = await start({ maxSessions: 2 });
    const first = await post(url, INITIALIZE);
    const second = await post(url, INITIALIZE);
    expect([first.status, second.status]).toEqual([200, 200]);
    for (let i = 0; i < 5; i++) {
      const refused = await post(url, INITIALIZE);
      expect(refused.status).toBe(503);
      expect(JSON.parse(refused.text)).toMatchObject({ id: 1, error: { code: -32000 } });
      expect(refused.text).toContain("at most 2 live MCP sessions (--max-sessions)");
    }
    expect((await post(url, PING, first.session!)).status).toBe(200);

    const ended = await fetch(url, { method: "DELETE", headers: { "mcp-session-id": first.session! } });
    expect(ended.status).toBe(200);
    expect((await post(url, PING, first.session!)).status).toBe(404);
    // A request that opens no session (no id, not an initialize) is refused and keeps no room.
    for (let i = 0; i < 3; i++) expect((await post(url, PING)).status).toBe(400);
    const third = await post(url, INITIALIZE);
    expect(third.status).toBe(200);
    expect((await post(url, PING, third.session!)).status).toBe(200);
    expect((await post(url, INITIALIZE)).status).toBe(503);
  });

  it("closes a session idle for --session-idle-ms on the injected clock; its id is then unknown and its room free", async () => {
    const { clock, url } = await start({ maxSessions: 1, sessionIdleMs: 60_000 });
    const { session } = await post(url, INITIALIZE);
    clock.advance(59_999);
    expect((await post(url, PING, session!)).status).toBe(200);
    // Each request restarts the idle time.
    clock.advance(59_999);
    expect((await post(url, PING, session!)).status).toBe(200);
    expect((await post(url, INITIALIZE)).status).toBe(503);

    clock.advance(60_000);
    expect((await post(url, PING, session!)).status).toBe(404);
    const next = await post(url, INITIALIZE);
    expect(next.status).toBe(200);
    expect(next.session).not.toBe(session);
  });

  it("keeps a session with a request in flight past its idle time, and closes it once idle after that", () => {
    let now = 0;
    let closed = 0;
    const table = createSessionTable({ maxSessions: 1, sessionIdleMs: 1000 }, () => now);
    table.add("a", { close: async () => void closed++ });
    expect(table.enter("a")).toBeDefined();
    now = 5000;
    // A call waiting for a person (or an open event stream) is in flight: the session is not idle.
    expect(table.reserve()).toBe(false);
    expect(closed).toBe(0);
    table.leave("a");
    now = 5999;
    expect(table.reserve()).toBe(false);
    now = 6000;
    expect(table.reserve()).toBe(true);
    expect(closed).toBe(1);
    expect(table.enter("a")).toBeUndefined();
  });
});

describe("a new MCP session id", () => {
  // mcp/host-notices.test.ts failed once on a fresh clone: the server's own random id was refused in trace://.
  it("is one the identifier check accepts, so its trace:// URI is never refused as sensitive_identifier", () => {
    // About 2% of random UUIDs read as contact data: 2,000 draws would hold some forty.
    const ids = Array.from({ length: 2000 }, () => mintSessionId());
    expect(ids.filter((id) => isSensitiveIdentifier(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("draws again past an id the check refuses", () => {
    const draws = ["9bbedcfd-7983-4667-99ac-b295ba67dbc5", "0a1b2c3d-aaaa-4bbb-8ccc-dddddddddddd"];
    expect(isSensitiveIdentifier(draws[0]!)).toBe(true);
    expect(mintSessionId(() => draws.shift()!)).toBe("0a1b2c3d-aaaa-4bbb-8ccc-dddddddddddd");
  });
});

describe("a stdio server start's name", () => {
  // mcp/host-notices.test.ts failed once in CI: `connection-5396514434f9-1`, a hex name, was refused in trace://.
  it("gives connection sessions the identifier check accepts, so their trace:// URIs are never refused", () => {
    // A six-byte hex name failed one time in two hundred: 2,000 starts would hold some ten.
    const names = Array.from({ length: 2000 }, () => mintLetterId());
    const sessions = names.flatMap((name) => [1, 2, 99].map((n) => `connection-${name}-${n}`));
    expect(sessions.filter((id) => isSensitiveIdentifier(id))).toEqual([]);
    expect(new Set(names).size).toBe(names.length);
  });

  it("names a test run's sessions the check accepts (scenarios/mcp/restart.ts, approval-race.ts)", () => {
    // `restart-<8 hex>` was refused one time in four hundred: the flake of mcp/hosts.test.ts's restart case.
    const runs = Array.from({ length: 2000 }, () => mintLetterId(8));
    const sessions = runs.flatMap((run) => [`restart-${run}`, `race-${run}-0`, `publish-${run}`]);
    expect(sessions.filter((id) => isSensitiveIdentifier(id))).toEqual([]);
  });

  it("holds no digit, whatever bytes are drawn", () => {
    const digits = () => new TextEncoder().encode("5396514434");
    expect(mintLetterId(10, digits)).toMatch(/^[a-z]{10}$/);
  });
});
