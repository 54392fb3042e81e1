/**
 * tsx scripts/framework-matrix.ts [--output PATH] [--quiet]   (npm run matrix)
 * Runs every engine the registry knows over every column once and writes the verdicts to
 * evidence/framework-matrix-v1.json (scripts/matrix/). `npm run docs` shows them in docs/frameworks.md.
 * Exit codes: 0 written; 2 bad usage; 4 the output could not be written.
 */
import { execFileSync } from "node:child_process";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { outputExitCode, parseFlags, writeFilesAtomically } from "../cli/index.js";
import { ALL_COLUMNS, loadEngines } from "../scenarios/index.js";
import { buildMatrix } from "./matrix/build.js";
import { MATRIX_PATH } from "./matrix/schema.js";
import { renderMatrix } from "./matrix/table.js";

const USAGE = "Usage: tsx scripts/framework-matrix.ts [--output PATH] [--quiet]   (npm run matrix)";

export async function main(argv: readonly string[]): Promise<number> {
  const flags = parseFlags(argv, { output: { type: "string" }, quiet: { type: "boolean" } });
  if (!flags.ok) {
    process.stderr.write(`framework-matrix: ${flags.error.message} (${flags.error.code})\n${USAGE}\n`);
    return 2;
  }
  const { output = MATRIX_PATH, quiet } = flags.value.values as { output?: string; quiet?: boolean };
  const progress = quiet === true ? undefined : (line: string) => void process.stderr.write(`… ${line}\n`);
  const matrix = await buildMatrix({
    slots: await loadEngines(),
    columns: ALL_COLUMNS,
    now: new Date(),
    commit: currentCommit(),
    ...(progress === undefined ? {} : { progress }),
  });
  const written = writeFilesAtomically([
    { path: resolve(process.cwd(), output), text: `${JSON.stringify(matrix, null, 2)}\n` },
  ]);
  if (!written.ok) {
    process.stderr.write(`framework-matrix: ${written.error.message}\n`);
    return outputExitCode(written.error);
  }
  if (quiet !== true) process.stdout.write(`${renderMatrix(matrix)}\n`);
  process.stdout.write(`framework matrix written to ${output}\n`);
  return 0;
}

function currentCommit(): string | null {
  try {
    return execFileSync("git", ["rev-parse", "HEAD"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return null;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) process.exitCode = await main(process.argv.slice(2));
