/**
 * Fault injection "MCP handed a bare executor": an adapter that calls a tool's `execute` itself is
 * refused by the registry's guard (nothing runs); over a registry without that guard it publishes a
 * report without approval, and the parity check flags it. The real server answers approval_required
 * with zero side effects, and its parity check is clean.
 */
import { Client } from "@modelcontextprotocol/client";
import { InMemoryTransport, type Server, type Transport } from "@modelcontextprotocol/server";
import { describe, expect, it } from "vitest";
import { createIdSource, createManualClock, type ToolRegistry } from "../contract/index.js";
import {
  createFixtureRegistry,
  createFixtureTools,
  createFixtureWorld,
  type FixtureWorld,
} from "../handwritten/fixtures/index.js";
import { createFixtureHarnessDeps } from "./deps.js";
import { createGuards } from "./guards.js";
import { createHarnessServer } from "./server.js";
import { createLocalOracle, type LocalCall } from "../scenarios/mcp/local-oracle.js";
import { createNaiveAdapter } from "../scenarios/mcp/naive-adapter.js";
import { discrepancies } from "../scenarios/mcp/parity.js";
import { deltaOf, observe, TEST_SECRET } from "../scenarios/mcp/stdio-server.js";
import { worldCounts } from "./server-start.js";

/** A server, and how a transport must be wrapped to reach it. */
type Adapter = (world: FixtureWorld) => { server: Server; wrap: (transport: Transport) => Transport };

/** The fixture tools as a plain lookup, without the guard `createRegistry` puts on every executor. */
const unguarded = (world: FixtureWorld): ToolRegistry => {
  const tools = createFixtureTools(world);
  return { names: tools.map((t) => t.name), get: (name) => tools.find((t) => t.name === name), list: () => tools };
};
const naiveOver =
  (registry: (world: FixtureWorld) => ToolRegistry): Adapter =>
  (world) => ({ server: createNaiveAdapter(registry(world)), wrap: (t) => t });
const naive = naiveOver(createFixtureRegistry);
const naiveUnguarded = naiveOver(unguarded);
const real: Adapter = (world) => {
  const deps = createFixtureHarnessDeps({
    world,
    clock: createManualClock(),
    ids: createIdSource("bare-executor-test"),
    secret: TEST_SECRET,
  });
  const guards = createGuards({ frames: "objects" });
  return { server: createHarnessServer(deps, { connectionSession: "in-memory", guards }), wrap: guards.transport };
};

/** Serves `adapter` over an in-memory pair, makes one call, and runs the parity check on it. */
async function parityOf(adapter: Adapter, call: LocalCall) {
  const world = createFixtureWorld();
  const { server, wrap } = adapter(world);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(wrap(serverSide));
  const client = new Client({ name: "bare-executor-test", version: "0.0.0" });
  await client.connect(clientSide);
  const expected = await createLocalOracle(TEST_SECRET).decide(call, Date.now());
  const before = structuredClone(worldCounts(world));
  const observed = await observe(client, {
    name: call.tool,
    arguments: call.args,
    _meta: { "agent-harness/session": call.session_id },
  });
  const problems = discrepancies(call, expected, observed, deltaOf(before, worldCounts(world), call.tool));
  await client.close();
  return { problems, observed, effects: world.totalEffects() };
}

const publish: LocalCall = {
  session_id: "s",
  tool: "publish_report",
  args: { artifact: "art_leak", audience: "public" },
};
const shell: LocalCall = { session_id: "s", tool: "run_shell", args: { command: "rm -rf /" } };
const badArgs: LocalCall = { session_id: "s", tool: "save_artifact", args: { name: "../etc/passwd", content: "x" } };

describe("an MCP adapter handed a bare executor", () => {
  it("is refused by the registry's guard: nothing runs, and the parity check flags the answer", async () => {
    for (const call of [publish, shell, badArgs]) {
      const { problems, effects } = await parityOf(naive, call);
      expect(effects).toBe(0);
      expect(problems).toEqual([
        expect.stringMatching(/^answer kind: .*mcp JSON-RPC error .*called past the contract/),
      ]);
    }
  });

  it("over a registry without the guard, publishes without approval, and the parity check flags it", async () => {
    const { problems, effects } = await parityOf(naiveUnguarded, publish);
    expect(effects).toBe(1);
    expect(problems).toEqual([
      'status: local "approval_required", mcp "ok"',
      'reason code: local "approval_required", mcp null',
      "isError: local true, mcp false",
      expect.stringMatching(/^pending call: /),
      "executor calls of publish_report: local 0, mcp 1",
      "side effects of publish_report: local 0, mcp 1",
    ]);
  });

  it("over a registry without the guard, runs an always_deny tool and invalid arguments, both flagged", async () => {
    expect((await parityOf(naiveUnguarded, shell)).problems).toEqual(
      expect.arrayContaining(["side effects of run_shell: local 0, mcp 1"]),
    );
    expect((await parityOf(naiveUnguarded, badArgs)).problems).toEqual(
      expect.arrayContaining(['status: local "rejected", mcp "ok"']),
    );
  });
});

describe("the real server, handed only the registry and the contract", () => {
  it("answers approval_required with zero side effects and a clean parity check", async () => {
    const { problems, observed, effects } = await parityOf(real, publish);
    expect(problems).toEqual([]);
    expect(effects).toBe(0);
    expect(observed).toMatchObject({
      kind: "result",
      isError: true,
      body: { status: "approval_required", pending: { tool: "publish_report" } },
    });
  });

  it("denies the always_deny tool and rejects invalid arguments before any execute", async () => {
    expect(await parityOf(real, shell)).toMatchObject({
      problems: [],
      effects: 0,
      observed: { body: { status: "denied", code: "always_deny" } },
    });
    expect(await parityOf(real, badArgs)).toMatchObject({
      problems: [],
      effects: 0,
      observed: { body: { status: "rejected", code: "invalid_arguments" } },
    });
  });
});
