/**
 * tsx scripts/framework-matrix.ts [--output PATH] [--quiet]   (npm run matrix)
 * Runs every engine the registry knows over every column once and writes the verdicts to
 * evidence/framework-matrix-v1.json (scripts/matrix/). `npm run docs` shows them in docs/frameworks.md.
 * Exit codes: 0 written; 2 bad usage; 4 the output could not be written.
 */
import { exitWhenWritten } from "../cli/exit.js";
import { execFileSync } from "node:child_process";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { helpAsked, outputExitCode, parseFlags, writeFilesAtomically } from "../cli/index.js";
import { ALL_COLUMNS, loadEngines } from "../scenarios/index.js";
import { buildMatrix } from "./matrix/build.js";
import { MATRIX_PATH } from "./matrix/schema.js";
import { renderMatrix } from "./matrix/table.js";

const USAGE = `Usage: tsx scripts/framework-matrix.ts [--output PATH] [--json] [--quiet]   (npm run matrix)
  --output PATH  where the matrix goes (default ${MATRIX_PATH}); rewritten only when a verdict or an
                 engine changed, not for a new time or commit
  --json         the matrix's JSON on stdout too
  --quiet        no progress and no table`;

export async function main(argv: readonly string[]): Promise<number> {
  if (helpAsked(argv)) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const flags = parseFlags(argv, { output: { type: "string" }, quiet: { type: "boolean" }, json: { type: "boolean" } });
  if (!flags.ok) {
    process.stderr.write(`framework-matrix: ${flags.error.message} (${flags.error.code})\n${USAGE}\n`);
    return 2;
  }
  const {
    output = MATRIX_PATH,
    quiet,
    json,
  } = flags.value.values as { output?: string; quiet?: boolean; json?: boolean };
  const say = quiet === true ? () => undefined : (line: string) => void process.stderr.write(`… ${line}\n`);
  say(`loading the engines (LangGraph's bundle is built on its first load)`);
  const slots = await loadEngines();
  for (const slot of slots)
    say(`${slot.id}: ${slot.status === "measured" ? `measured, ${slot.version}` : `not measured: ${slot.reason}`}`);
  const progress = quiet === true ? undefined : columnsInTurn(slots.length, say);
  const matrix = await buildMatrix({
    slots,
    columns: ALL_COLUMNS,
    now: new Date(),
    commit: currentCommit(),
    ...(progress === undefined ? {} : { progress }),
  });
  const written = writeFilesAtomically([
    // Rewritten only when a verdict or an engine changed, not for a new time or commit.
    {
      path: resolve(process.cwd(), output),
      text: `${JSON.stringify(matrix, null, 2)}\n`,
      volatile: ["generated_at", "commit"],
    },
  ]);
  if (!written.ok) {
    process.stderr.write(`framework-matrix: ${written.error.message}\n`);
    return outputExitCode(written.error);
  }
  if (json === true) process.stdout.write(`${JSON.stringify(matrix, null, 2)}\n`);
  else if (quiet !== true) process.stdout.write(`${renderMatrix(matrix)}\n`);
  const file = resolve(process.cwd(), output);
  const changed = written.value.includes(file) ? "written to" : "unchanged (the same verdicts) in";
  process.stderr.write(`framework matrix ${changed} ${output}\n`);
  return 0;
}

/** One line as each column starts on every engine (buildMatrix reports each cell). */
function columnsInTurn(engines: number, say: (line: string) => void): (message: string) => void {
  let cells = 0;
  return (message) => {
    if (cells++ % engines === 0)
      say(
        `column ${Math.floor(cells / engines) + 1}/${ALL_COLUMNS.length}: ${message.split(": ")[0]} on ${engines} engines`,
      );
  };
}

function currentCommit(): string | null {
  try {
    return execFileSync("git", ["rev-parse", "HEAD"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return null;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) exitWhenWritten(await main(process.argv.slice(2)));
