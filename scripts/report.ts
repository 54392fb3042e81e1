/**
 * npm run report: the evidence report, one self-contained HTML file, from the evidence files alone.
 *
 *   tsx scripts/report.ts [--evidence DIR] [--output FILE]   (defaults evidence/, evidence/report/index.html)
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { helpAsked, inputDirectory, parseFlags } from "../cli/index.js";
import { readEvidence, renderReport, REPORT_BUDGET_BYTES } from "./report/index.js";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
export const DEFAULT_REPORT = join(ROOT, "evidence", "report", "index.html");

/** Writes the report; returns its path, size and the files it could not read (errors the caller reports). */
export function writeReport(
  evidenceDir: string,
  output: string,
): { output: string; bytes: number; unread: readonly string[] } {
  const evidence = readEvidence(evidenceDir);
  const html = renderReport(evidence);
  mkdirSync(dirname(output), { recursive: true });
  writeFileSync(output, html);
  return { output, bytes: Buffer.byteLength(html), unread: evidence.unread };
}

const USAGE = "Usage: tsx scripts/report.ts [--evidence DIR] [--output FILE]   (npm run report)";

function main(argv: readonly string[]): void {
  if (helpAsked(argv)) return void console.log(USAGE);
  const flags = parseFlags(argv, { evidence: { type: "string" }, output: { type: "string" } });
  if (!flags.ok) {
    console.error(`report: ${flags.error.message} (${flags.error.code})\n${USAGE}`);
    return void (process.exitCode = 2);
  }
  const { evidence, output } = flags.value.values;
  const dir = inputDirectory(resolve(evidence ?? join(ROOT, "evidence")));
  if (!dir.ok) {
    console.error(`report: evidence ${dir.error.message} (${dir.error.code})`);
    return void (process.exitCode = dir.error.exit);
  }
  const written = writeReport(dir.value, resolve(output ?? DEFAULT_REPORT));
  const kib = (n: number) => `${Math.round(n / 1024)} KiB`;
  console.log(`report: wrote ${written.output} (${kib(written.bytes)} of a ${kib(REPORT_BUDGET_BYTES)} budget)`);
  for (const line of written.unread) console.error(`report: left out ${line}`);
  if (written.bytes > REPORT_BUDGET_BYTES) console.error(`report: over its budget`);
  if (written.bytes > REPORT_BUDGET_BYTES || written.unread.length > 0) process.exitCode = 1;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href)
  main(process.argv.slice(2));
