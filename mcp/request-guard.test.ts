/**
 * Issue 19, MCP cases, against the stdio server with raw lines: one request id in flight at a
 * time (a duplicate is -32600 and cannot smuggle `__proto__` past the frame guard), the depth
 * limit answered as the engines answer it (`too_deep`, with an audit event), and nothing but
 * ping before initialize.
 */
import { paced } from "../test/setup/pace.js";
import { afterEach, describe, expect, it, vi } from "vitest";
import { refusalOf } from "./request-guard.js";
import { INITIALIZE, INITIALIZED, spawnRawServer, type RawServer } from "../scenarios/mcp/raw-stdio.js";

// Each case starts the server as a host would (node + tsx): slow on a busy machine.
vi.setConfig({ testTimeout: paced(30_000) });

let server: RawServer;
afterEach(() => server?.close());

const call = (id: number | string, args: string, session = "raw") =>
  `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"method":"tools/call","params":{"name":"save_artifact","arguments":${args},"_meta":{"agent-harness/session":"${session}"}}}\n`;
const VALID = '{"name":"fit.json","content":"slope=3"}';
const PROTO = '{"__proto__":{"polluted":true},"name":"fit.json","content":"slope=3"}';

async function initialized(): Promise<RawServer> {
  const raw = spawnRawServer([], paced(20_000));
  raw.write(`${INITIALIZE}\n`);
  await raw.read(1);
  raw.write(`${INITIALIZED}\n`);
  return raw;
}

describe("one request id in flight per connection", () => {
  it("answers a duplicate id with -32600, and the first request is decided on its own arguments (__proto__ rejected)", async () => {
    server = await initialized();
    server.write(call(7, PROTO) + call(7, VALID));
    const answers = await server.read(2);
    const refused = answers.find((a) => a.error !== undefined);
    const decided = answers.find((a) => a.result !== undefined) as { result: { structuredContent: unknown } };
    expect(refused).toMatchObject({ id: 7, error: { code: -32600 } });
    expect(decided.result.structuredContent).toMatchObject({ status: "rejected", code: "forbidden_key" });
    expect(server.world().total_effects).toBe(0);
  });

  it("serves the same id again once its request has been answered", async () => {
    server = await initialized();
    server.write(call(8, VALID));
    expect((await server.read(1))[0]).toMatchObject({ id: 8, result: { structuredContent: { status: "ok" } } });
    server.write(call(8, VALID, "raw-2"));
    expect((await server.read(1))[0]).toMatchObject({ id: 8, result: { structuredContent: { status: "ok" } } });
  });
});

describe("the depth limit over MCP", () => {
  it("answers arguments nested 5,000 deep with too_deep and an audit event, as the engines do", async () => {
    server = await initialized();
    const deep = `${'{"inner":'.repeat(5_000)}"bottom"${"}".repeat(5_000)}`;
    server.write(call(9, `{"name":"fit.json","content":"x","nested":${deep}}`, "deep"));
    const [answer] = await server.read(1);
    expect(answer).toMatchObject({ id: 9, result: { structuredContent: { status: "rejected", code: "too_deep" } } });
    expect(
      server
        .audit()
        .filter((e) => e.session_id === "deep")
        .at(-1),
    ).toMatchObject({
      type: "call_rejected",
      reason: "too_deep",
    });
    expect(server.world().total_effects).toBe(0);
  });
});

describe("before initialize", () => {
  it("refuses tools/call with -32600 and runs nothing, but answers ping", async () => {
    server = spawnRawServer([], paced(20_000));
    server.write(call(1, VALID));
    expect((await server.read(1))[0]).toMatchObject({ id: 1, error: { code: -32600 } });
    server.write('{"jsonrpc":"2.0","id":2,"method":"ping"}\n');
    expect((await server.read(1))[0]).toMatchObject({ id: 2, result: {} });
    server.write('{"jsonrpc":"2.0","id":3,"method":"tools/list"}\n');
    expect((await server.read(1))[0]).toMatchObject({ id: 3, error: { code: -32600 } });
    expect(server.world().total_effects).toBe(0);
  });

  it("lets a 2026-07-28 request through: it carries its version instead of a handshake", () => {
    const modern = {
      method: "tools/list",
      params: { _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28" } },
    };
    const state = { inFlight: new Set<string | number>(), initialized: false };
    expect(refusalOf(modern, 1, state)).toBeNull();
    expect(refusalOf({ method: "tools/list" }, 1, state)).toContain("before initialize");
  });
});
