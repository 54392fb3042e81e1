/**
 * TEST SUPPORT. The harness server and an official SDK client in one process, over the SDK's
 * in-memory transport pair (the server side behind the same guards as stdio and HTTP). Optional
 * elicitation handler on the client; the fixture world for side-effect counts.
 */
import { Client } from "@modelcontextprotocol/client";
import { InMemoryTransport, type ElicitResult } from "@modelcontextprotocol/server";
import { createIdSource, createManualClock, type ManualClock, type ToolRegistry } from "../../contract/index.js";
import { createFixtureWorld, type FixtureWorld } from "../../handwritten/fixtures/index.js";
import { createMemoryAuditSink } from "../../mcp/audit.js";
import { createFixtureHarnessDeps, type FixtureDepsOptions } from "../../mcp/deps.js";
import { createGuards } from "../../mcp/guards.js";
import { createHarnessServer, type HarnessDeps } from "../../mcp/server.js";
import { TEST_SECRET } from "./stdio-server.js";

export type InMemoryHarness = {
  readonly client: Client;
  readonly world: FixtureWorld;
  readonly deps: HarnessDeps;
  readonly clock: ManualClock;
  readonly audit: ReturnType<typeof createMemoryAuditSink>;
  close(): Promise<void>;
};

export type InMemoryOptions = {
  /** Answers `elicitation/create`; without it the client does not declare elicitation. */
  readonly elicit?: (params: unknown) => Promise<ElicitResult> | ElicitResult;
  readonly registry?: (world: FixtureWorld) => ToolRegistry;
  readonly stores?: Pick<FixtureDepsOptions, "sessions" | "ledger" | "artifacts">;
  readonly world?: FixtureWorld;
};

export async function connectInMemory(options: InMemoryOptions = {}): Promise<InMemoryHarness> {
  const world = options.world ?? createFixtureWorld();
  const clock = createManualClock();
  const audit = createMemoryAuditSink();
  const deps = createFixtureHarnessDeps({
    world,
    clock,
    ids: createIdSource("in-memory-test"),
    secret: TEST_SECRET,
    audit,
    ...options.stores,
    ...(options.registry === undefined ? {} : { registry: options.registry(world) }),
  });
  const guards = createGuards({ frames: "objects" });
  const server = createHarnessServer(deps, { connectionSession: "in-memory", logError: () => undefined, guards });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(guards.transport(serverSide));
  const client = new Client(
    { name: "agent-harness-in-memory-test", version: "0.0.0" },
    options.elicit === undefined ? {} : { capabilities: { elicitation: { form: {} } } },
  );
  if (options.elicit !== undefined) {
    const elicit = options.elicit;
    client.setRequestHandler("elicitation/create", async (request) => elicit(request.params));
  }
  await client.connect(clientSide);
  return { client, world, deps, clock, audit, close: () => client.close() };
}

/** `structuredContent` of a tools/call result, for asserting on the harness's answer. */
export function bodyOf(result: unknown): Record<string, unknown> {
  return ((result as { structuredContent?: Record<string, unknown> }).structuredContent ?? {}) as Record<
    string,
    unknown
  >;
}
