/**
 * tsx scripts/hardening-ablation.ts [--framework ID] [--output PATH] [--quiet]   (npm run ablation)
 * Switches off each piece of each hardened engine's layer in turn and runs every column (scripts/ablation/):
 * evidence/hardening-ablation-v1.json lists the columns whose behaviour verdict each piece turns.
 * `--framework` measures that one engine and prints its table; it writes only to an `--output` it is given,
 * since the committed file holds every layer.
 * Exit codes: 0 written, every piece shown to matter; 1 written, with a problem named on stderr (a piece that
 * turns no column, or a layer that fails a column whole); 2 bad usage; 4 the output could not be written.
 */
import { exitWhenWritten } from "../cli/exit.js";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseFlags, writeFilesAtomically } from "../cli/index.js";
import { ALL_COLUMNS, loadEngines } from "../scenarios/index.js";
import { runAblation } from "./ablation/run.js";
import { ABLATION_PATH, ablationProblems } from "./ablation/schema.js";

const USAGE =
  "Usage: tsx scripts/hardening-ablation.ts [--framework ID] [--output PATH] [--quiet]   (npm run ablation)";

export async function main(argv: readonly string[]): Promise<number> {
  if (argv.includes("--help")) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const flags = parseFlags(argv, {
    framework: { type: "string" },
    output: { type: "string" },
    quiet: { type: "boolean" },
  });
  if (!flags.ok) {
    process.stderr.write(`hardening-ablation: ${flags.error.message} (${flags.error.code})\n${USAGE}\n`);
    return 2;
  }
  const values = flags.value.values as { framework?: string; output?: string; quiet?: boolean };
  const output = values.output ?? (values.framework === undefined ? ABLATION_PATH : undefined);
  const progress = values.quiet === true ? undefined : (line: string) => void process.stderr.write(`… ${line}\n`);
  const slots = (await loadEngines()).filter((s) => values.framework === undefined || s.id === values.framework);
  if (values.framework !== undefined && !slots.some((s) => s.status !== "measured" || s.factory.layer !== undefined)) {
    process.stderr.write(`hardening-ablation: no engine ${values.framework} carries a layer\n${USAGE}\n`);
    return 2;
  }
  const evidence = await runAblation(slots, ALL_COLUMNS, progress);
  const text = `${JSON.stringify(evidence, null, 2)}\n`;
  const written = writeFilesAtomically(output === undefined ? [] : [{ path: resolve(process.cwd(), output), text }]);
  if (!written.ok) {
    process.stderr.write(`hardening-ablation: ${written.error}\n`);
    return 4;
  }
  for (const layer of evidence.layers) {
    if (layer.status !== "measured") {
      process.stdout.write(`${layer.engine}: not measured (${layer.reason})\n`);
      continue;
    }
    for (const p of layer.pieces) {
      const backed =
        p.backed_up_by === null
          ? ""
          : `; backed up by ${p.backed_up_by} (${p.backer_turns?.length ?? 0} alone, ${p.turns_beyond_backer?.length ?? 0} more with both off)`;
      process.stdout.write(`${layer.engine} without ${p.piece}: ${p.turns.length} columns turn${backed}\n`);
    }
  }
  const problems = ablationProblems(evidence);
  for (const problem of problems) process.stderr.write(`hardening-ablation: ${problem}\n`);
  if (output !== undefined) process.stdout.write(`hardening ablation written to ${output}\n`);
  return problems.length === 0 ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) exitWhenWritten(await main(process.argv.slice(2)));
