/**
 * Malformed frames get JSON-RPC errors and the server keeps serving. The test is the client:
 * it spawns the server process and writes raw lines to its stdin, reading its stdout lines.
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { paced } from "../test/setup/pace.js";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { frameTooLarge, inspectFrame } from "./frame-check.js";
import { REPO_ROOT, SERVER_COMMAND } from "../scenarios/mcp/stdio-server.js";

const MAX_FRAME = 65_536;

describe("a malformed frame gets a JSON-RPC error and the next request is served", () => {
  let child: ChildProcessWithoutNullStreams;
  const lines: string[] = [];
  const waiting: ((line: string) => void)[] = [];
  /**
   * Writes one line and resolves with the next stdout line; a frame left unanswered fails within 5 s,
   * or `waitMs` (the first request also waits for the server to start, seconds on a loaded machine).
   */
  const send = (line: string, waitMs = 5_000) => {
    const answer = new Promise<Record<string, unknown>>((resolve, reject) => {
      const waiter = (l: string) => {
        clearTimeout(timer);
        resolve(JSON.parse(l) as Record<string, unknown>);
      };
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(waiter), 1);
        reject(new Error(`no answer to ${line.slice(0, 80)}`));
      }, waitMs);
      waiting.push(waiter);
    });
    child.stdin.write(`${line}\n`);
    return answer;
  };
  const request = (id: number, method: string, params?: unknown, waitMs?: number) =>
    send(JSON.stringify({ jsonrpc: "2.0", id, method, ...(params === undefined ? {} : { params }) }), waitMs);

  beforeAll(async () => {
    const [command, ...args] = SERVER_COMMAND;
    child = spawn(command, [...args, "--max-frame-bytes", String(MAX_FRAME)], {
      cwd: REPO_ROOT,
      env: { ...process.env, AGENT_HARNESS_APPROVAL_SECRET: "frames-test-approval-secret" },
    });
    createInterface({ input: child.stdout }).on("line", (line) => {
      lines.push(line);
      waiting.shift()?.(line);
    });
    const init = await request(
      0,
      "initialize",
      { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "0" } },
      25_000,
    );
    expect(init).toMatchObject({ id: 0, result: { protocolVersion: "2025-11-25" } });
    child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n`);
  }, paced(30_000));
  afterAll(() => {
    child?.stdin.end();
  });

  const stillServing = async (id: number) => {
    const answer = await request(id, "tools/call", { name: "read_table", arguments: { table: "sales", limit: 1 } });
    expect(answer).toMatchObject({
      id,
      result: {
        isError: false,
        structuredContent: { status: "ok", session_id: expect.stringMatching(/^connection-[a-z]{10}-\d+$/) },
      },
    });
  };

  it("answers broken JSON with -32700", async () => {
    expect(await send('{"jsonrpc":"2.0","id":1,"method":"tools/list"')).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32700, message: expect.any(String) },
    });
    await stillServing(101);
  });

  it("answers a request without a method with -32600 and its id", async () => {
    expect(await send('{"jsonrpc":"2.0","id":2,"params":{}}')).toMatchObject({ id: 2, error: { code: -32600 } });
    expect(await send('{"id":3,"method":"tools/list"}')).toMatchObject({ id: 3, error: { code: -32600 } });
    expect(await send("[1,2]")).toMatchObject({ id: null, error: { code: -32600 } });
    await stillServing(102);
  });

  it("answers parameters of the wrong type with -32602", async () => {
    expect(await request(4, "tools/call", { name: 42 })).toMatchObject({ id: 4, error: { code: -32602 } });
    expect(await request(5, "tools/call", { name: "read_table", arguments: "table=sales" })).toMatchObject({
      id: 5,
      error: { code: -32602 },
    });
    expect(
      await request(6, "tools/call", { name: "read_table", arguments: {}, _meta: { "agent-harness/session": 7 } }),
    ).toMatchObject({ id: 6, error: { code: -32602 } });
    expect(await request(7, "tools/list", { cursor: "page-2" })).toMatchObject({
      id: 7,
      error: { code: -32602, message: "Invalid cursor" },
    });
    await stillServing(103);
  });

  it("answers an unknown method with -32601 and an unknown tool with -32602", async () => {
    expect(await request(8, "tools/delete")).toMatchObject({ id: 8, error: { code: -32601 } });
    expect(await request(9, "tools/call", { name: "format_disk", arguments: {} })).toMatchObject({
      id: 9,
      error: { code: -32602, message: "Unknown tool: format_disk" },
    });
    await stillServing(104);
  });

  it("answers an oversize frame with -32600 without reading it whole, and keeps serving", async () => {
    const huge = JSON.stringify({
      jsonrpc: "2.0",
      id: 10,
      method: "tools/call",
      params: { name: "read_table", arguments: { table: "x".repeat(MAX_FRAME * 3) } },
    });
    expect(await send(huge)).toEqual(frameTooLarge(MAX_FRAME));
    await stillServing(105);
  });

  it("keeps an oversize tool input under the frame limit a rejection result, as the local engine does", async () => {
    const answer = await request(11, "tools/call", {
      name: "save_artifact",
      arguments: { name: "big", content: "x".repeat(20_000) },
    });
    expect(answer).toMatchObject({
      id: 11,
      result: { isError: true, structuredContent: { status: "rejected", code: "input_too_large" } },
    });
    await stillServing(106);
  });

  it("writes nothing but JSON-RPC messages to stdout", () => {
    for (const line of lines) expect(JSON.parse(line)).toMatchObject({ jsonrpc: "2.0" });
  });
});

describe("inspectFrame", () => {
  it("passes a JSON-RPC request and keeps the raw value as parsed", () => {
    const verdict = inspectFrame(
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","arguments":{"__proto__":{"a":1}}}}',
    );
    expect(verdict.kind).toBe("pass");
    const raw = verdict.kind === "pass" ? (verdict.raw as { params: { arguments: object } }) : null;
    expect(Object.keys(raw?.params.arguments ?? {})).toEqual(["__proto__"]);
  });

  it("rejects non-JSON, non-objects and objects that are no JSON-RPC message", () => {
    expect(inspectFrame("nope")).toMatchObject({ kind: "reject", reply: { id: null, error: { code: -32700 } } });
    expect(inspectFrame('"text"')).toMatchObject({ kind: "reject", reply: { id: null, error: { code: -32600 } } });
    expect(inspectFrame('{"jsonrpc":"1.0","id":"a","method":"m"}')).toMatchObject({
      kind: "reject",
      reply: { id: "a", error: { code: -32600 } },
    });
  });
});
