/**
 * A client nobody on the project wrote: the MCP Inspector's CLI (`@modelcontextprotocol/inspector-cli`
 * 1.0.3, on the v1 SDK) starts the stdio server itself, or reaches the HTTP server started as
 * `npm run mcp -- --http 127.0.0.1:PORT`, and lists and reads what a host would.
 * It is run from `mcp/`: the CLI reads `../package.json` (relative to its working directory) to
 * decide where its own package.json lies, and the repository's package.json satisfies that.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { paced } from "../test/setup/pace.js";
import { createServer } from "node:net";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { FIXTURE_TABLES } from "../handwritten/fixtures/index.js";
import { REPO_ROOT, SERVER_COMMAND, TEST_SECRET } from "../scenarios/mcp/stdio-server.js";

const run = promisify(execFile);
const CLI = join(REPO_ROOT, "node_modules/@modelcontextprotocol/inspector-cli/build/cli.js");
const [NODE, ...SERVER_ARGS] = SERVER_COMMAND;
const ENV = { ...process.env, AGENT_HARNESS_APPROVAL_SECRET: TEST_SECRET };

/** Runs the Inspector CLI against a target and parses the JSON it prints. */
async function inspect(target: readonly string[], ...args: string[]): Promise<Record<string, unknown>> {
  const { stdout } = await run(NODE, [CLI, "--cli", ...target, ...args], {
    cwd: join(REPO_ROOT, "mcp"),
    env: ENV,
    timeout: paced(60_000),
  });
  return JSON.parse(stdout.slice(stdout.indexOf("{"))) as Record<string, unknown>;
}

const STDIO = [NODE, ...SERVER_ARGS.map((arg) => (arg.endsWith(".ts") ? join(REPO_ROOT, arg) : arg))];

describe("the MCP Inspector CLI over stdio", () => {
  it(
    "lists tools, resources, templates and prompts, reads a table and gets the prompt",
    async () => {
      const [tools, resources, templates, prompts, table, prompt] = await Promise.all([
        inspect(STDIO, "--method", "tools/list"),
        inspect(STDIO, "--method", "resources/list"),
        inspect(STDIO, "--method", "resources/templates/list"),
        inspect(STDIO, "--method", "prompts/list"),
        inspect(STDIO, "--method", "resources/read", "--uri", "table://support_notes"),
        inspect(STDIO, "--method", "prompts/get", "--prompt-name", "work_with_harness", "--prompt-args", "goal=fit"),
      ]);
      expect((tools.tools as { name: string }[]).map((t) => t.name)).toEqual([
        "read_table",
        "run_regression",
        "save_artifact",
        "publish_report",
        "run_shell",
      ]);
      expect((resources.resources as { uri: string }[]).map((r) => r.uri)).toEqual([
        "table://sales",
        "table://support_notes",
      ]);
      expect((templates.resourceTemplates as unknown[]).length).toBe(3);
      expect((prompts.prompts as { name: string }[]).map((p) => p.name)).toEqual(["work_with_harness"]);
      const [content] = table.contents as { text: string }[];
      expect(JSON.parse(content!.text)).toEqual(FIXTURE_TABLES.support_notes);
      const [message] = prompt.messages as { content: { text: string } }[];
      expect(message!.content.text).toContain("Goal: fit");
    },
    paced(120_000),
  );

  it(
    "calls a high-risk tool and gets approval_required, as an error result",
    async () => {
      const result = await inspect(
        STDIO,
        "--method",
        "tools/call",
        "--tool-name",
        "publish_report",
        "--tool-arg",
        "artifact=art_q3",
        "audience=team",
      );
      expect(result).toMatchObject({ isError: true, structuredContent: { status: "approval_required" } });
    },
    paced(60_000),
  );
});

describe("the MCP Inspector CLI over Streamable HTTP", () => {
  let server: ChildProcess | undefined;
  afterAll(() => void server?.kill());

  it(
    "reaches `npm run mcp -- --http 127.0.0.1:PORT` and lists and reads",
    async () => {
      const port = await freePort();
      server = spawn(NODE, [...SERVER_ARGS, "--http", `127.0.0.1:${port}`], { cwd: REPO_ROOT, env: ENV });
      await new Promise<void>((resolve, reject) => {
        server!.stderr!.on("data", (chunk: Buffer) => {
          if (chunk.toString().includes("serving Streamable HTTP")) resolve();
        });
        server!.once("exit", (code) => reject(new Error(`server exited ${code}`)));
      });
      const target = [`http://127.0.0.1:${port}/mcp`, "--transport", "http"];
      const [tools, table] = await Promise.all([
        inspect(target, "--method", "tools/list"),
        inspect(target, "--method", "resources/read", "--uri", "table://sales"),
      ]);
      expect((tools.tools as unknown[]).length).toBe(5);
      const [content] = table.contents as { text: string }[];
      expect(JSON.parse(content!.text)).toEqual(FIXTURE_TABLES.sales);
    },
    paced(120_000),
  );
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address !== null ? address.port : 0));
    });
  });
}
