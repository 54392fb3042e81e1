/**
 * tsx scripts/sensitive-corpus.ts [--output PATH]
 * Runs the sensitive-data detector over its corpus and writes what it found, redacted and refused,
 * kind by kind (default evidence/sensitive-corpus-v1.json). Exit 0 when every kind is at 100% and
 * no plain sample is flagged, 1 otherwise, 2 on bad usage, 4 when the output cannot be written.
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { outputExitCode, writeFilesAtomically } from "../cli/index.js";
// A sample the detector misses is validated whole, and a validated call is digested: it must be measured, not crash.
import "../durable/node-hashing.js";
import { measureCorpus, type SensitiveCorpusReport } from "./sensitive/report.js";

export const DEFAULT_OUTPUT = resolve(import.meta.dirname, "../evidence/sensitive-corpus-v1.json");
const USAGE = "Usage: tsx scripts/sensitive-corpus.ts [--output PATH]";

/** The report as written: two-space JSON and a final newline. */
export const renderReport = (report: SensitiveCorpusReport) => `${JSON.stringify(report, null, 2)}\n`;

/** Whether every kind is at 100% on all three counts and nothing plain was flagged. */
export const isComplete = (report: SensitiveCorpusReport) =>
  report.misses.length === 0 &&
  report.plain.flagged.length === 0 &&
  report.private_keys.fully_redacted === report.private_keys.keys &&
  Object.values(report.kinds).every(
    (tally) =>
      tally.samples > 0 &&
      tally.detected === tally.samples &&
      tally.redacted === tally.samples &&
      tally.refused_as_input === tally.samples,
  );

export async function main(argv: readonly string[]): Promise<number> {
  let output: string;
  try {
    const { values } = parseArgs({ args: [...argv], options: { output: { type: "string" } }, strict: true });
    output = values.output ?? DEFAULT_OUTPUT;
    if (output === "") throw new Error("--output is empty");
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const report = measureCorpus();
  const written = writeFilesAtomically([{ path: output, text: renderReport(report) }]);
  if (!written.ok) {
    process.stderr.write(`cannot write ${output}: ${written.error.message}\n`);
    return outputExitCode(written.error);
  }
  for (const [kind, tally] of Object.entries(report.kinds))
    process.stdout.write(`${kind}: ${tally.detected}/${tally.samples} found, ${tally.redacted} redacted whole\n`);
  process.stdout.write(
    `private keys redacted whole: ${report.private_keys.fully_redacted}/${report.private_keys.keys}\n`,
  );
  return isComplete(report) ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) process.exitCode = await main(process.argv.slice(2));
