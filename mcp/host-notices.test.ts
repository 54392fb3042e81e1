/**
 * What a host hears besides answers, through an official SDK client: the audit trace as log
 * notices at the level it set, `resources/updated` for what it subscribed to, progress for a call
 * that waits (for a person, for a retry); and over HTTP none of it, nor a completion, from another
 * client's session.
 */
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import type { LoggingMessageNotification, Progress } from "@modelcontextprotocol/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createIdSource, createManualClock, type TraceEvent } from "../contract/index.js";
import { createFixtureWorld } from "../handwritten/fixtures/index.js";
import { bodyOf, connectInMemory, type InMemoryHarness } from "../scenarios/mcp/in-memory.js";
import { spawnServer, TEST_SECRET, type SpawnedServer } from "../scenarios/mcp/stdio-server.js";
import { createMemoryAuditSink } from "./audit.js";
import { createFixtureHarnessDeps } from "./deps.js";
import { serveHttp, type HttpServer } from "./http.js";

let harness: InMemoryHarness | null = null;
let served: HttpServer | null = null;
let spawned: SpawnedServer | null = null;
const clients: Client[] = [];
afterEach(async () => {
  await spawned?.close();
  spawned = null;
  await harness?.close();
  harness = null;
  for (const client of clients.splice(0)) await client.close().catch(() => undefined);
  await served?.close();
  served = null;
});

type Heard = { readonly messages: LoggingMessageNotification["params"][]; readonly updated: string[] };

function listen(client: Client): Heard {
  const heard: Heard = { messages: [], updated: [] };
  client.setNotificationHandler("notifications/message", (n) => void heard.messages.push(n.params));
  client.setNotificationHandler("notifications/resources/updated", (n) => void heard.updated.push(n.params.uri));
  return heard;
}

const READ = { name: "read_table", arguments: { table: "sales", limit: 3 } };
const SHELL = { name: "run_shell", arguments: { command: "ls" } };
/** Enough turns of the event loop for a notification sent before an answer to have been delivered. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
const eventsOf = (heard: Heard) => heard.messages.map((m) => m.data as TraceEvent);

describe("logging: the audit trace as log notices", () => {
  it("sends nothing before the host sets a level, then every event of its calls, exactly as the trace holds them", async () => {
    harness = await connectInMemory();
    const heard = listen(harness.client);
    await harness.client.callTool(READ);
    await settle();
    expect(heard.messages).toEqual([]);

    await harness.client.setLoggingLevel("debug");
    const before = harness.audit.events().length;
    await harness.client.callTool(READ);
    await harness.client.callTool({ name: "save_artifact", arguments: { name: "fit.json", content: "token=abc" } });
    const traced = harness.audit.events().slice(before);
    expect(traced.length).toBeGreaterThan(4);
    await vi.waitFor(() => expect(eventsOf(heard)).toEqual(traced));
    expect(new Set(heard.messages.map((m) => m.logger))).toEqual(new Set(["agent-harness/audit"]));
  });

  it("filters by the level set: at warning a denied call is heard and a plain read is not", async () => {
    harness = await connectInMemory();
    const heard = listen(harness.client);
    await harness.client.setLoggingLevel("warning");
    await harness.client.callTool(READ);
    expect(bodyOf(await harness.client.callTool(SHELL))).toMatchObject({ status: "denied" });
    await vi.waitFor(() => expect(eventsOf(heard).map((e) => e.type)).toContain("policy_denied"));
    await settle();
    expect(heard.messages.find((m) => m.data !== null && (m.data as TraceEvent).type === "policy_denied")?.level).toBe(
      "warning",
    );
    for (const m of heard.messages) expect(["warning", "error"]).toContain(m.level);
    expect(eventsOf(heard).every((e) => e.tool !== "read_table")).toBe(true);
  });
});

describe("over stdio, a separate server process", () => {
  it("sends each event of the host's calls as the audit log file holds it, and trace updates it subscribed to", async () => {
    spawned = await spawnServer();
    const heard = listen(spawned.client);
    await spawned.client.setLoggingLevel("info");
    const ran = bodyOf(await spawned.client.callTool(READ));
    const session = ran.session_id as string;
    await spawned.client.subscribeResource({ uri: `trace://${session}` });
    await spawned.client.callTool(SHELL);
    const logged = spawned.audit().filter((e) => !["planner_responded", "messages_trimmed"].includes(e.type));
    await vi.waitFor(() => expect(eventsOf(heard)).toEqual(logged));
    expect(heard.updated.length).toBeGreaterThan(0);
    expect(new Set(heard.updated)).toEqual(new Set([`trace://${session}`]));
  });
});

describe("over stdio in the 2026-07-28 era (no logging/setLevel: each request names its level)", () => {
  it("sends the events of a call whose _meta names a level, and none of a call that names none", async () => {
    spawned = await spawnServer("2026-07-28");
    const heard = listen(spawned.client);
    await spawned.client.callTool(READ);
    await settle();
    expect(heard.messages).toEqual([]);
    const before = spawned.audit().length;
    await spawned.client.callTool({ ...READ, _meta: { "io.modelcontextprotocol/logLevel": "info" } });
    const logged = spawned
      .audit()
      .slice(before)
      .filter((e) => !["planner_responded", "messages_trimmed"].includes(e.type));
    expect(logged.length).toBeGreaterThan(2);
    await vi.waitFor(() => expect(eventsOf(heard)).toEqual(logged));
  });
});

describe("resources/subscribe", () => {
  it("tells a subscribed client when its session's trace changes, and stops after unsubscribe", async () => {
    harness = await connectInMemory();
    const heard = listen(harness.client);
    await harness.client.subscribeResource({ uri: "trace://in-memory" });
    await harness.client.subscribeResource({ uri: "trace://elsewhere" });
    await harness.client.callTool(READ);
    await vi.waitFor(() => expect(heard.updated).toContain("trace://in-memory"));
    expect(heard.updated).not.toContain("trace://elsewhere");

    await harness.client.unsubscribeResource({ uri: "trace://in-memory" });
    heard.updated.length = 0;
    await harness.client.callTool(READ);
    await settle();
    expect(heard.updated).toEqual([]);
  });

  it("tells a client subscribed to an artifact's URI when it is written, not when a repeat writes nothing", async () => {
    const save = {
      name: "save_artifact",
      arguments: { name: "fit.json", content: "slope=2" },
      _meta: { "agent-harness/idempotency-key": "fit-1" },
    };
    // Ids are deterministic: a first server tells which id this save gets, so a second can be subscribed before it exists.
    harness = await connectInMemory();
    const id = (bodyOf(await harness.client.callTool(save)).output as { artifact_id: string }).artifact_id;
    await harness.close();
    harness = await connectInMemory();
    const heard = listen(harness.client);
    await harness.client.subscribeResource({ uri: `artifact://${id}` });
    await harness.client.callTool(save);
    await vi.waitFor(() => expect(heard.updated).toContain(`artifact://${id}`));
    heard.updated.length = 0;
    // The same save under the same key writes nothing: the stored answer is replayed, and there is no news.
    const again = bodyOf(await harness.client.callTool(save));
    expect(again).toMatchObject({ status: "replayed", output: { artifact_id: id } });
    await settle();
    expect(heard.updated).toEqual([]);
    await expect(harness.client.subscribeResource({ uri: "file:///etc/passwd" })).rejects.toMatchObject({
      code: -32602,
    });
  });
});

describe("notifications/progress", () => {
  it("tells a call that sent a progress token that it waits for a person before the person is asked", async () => {
    const progress: Progress[] = [];
    let seenWhenAsked: string[] = [];
    harness = await connectInMemory({
      elicit: () => {
        seenWhenAsked = progress.map((p) => p.message ?? "");
        return { action: "decline" };
      },
    });
    const publish = { name: "publish_report", arguments: { artifact: "art_q3", audience: "team" } };
    await harness.client.callTool(publish, { onprogress: (p) => void progress.push(p) });
    expect(seenWhenAsked).toContain("waiting for a person to approve publish_report");
    const values = progress.map((p) => p.progress);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(new Set(values).size).toBe(values.length);
  });

  it("tells a call that its tool failed and waits to retry", async () => {
    harness = await connectInMemory();
    harness.world.inject({ tool: "read_table", kind: "transient", times: 1 });
    const progress: Progress[] = [];
    const answer = await harness.client.callTool(READ, { onprogress: (p) => void progress.push(p) });
    expect(bodyOf(answer)).toMatchObject({ status: "ok" });
    expect(progress.map((p) => p.message).find((m) => m?.startsWith("waiting to retry read_table"))).toBeDefined();
  });
});

describe("over HTTP, nothing of another client's session", () => {
  async function connect(url: URL) {
    const client = new Client({ name: "agent-harness-notices-test", version: "0.0.0" });
    const transport = new StreamableHTTPClientTransport(url);
    await client.connect(transport);
    clients.push(client);
    return { client, session: transport.sessionId!, heard: listen(client) };
  }

  it("streams each client only its own sessions' events and completes only its own sessions", async () => {
    const deps = createFixtureHarnessDeps({
      world: createFixtureWorld(),
      clock: createManualClock(),
      ids: createIdSource("notices-test"),
      secret: TEST_SECRET,
      audit: createMemoryAuditSink(),
    });
    served = await serveHttp(deps, { host: "127.0.0.1", port: 0, token: null }, { logError: () => undefined });
    const url = new URL(served.url);
    const a = await connect(url);
    const b = await connect(url);
    await a.client.setLoggingLevel("debug");
    await b.client.setLoggingLevel("debug");
    await b.client.subscribeResource({ uri: `trace://${b.session}` });
    await expect(b.client.subscribeResource({ uri: `trace://${a.session}` })).rejects.toThrow(/session_forbidden/);

    await a.client.callTool(READ);
    await a.client.callTool({ ...READ, _meta: { "agent-harness/session": "team-a" } });
    await vi.waitFor(() =>
      expect(new Set(eventsOf(a.heard).map((e) => e.session_id))).toEqual(new Set([a.session, "team-a"])),
    );
    await b.client.callTool(READ);
    await vi.waitFor(() => expect(b.heard.updated).toContain(`trace://${b.session}`));
    await settle();
    expect(new Set(eventsOf(b.heard).map((e) => e.session_id))).toEqual(new Set([b.session]));
    expect(eventsOf(a.heard).some((e) => e.session_id === b.session)).toBe(false);
    expect(new Set(b.heard.updated)).toEqual(new Set([`trace://${b.session}`]));

    const sessionsFor = async (client: Client, value: string) => {
      const prompt = await client.complete({
        ref: { type: "ref/prompt", name: "work_with_harness" },
        argument: { name: "session", value },
      });
      const template = await client.complete({
        ref: { type: "ref/resource", uri: "trace://{session_id}" },
        argument: { name: "session_id", value },
      });
      expect(template.completion.values).toEqual(prompt.completion.values);
      return prompt.completion.values;
    };
    expect(await sessionsFor(b.client, "")).toEqual([b.session]);
    expect(await sessionsFor(b.client, "team")).toEqual([]);
    expect(new Set(await sessionsFor(a.client, ""))).toEqual(new Set([a.session, "team-a"]));
    expect(await sessionsFor(a.client, "tea")).toEqual(["team-a"]);
  });
});

describe("completion/complete", () => {
  it("completes table names and artifact ids by prefix, and answers an unknown reference with no values", async () => {
    harness = await connectInMemory();
    const complete = (uri: string, name: string, value: string) =>
      harness!.client.complete({ ref: { type: "ref/resource", uri }, argument: { name, value } });
    expect((await complete("table://{name}", "name", "")).completion.values).toEqual(["sales", "support_notes"]);
    expect((await complete("table://{name}", "name", "su")).completion).toMatchObject({
      values: ["support_notes"],
      total: 1,
      hasMore: false,
    });
    const saved = bodyOf(
      await harness.client.callTool({ name: "save_artifact", arguments: { name: "a.txt", content: "x" } }),
    );
    const id = (saved.output as { artifact_id: string }).artifact_id;
    expect((await complete("artifact://{id}", "id", "art_")).completion.values).toContain(id);
    expect((await complete("table://{name}", "id", "")).completion.values).toEqual([]);
    const unknown = await harness.client.complete({
      ref: { type: "ref/prompt", name: "test_prompt_with_arguments" },
      argument: { name: "arg1", value: "test" },
    });
    expect(unknown.completion.values).toEqual([]);
  });
});
