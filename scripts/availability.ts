/**
 * tsx scripts/availability.ts --state absent|present [--output PATH]
 * Records whether the pinned LangGraph can run here. `absent` probes the adapter's first import
 * from a folder with no node_modules (what a machine without the optional install sees);
 * `present` reads the installed versions, the pins, the install scope and the install warnings.
 */
import { pathToFileURL } from "node:url";
import { outputExitCode, parseFlags, writeFilesAtomically } from "../cli/index.js";
import { loadRun } from "../durable/load-run.js";

export async function main(argv: readonly string[]): Promise<number> {
  const flags = parseFlags(argv, { state: { type: "string" }, output: { type: "string" }, help: { type: "boolean" } });
  if (!flags.ok) {
    process.stderr.write(`availability: ${flags.error.message} (${flags.error.code})\n`);
    return 2;
  }
  const { values } = flags.value;
  const usage =
    "Usage: tsx scripts/availability.ts --state absent|present [--output PATH]\n" +
    "Exit codes: 0 measured; 2 bad usage (a flag given twice or empty included); 3 not measured (the record says why); 4 the output cannot be written.\n";
  if (values.help === true) return (void process.stdout.write(usage), 0);
  if (values.state !== "absent" && values.state !== "present") {
    process.stderr.write(
      `availability: --state must be absent or present, not ${JSON.stringify(values.state ?? null)}\n${usage}`,
    );
    return 2;
  }
  const { probe } = await loadRun(() => import("./evidence/availability.js"));
  const record = await probe(values.state, new Date());
  const json = `${JSON.stringify(record, null, 2)}\n`;
  if (values.output === undefined) process.stdout.write(json);
  else {
    const written = writeFilesAtomically([{ path: values.output, text: json, volatile: ["generated_at"] }]);
    if (!written.ok) {
      process.stderr.write(`availability: cannot write ${values.output}: ${written.error.message}\n`);
      return outputExitCode(written.error);
    }
  }
  return record.status === "measured" ? 0 : 3;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  process.exitCode = await main(process.argv.slice(2));
}
