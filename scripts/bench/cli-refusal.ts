/**
 * How long an entry point takes to refuse bad input, as a user waits for it: every case of the
 * bad-input table (scenarios/cli-refusals.ts), or with --quick each entry point's first, started
 * with tsx as `npm run` starts it, one at a time, beside tsx starting an empty script (the floor
 * no entry point can go under) and node starting one without tsx (what of that floor is node's).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { refusalCases, runEntryPoint, runNode, type RefusalCase } from "../../scenarios/cli-refusals.js";
import type { CliRefusalSection } from "./sections-services.js";
import { round, summarize } from "./stats.js";

type CliRefusalCase = CliRefusalSection["cases"][number];

export const CLI_REFUSAL_DEFINITION =
  "wall time from spawn to exit of `tsx <entry point> <bad input>` (as npm run starts it), median of the samples per case, one process at a time";

export type CliRefusalOptions = {
  readonly samples: number;
  /**
   * "all": every case of the table; "first_per_script": each entry point's first case, so a quick
   * run still starts every entry point without spawning the whole table.
   */
  readonly cases: "all" | "first_per_script";
};

/** The cases a run measures, in the table's order. */
export function casesToMeasure(table: readonly RefusalCase[], which: CliRefusalOptions["cases"]): RefusalCase[] {
  if (which === "all") return [...table];
  const scripts = new Set<string>();
  return table.filter((c) => !scripts.has(c.script) && scripts.add(c.script));
}

export async function measureCliRefusal(options: CliRefusalOptions): Promise<CliRefusalSection> {
  const scratch = mkdtempSync(join(tmpdir(), "bench-cli-refusal-"));
  try {
    const floorScript = join(scratch, "exit.ts");
    writeFileSync(floorScript, "process.exitCode = 2;\n");
    const nodeScript = join(scratch, "exit.mjs");
    writeFileSync(nodeScript, "process.exitCode = 2;\n");
    const floor: number[] = [];
    const nodeFloor: number[] = [];
    for (let i = 0; i < options.samples; i++) {
      nodeFloor.push((await runNode([nodeScript], 60_000)).wallMs);
      floor.push((await runEntryPoint(floorScript, [], 60_000)).wallMs);
    }
    const cases: CliRefusalCase[] = [];
    for (const c of casesToMeasure(refusalCases(scratch), options.cases)) {
      const samples: number[] = [];
      let refused = true;
      for (let i = 0; i < options.samples; i++) {
        const run = await runEntryPoint(c.script, c.argv, 60_000);
        samples.push(run.wallMs);
        refused &&= run.status === 2 && new RegExp(`\\b${c.code}\\b`).test(run.stderr.split("\n")[0] ?? "");
      }
      cases.push({ script: c.script, code: c.code, refused, wall_ms: summarize(samples) });
    }
    const worst = cases.reduce((a, b) => (b.wall_ms.median > a.wall_ms.median ? b : a));
    return {
      definition: CLI_REFUSAL_DEFINITION,
      node_floor_ms: summarize(nodeFloor),
      tsx_floor_ms: summarize(floor),
      cases,
      worst_ms: round(worst.wall_ms.median),
      worst_case: `${worst.script} (${worst.code})`,
      all_refused: cases.every((c) => c.refused),
    };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
