/**
 * Hosts as clients (issue 25, item 5): the official SDK client of both lines, v1
 * (`@modelcontextprotocol/sdk` 1.x, which most hosts still embed) and v2, over stdio and
 * Streamable HTTP, against the server as a separate process. One spec for all four: discover the
 * tools, call them (each answer held against the local engine by the parity driver), approve a
 * high-risk call in the host through elicitation, cancel a call while the person is asked, and
 * resume after the server is killed and started again on the same store (the restart steps).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { paced } from "../test/setup/pace.js";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FixtureToolName } from "../handwritten/fixtures/index.js";
import { createDriver, TOOL_ARGS, type Driver } from "../scenarios/mcp/driver.js";
import {
  CLIENT_LINES,
  HOST_TRANSPORTS,
  hostSpawner,
  type ElicitAnswer,
  type HostServer,
} from "../scenarios/mcp/host-clients.js";
import { restartBetweenApprovalAndReplay, RESTART_HOLDS } from "../scenarios/mcp/restart.js";
import { deltaOf } from "../scenarios/mcp/stdio-server.js";

const FIXTURE_TOOLS = ["read_table", "run_regression", "save_artifact", "publish_report", "run_shell"];
/** The tools that answer without a person (publish_report is high risk: this host would be asked). */
const UNASKED: FixtureToolName[] = ["read_table", "run_regression", "save_artifact", "run_shell"];
const PUBLISH = { name: "publish_report", arguments: { artifact: "art_q3", audience: "team" } };
const inSession = (session: string) => ({ ...PUBLISH, _meta: { "agent-harness/session": session } });

/** The promise's value, or a failure naming `what` after `ms` (rather than the test's own timeout). */
async function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(what)), ms)));
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

const combos = CLIENT_LINES.flatMap((line) => HOST_TRANSPORTS.map((transport) => [line, transport] as const));

describe.each(combos)("a host on the %s client over %s", (line, transport) => {
  const spawn = hostSpawner(line, transport);
  const dir = mkdtempSync(join(tmpdir(), "agent-harness-hosts-"));
  let server: HostServer;
  let driver: Driver;
  // The person behind the host: each elicitation is recorded and answered by `answer`.
  const asked: string[] = [];
  let answer: () => Promise<ElicitAnswer> = async () => ({ action: "cancel" });

  beforeAll(async () => {
    server = await spawn(["--store", "memory"], {
      elicit: (params) => (asked.push(params.message), answer()),
    });
    driver = createDriver(server);
  }, paced(60_000));
  afterAll(async () => {
    answer = async () => ({ action: "cancel" });
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("discovers the fixture tools, each with an object input schema", async () => {
    const tools = await server.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...FIXTURE_TOOLS].sort());
    for (const tool of tools) expect(tool.inputSchema, tool.name).toMatchObject({ type: "object" });
  });

  it("calls each tool the person is not asked about and gets what the local engine decides", async () => {
    for (const tool of UNASKED) {
      const session = `${line}-${transport}-call-${tool}`;
      for (const args of [TOOL_ARGS[tool].valid, TOOL_ARGS[tool].wrongType]) {
        const { problems } = await driver.drive({ session_id: session, tool, args });
        expect(problems, `${tool} ${JSON.stringify(args)}`).toEqual([]);
      }
    }
    expect([...driver.seen]).toEqual(expect.arrayContaining(["ok", "invalid_arguments"]));
  });

  it("asks the host's person about a high-risk call: accept runs it once, decline runs nothing", async () => {
    const before = server.world();
    answer = async () => ({ action: "accept", content: { approve: true } });
    const accepted = await server.call(inSession(`${line}-${transport}-accept`));
    expect(accepted).toMatchObject({ kind: "result", body: { status: "ok", tool: "publish_report" } });
    expect(asked.at(-1)).toContain("publish_report");
    expect(deltaOf(before, server.world(), "publish_report")).toEqual({ calls: 1, effects: 1 });

    const afterAccept = server.world();
    answer = async () => ({ action: "decline" });
    const declined = await server.call(inSession(`${line}-${transport}-decline`));
    expect(declined).toMatchObject({ kind: "result", body: { status: "declined", code: "approval_declined" } });
    expect(deltaOf(afterAccept, server.world(), "publish_report")).toEqual({ calls: 0, effects: 0 });
  });

  it("cancels a call while the person is asked: it never runs, and the session takes the next call", async () => {
    const session = `${line}-${transport}-cancel`;
    const before = server.world();
    let nowAsked!: () => void;
    const wasAsked = new Promise<void>((resolve) => (nowAsked = resolve));
    answer = () => (nowAsked(), new Promise<ElicitAnswer>(() => undefined)); // the person never answers
    const cancel = new AbortController();
    const cancelled = server.call(inSession(session), cancel.signal).then(
      (observed) => observed.kind,
      () => "rejected",
    );
    await wasAsked;
    cancel.abort("the host gave up");
    expect(await cancelled).not.toBe("result");
    expect(deltaOf(before, server.world(), "publish_report")).toEqual({ calls: 0, effects: 0 });
    // The cancelled call let go of the session: the next one is asked again, and on accept runs once.
    answer = async () => ({ action: "accept", content: { approve: true } });
    const next = await within(10_000, "the cancelled call still holds the session", server.call(inSession(session)));
    expect(next).toMatchObject({ kind: "result", body: { status: "ok" } });
    expect(deltaOf(before, server.world(), "publish_report")).toEqual({ calls: 1, effects: 1 });
  });

  it(
    "resumes after the server is killed and started again on the same store",
    async () => {
      const record = await restartBetweenApprovalAndReplay(`sqlite:${join(dir, "mcp.sqlite")}`, (args) => spawn(args));
      expect(record).toEqual(RESTART_HOLDS);
    },
    paced(120_000),
  );
});
