/**
 * Issue 25: a host that starts the server per conversation. With no secret configured, the
 * Inspector CLI and a raw stdio exchange each get a working tool call on the first and on the
 * second start over one SQLite store (the key kept in the file beside it, issue 24 item 5).
 */
import { execFile, spawn } from "node:child_process";
import { paced } from "../test/setup/pace.js";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT, SERVER_COMMAND } from "../scenarios/mcp/stdio-server.js";
import { SECRET_ENV } from "./cli.js";

const run = promisify(execFile);
const CLI = join(REPO_ROOT, "node_modules/@modelcontextprotocol/inspector-cli/build/cli.js");
const NODE = SERVER_COMMAND[0]!;
const SERVER = [NODE, "--import", "tsx", join(REPO_ROOT, "mcp/server-main.ts")];
const dir = mkdtempSync(join(tmpdir(), "agent-harness-second-start-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The environment of a host that configured nothing: no approval secret. */
function unconfigured(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env[SECRET_ENV];
  return env;
}

const READ = { name: "read_table", arguments: { table: "sales", limit: 2 } };

/** What a read_table call answers, as the Inspector CLI prints it. */
async function inspectorCall(store: string): Promise<Record<string, unknown>> {
  const args = [
    "--method",
    "tools/call",
    "--tool-name",
    "read_table",
    "--tool-arg",
    "table=sales",
    "--tool-arg",
    "limit=2",
  ];
  const { stdout } = await run(NODE, [CLI, "--cli", ...SERVER, "--store", store, ...args], {
    cwd: join(REPO_ROOT, "mcp"),
    env: unconfigured(),
    timeout: paced(60_000),
  });
  const result = JSON.parse(stdout.slice(stdout.indexOf("{"))) as { content: { text: string }[] };
  return JSON.parse(result.content[0]!.text) as Record<string, unknown>;
}

/** The same call as raw JSON lines: initialize, initialized, tools/call; the call's answer. */
async function rawCall(store: string): Promise<Record<string, unknown>> {
  const child = spawn(SERVER[0]!, [...SERVER.slice(1), "--store", store], { cwd: REPO_ROOT, env: unconfigured() });
  try {
    const lines = createInterface({ input: child.stdout });
    const answer = new Promise<Record<string, unknown>>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("no answer to tools/call within 30 s")), 30_000);
      lines.on("line", (line) => {
        const message = JSON.parse(line) as { id?: unknown; result?: { content: { text: string }[] } };
        if (message.id !== "call") return;
        clearTimeout(timer);
        resolve(JSON.parse(message.result!.content[0]!.text) as Record<string, unknown>);
      });
    });
    const send = (message: object) => child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`);
    const clientInfo = { name: "raw-second-start", version: "0" };
    send({ id: "init", method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo } });
    send({ method: "notifications/initialized" });
    send({ id: "call", method: "tools/call", params: READ });
    return await answer;
  } finally {
    child.kill();
  }
}

describe("a host that starts the server per conversation, with nothing configured", () => {
  for (const [client, call] of [
    ["the Inspector CLI", inspectorCall],
    ["a raw stdio exchange", rawCall],
  ] as const)
    it(
      `${client}: the tool call works on the first and on the second start over one store`,
      async () => {
        const store = `sqlite:${join(mkdtempSync(join(dir, "store-")), "mcp.sqlite")}`;
        const first = await call(store);
        const second = await call(store);
        for (const answer of [first, second]) {
          expect(answer["status"], JSON.stringify(answer)).toBe("ok");
          expect(answer["output"]).toMatchObject({ table: "sales" });
        }
        // Two starts, two sessions: a session id is never reused across processes.
        expect(second["session_id"]).not.toBe(first["session_id"]);
      },
      paced(120_000),
    );
});
