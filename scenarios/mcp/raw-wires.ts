/**
 * TEST SUPPORT. The server on each of its transports — stdio (a spawned process), Streamable
 * HTTP and in memory — driven with raw frames, so one table of guard cases can be sent to all
 * three and their answers compared. Each wire is initialized (2025-11-25) before it is returned.
 */
import type { JSONRPCMessage } from "@modelcontextprotocol/server";
import { InMemoryTransport } from "@modelcontextprotocol/server";
import { createIdSource, createManualClock } from "../../contract/index.js";
import { createFixtureWorld } from "../../handwritten/fixtures/index.js";
import { createFixtureHarnessDeps } from "../../mcp/deps.js";
import { createGuards } from "../../mcp/guards.js";
import { serveHttp } from "../../mcp/http.js";
import { createHarnessServer } from "../../mcp/server.js";
import { INITIALIZE, INITIALIZED, spawnRawServer } from "./raw-stdio.js";
import { TEST_SECRET } from "./stdio-server.js";

export const WIRES = ["stdio", "http", "in_memory"] as const;
export type WireName = (typeof WIRES)[number];

export type RawWire = {
  readonly name: WireName;
  /** Sends one frame and resolves with the next JSON-RPC answer (not a notification). */
  exchange(frame: string): Promise<Record<string, unknown>>;
  /** Side effects that landed in the wire's fixture world so far. */
  effects(): number;
  close(): Promise<void>;
};

export function openWire(name: WireName, maxFrameBytes: number): Promise<RawWire> {
  switch (name) {
    case "stdio":
      return stdioWire(maxFrameBytes);
    case "http":
      return httpWire(maxFrameBytes);
    case "in_memory":
      return memoryWire(maxFrameBytes);
  }
}

async function stdioWire(maxFrameBytes: number): Promise<RawWire> {
  const raw = spawnRawServer(["--max-frame-bytes", String(maxFrameBytes)]);
  raw.write(`${INITIALIZE}\n`);
  await raw.read(1);
  raw.write(`${INITIALIZED}\n`);
  return {
    name: "stdio",
    async exchange(frame) {
      raw.write(`${frame}\n`);
      return (await raw.read(1))[0]!;
    },
    effects: () => raw.world().total_effects,
    close: async () => raw.close(),
  };
}

function fixtureDeps(label: string) {
  const world = createFixtureWorld();
  const deps = createFixtureHarnessDeps({
    world,
    clock: createManualClock(),
    ids: createIdSource(label),
    secret: TEST_SECRET,
  });
  return { world, deps };
}

async function httpWire(maxFrameBytes: number): Promise<RawWire> {
  const { world, deps } = fixtureDeps("raw-http");
  const served = await serveHttp(
    deps,
    { host: "127.0.0.1", port: 0, token: null, maxFrameBytes },
    { logError: () => undefined },
  );
  let session: Record<string, string> = {};
  const post = async (frame: string) => {
    const response = await fetch(served.url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...session },
      body: frame,
    });
    const id = response.headers.get("mcp-session-id");
    if (id !== null) session = { "mcp-session-id": id, "mcp-protocol-version": "2025-11-25" };
    const text = await response.text();
    if (!(response.headers.get("content-type") ?? "").includes("text/event-stream"))
      return text === "" ? [] : [JSON.parse(text) as Record<string, unknown>];
    return text
      .split("\n")
      .filter((line) => line.startsWith("data: ") && line.length > "data: ".length)
      .map((line) => JSON.parse(line.slice("data: ".length)) as Record<string, unknown>);
  };
  await post(INITIALIZE);
  await post(INITIALIZED);
  return {
    name: "http",
    async exchange(frame) {
      const answer = (await post(frame)).find((message) => message.method === undefined);
      if (answer === undefined) throw new Error(`no answer over HTTP to ${frame.slice(0, 80)}`);
      return answer;
    },
    effects: () => world.totalEffects(),
    close: () => served.close(),
  };
}

async function memoryWire(maxFrameBytes: number): Promise<RawWire> {
  const { world, deps } = fixtureDeps("raw-in-memory");
  const guards = createGuards({ frames: "objects", maxFrameBytes });
  const server = createHarnessServer(deps, { connectionSession: "in-memory", logError: () => undefined, guards });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(guards.transport(serverSide));
  const answers: Record<string, unknown>[] = [];
  let wake: () => void = () => undefined;
  clientSide.onmessage = (message) => {
    if ("method" in message) return;
    answers.push(JSON.parse(JSON.stringify(message)) as Record<string, unknown>);
    wake();
  };
  await clientSide.start();
  const exchange = async (frame: string) => {
    // In memory a frame travels as the object it parses to; text that is no JSON cannot be sent.
    await clientSide.send(JSON.parse(frame) as JSONRPCMessage);
    const deadline = Date.now() + 20_000;
    while (answers.length === 0) {
      if (Date.now() > deadline) throw new Error(`no answer in memory to ${frame.slice(0, 80)}`);
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, 50);
      });
    }
    return answers.shift()!;
  };
  await exchange(INITIALIZE);
  await clientSide.send(JSON.parse(INITIALIZED) as JSONRPCMessage);
  return { name: "in_memory", exchange, effects: () => world.totalEffects(), close: () => clientSide.close() };
}
