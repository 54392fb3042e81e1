/**
 * tsx scripts/docs.ts [--check]
 * Fills the generated regions of README.md, docs/*.md and web/README.md from the committed evidence
 * (scripts/docs/). With --check it writes nothing and lists the files that differ.
 * Exit codes: 0 written or up to date; 1 --check found a difference; 2 bad usage or a bad region;
 * 4 a file could not be written. The generators load only after the command line is checked.
 */
import { join, resolve, dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { outputExitCode, parseFlags, writeFilesAtomically } from "../cli/index.js";
import { loadRun } from "../durable/load-run.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const USAGE = "Usage: tsx scripts/docs.ts [--check]   (npm run docs)";

export async function main(argv: readonly string[]): Promise<number> {
  const flags = parseFlags(argv, { check: { type: "boolean" } });
  if (!flags.ok) {
    process.stderr.write(`docs: ${flags.error.message} (${flags.error.code})\n${USAGE}\n`);
    return 2;
  }
  const check = flags.value.values.check === true;
  const { renderDocuments } = await loadRun(() => import("./docs/index.js"));
  const documents = renderDocuments(ROOT);
  if (!documents.ok) {
    process.stderr.write(`docs: ${documents.error}\n`);
    return 2;
  }
  const stale = documents.value.filter((d) => d.generated !== d.current);
  if (check) {
    for (const d of stale) process.stderr.write(`docs: ${d.path} differs from its evidence (run npm run docs)\n`);
    return stale.length === 0 ? 0 : 1;
  }
  const written = writeFilesAtomically(stale.map((d) => ({ path: join(ROOT, d.path), text: d.generated })));
  if (!written.ok) {
    process.stderr.write(`docs: ${written.error.message}\n`);
    return outputExitCode(written.error);
  }
  process.stdout.write(`docs: ${stale.length} of ${documents.value.length} files rewritten\n`);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) process.exitCode = await main(process.argv.slice(2));
