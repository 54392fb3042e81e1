/**
 * The start line of the store races: every child process opens its store, says `ready` and waits;
 * when the last one is ready the parent opens the barrier (a file), so the racing calls overlap
 * instead of running one process after another. Both sides live here: `raceChildren` in the test,
 * `say` and `waitAtBarrier` in the child.
 */
import { existsSync, mkdirSync, writeFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import { spawnChild } from "../crash/harness.js";
import { LINE_PREFIX } from "../crash/protocol.js";

/** What every race request carries: the folder whose `go` file starts the race. */
export type BarrierRequest = { readonly barrier: string };

export type RaceChildren<R> = {
  readonly child: string;
  readonly count: number;
  readonly label: string;
  /** The request of child `w`; `barrier` is the folder to pass on. */
  readonly request: (w: number, barrier: string) => R;
  /** Called once, when the barrier opens. */
  readonly onGo?: () => void;
};

/** Runs `count` children through one barrier in `dir` and returns each child's last line of type `type`. */
export async function raceChildren<R extends BarrierRequest, L extends { readonly type: string }, T extends L["type"]>(
  dir: string,
  race: RaceChildren<R>,
  type: T,
): Promise<Extract<L, { type: T }>[]> {
  const barrier = join(dir, "barrier");
  mkdirSync(barrier);
  let ready = 0;
  const runs = await Promise.all(
    Array.from({ length: race.count }, (_, w) =>
      spawnChild<L>(race.child, race.request(w, barrier), {
        label: `${race.label} w${w}`,
        timeoutMs: 120_000,
        onLine: (line) => {
          if (line.type !== "ready" || ++ready !== race.count) return;
          writeFileSync(join(barrier, "go"), "");
          race.onGo?.();
        },
      }),
    ),
  );
  return runs.map((run) => {
    const line = run.lines.filter((l): l is Extract<L, { type: T }> => l.type === type).at(-1);
    if (line === undefined) throw new Error(`${race.label}: a child reported no ${type} line\n${run.stderr}`);
    return line;
  });
}

/** A line to the parent (stdout, synchronously, so it is not lost when the child exits). */
export function say<L extends { readonly type: string }>(line: L): void {
  writeSync(1, `${LINE_PREFIX}${JSON.stringify(line)}\n`);
}

/** In the child: says `ready`, then blocks until the barrier opens; exits 70 after a minute without it. */
export function waitAtBarrier(request: BarrierRequest): void {
  say({ type: "ready" });
  const cell = new Int32Array(new SharedArrayBuffer(4));
  // Scaled by the run's pace (test/setup/pace.ts, handed down in the environment): a busy machine is not an orphan.
  const pace = Number((JSON.parse(process.env["AGENT_HARNESS_PACE"] || "{}") as { factor?: unknown }).factor) || 1;
  const deadline = Date.now() + 60_000 * Math.max(1, pace);
  while (!existsSync(join(request.barrier, "go"))) {
    if (Date.now() > deadline) process.exit(70);
    Atomics.wait(cell, 0, 0, 1);
  }
}
