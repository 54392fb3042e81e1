/**
 * tsx scripts/compare.ts --framework local_state_graph|langgraph [--output PATH]
 * Runs the scenario columns through the handwritten engine and a framework, prints the table and
 * writes the JSON evidence. See --help for the exit codes.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { pathToFileURL } from "node:url";
import { ALL_COLUMNS } from "../scenarios/index.js";
import { parseCompareArgs, USAGE } from "./comparison/args.js";
import { loadFramework, type LoadOptions } from "./comparison/load-framework.js";
import { compare, exitCodeFor } from "./comparison/report.js";
import { renderTable } from "./comparison/table.js";

export type MainIo = {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly load?: LoadOptions;
  readonly now?: () => Date;
};

const defaultIo: MainIo = { stdout: (t) => process.stdout.write(t), stderr: (t) => process.stderr.write(t) };

export async function main(argv: readonly string[], io: MainIo = defaultIo): Promise<number> {
  const parsed = parseCompareArgs(argv);
  if (!parsed.ok) {
    io.stderr(`compare: ${parsed.error.message} (${parsed.error.code})\n\n${USAGE}\n`);
    return 2;
  }
  if (parsed.value.kind === "help") {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  const { framework, output, quiet } = parsed.value;
  const loaded = await loadFramework(framework, io.load);
  const report = await compare({
    framework,
    factory: loaded.ok ? loaded.value : { unavailable: loaded.error.reason },
    scenarios: ALL_COLUMNS,
    commit: currentCommit(),
    now: (io.now ?? (() => new Date()))(),
    progress: quiet ? undefined : (message) => io.stderr(`… ${message}\n`),
  });
  const json = `${JSON.stringify(report, null, 2)}\n`;
  if (output === null) io.stdout(json);
  else {
    mkdirSync(dirname(output), { recursive: true });
    writeFileSync(output, json);
  }
  if (!quiet) io.stderr(`\n${renderTable(report)}\n${output === null ? "" : `evidence written to ${output}\n`}`);
  return exitCodeFor(report);
}

function currentCommit(): string | null {
  try {
    return execFileSync("git", ["rev-parse", "HEAD"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return null;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  process.exitCode = await main(process.argv.slice(2));
}
