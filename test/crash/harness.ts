/** The parent side of the crash tests: starts child processes, kills them with SIGKILL at their marker, reads the disk. */
import { spawn } from "node:child_process";
import { paced, tooSlow } from "../setup/pace.js";
import { FIXTURE_SECRET } from "../../handwritten/fixtures/environment.js";
import { nodeCommand } from "../../scenarios/node-command.js";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { LedgerEntry } from "../../contract/index.js";
import { openDatabase, readWorld, storesIn, type SqlSpec } from "../../durable/index.js";
import { emptyWorldData } from "../../handwritten/fixtures/index.js";
import { LINE_PREFIX, type ChildLine, type ChildRequest, type KillPoint } from "./protocol.js";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
/** The child script as source, run through tsx (the compiled copy from build.ts starts faster). */
export const CHILD_SOURCE = join(ROOT, "test/crash/child.ts");

/** What the directory held: counted by the world itself, per tool and key, plus the ledger. */
export type DiskSnapshot = {
  readonly calls: Readonly<Record<string, Readonly<Record<string, number>>>>;
  readonly effects: Readonly<Record<string, Readonly<Record<string, number>>>>;
  readonly ledger: readonly LedgerEntry[];
};

export type ChildOutcome = {
  readonly lines: readonly ChildLine[];
  /** The marker the child stopped at, when the parent killed it there. */
  readonly killedAt: KillPoint | null;
  /** The disk at the moment of the kill (the child was blocked, so nothing moved). */
  readonly atKill: DiskSnapshot | null;
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stderr: string;
};

export function snapshot(store: SqlSpec, scope: string): DiskSnapshot {
  const db = openDatabase(store);
  if (!db.ok) throw db.error;
  try {
    const world = readWorld(db.value, scope) ?? emptyWorldData();
    return {
      calls: world.calls,
      effects: world.effects,
      ledger: storesIn(db.value, scope, FIXTURE_SECRET).ledger.entries(),
    };
  } finally {
    db.value.close();
  }
}

export const total = (counts: DiskSnapshot["effects"], tool: string) =>
  Object.values(counts[tool] ?? {}).reduce((a, b) => a + b, 0);

export type Spawned<L> = {
  readonly lines: readonly L[];
  /** The child printed a `kill_point` line and the parent killed it with SIGKILL. */
  readonly killed: boolean;
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stderr: string;
};

/**
 * Runs one child script to its end, reading its protocol lines. At the first `kill_point` line
 * `atKill` runs (the child is blocked, so the disk is still) and the child gets SIGKILL. Any
 * other exit than 0 or that kill rejects, with the child's stderr.
 */
export function spawnChild<L extends { readonly type: string }>(
  entry: string,
  request: unknown,
  options: {
    readonly label: string;
    readonly timeoutMs?: number;
    readonly onLine?: (line: L) => void;
    readonly atKill?: () => void;
  },
): Promise<Spawned<L>> {
  return new Promise((resolvePromise, reject) => {
    const [node, ...args] = entry.endsWith(".ts") ? nodeCommand(ROOT, entry) : [process.execPath, entry];
    const child = spawn(node, [...args, JSON.stringify(request)], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const lines: L[] = [];
    let killed = false;
    let stdout = "";
    let stderr = "";
    const timeoutMs = options.timeoutMs ?? paced(30_000);
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(
        new Error(`child ${options.label} did not finish within ${timeoutMs} ms: ${tooSlow(timeoutMs)}\n${stderr}`),
      );
    }, timeoutMs);
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
      for (let newline = stdout.indexOf("\n"); newline >= 0; newline = stdout.indexOf("\n")) {
        const text = stdout.slice(0, newline);
        stdout = stdout.slice(newline + 1);
        if (!text.startsWith(LINE_PREFIX)) continue;
        const line = JSON.parse(text.slice(LINE_PREFIX.length)) as L;
        lines.push(line);
        options.onLine?.(line);
        if (line.type === "kill_point" && !killed) {
          killed = true;
          options.atKill?.();
          child.kill("SIGKILL");
        }
      }
    });
    child.on("error", reject);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      if (code !== 0 && !(killed && signal === "SIGKILL")) {
        reject(new Error(`child ${options.label} exited with ${code ?? signal}\n${stderr}`));
        return;
      }
      resolvePromise({ lines, killed, code, signal, stderr });
    });
  });
}

/** Runs an engine child (child.ts); at its kill point the disk is read, then it is killed. */
export async function runChild(
  entry: string,
  request: ChildRequest,
  options: { readonly timeoutMs?: number; readonly onLine?: (line: ChildLine) => void } = {},
): Promise<ChildOutcome> {
  let atKill: DiskSnapshot | null = null;
  const label =
    `${request.mode} ${request.engine} ${request.scenario} ${"kill" in request ? (request.kill ?? "") : ""}`.trim();
  const spawned = await spawnChild<ChildLine>(entry, request, {
    ...options,
    label,
    atKill: () => (atKill = snapshot(request.store, request.scope)),
  });
  const marker = spawned.lines.find((l): l is Extract<ChildLine, { type: "kill_point" }> => l.type === "kill_point");
  return {
    lines: spawned.lines,
    killedAt: spawned.killed ? (marker?.point ?? null) : null,
    atKill,
    code: spawned.code,
    signal: spawned.signal,
    stderr: spawned.stderr,
  };
}
