/**
 * TEST SUPPORT. The stdio server spawned as a host would start it, driven with raw JSON lines
 * (so a test can send what no SDK client sends: duplicate ids, requests before initialize), with
 * the fixture world's counts read from its `--world-file`.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { WorldCountsSchema, type WorldCounts } from "../../mcp/server-start.js";
import { REPO_ROOT, SERVER_COMMAND, TEST_SECRET, withStore } from "./stdio-server.js";

export type RawServer = {
  /** Writes raw text (one or more lines) to the server's stdin. */
  write(text: string): void;
  /** Resolves with the next `count` answers on stdout (within 20 s), skipping the server's notifications. */
  read(count: number): Promise<Record<string, unknown>[]>;
  world(): WorldCounts;
  audit(): Record<string, unknown>[];
  close(): void;
};

export const INITIALIZE = JSON.stringify({
  jsonrpc: "2.0",
  id: "init",
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw-test", version: "0" } },
});
export const INITIALIZED = JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" });

/** `waitMs`: how long a read waits for its answers (the first waits for the server to start); a test passes paced(). */
export function spawnRawServer(extraArgs: readonly string[] = [], waitMs = 20_000): RawServer {
  const dir = mkdtempSync(join(tmpdir(), "agent-harness-raw-"));
  const [worldFile, auditLog] = [join(dir, "world.json"), join(dir, "audit.jsonl")];
  const [command, ...args] = SERVER_COMMAND;
  const child = spawn(
    command,
    [...withStore(args, extraArgs), "--world-file", worldFile, "--audit-log", auditLog, ...extraArgs],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, AGENT_HARNESS_APPROVAL_SECRET: TEST_SECRET },
    },
  );
  const lines: string[] = [];
  let wake: () => void = () => undefined;
  createInterface({ input: child.stdout }).on("line", (line) => {
    if ((JSON.parse(line) as { method?: unknown }).method !== undefined) return;
    lines.push(line);
    wake();
  });
  return {
    write: (text) => void child.stdin.write(text),
    async read(count) {
      const deadline = Date.now() + waitMs;
      while (lines.length < count) {
        if (Date.now() > deadline)
          throw new Error(`expected ${count} lines within ${waitMs} ms, got ${JSON.stringify(lines)}`);
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 100);
        });
      }
      return lines.splice(0, count).map((line) => JSON.parse(line) as Record<string, unknown>);
    },
    world: () => WorldCountsSchema.parse(JSON.parse(readFileSync(worldFile, "utf8"))),
    audit: () =>
      readFileSync(auditLog, "utf8")
        .split("\n")
        .filter((line) => line !== "")
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    close() {
      child.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
