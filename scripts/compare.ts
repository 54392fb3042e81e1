/**
 * tsx scripts/compare.ts --framework local_state_graph|langgraph|./engine.ts [--output PATH]
 * Runs the columns through the handwritten engine and a framework, prints the table and writes the
 * JSON evidence (and the graph's Mermaid picture beside it). See --help for the exit codes.
 * The command (comparison/main.ts) checks the command line and its input files, then loads the run;
 * this file loads only it, by require under tsx (durable/load-run.ts loadCommand), so the checks'
 * modules load once and the run shares them.
 */
import { pathToFileURL } from "node:url";
import { exitWhenWritten } from "../cli/exit.js";
import { loadCommand } from "../durable/load-run.js";
import type { MainIo } from "./comparison/run.js";

export type { MainIo } from "./comparison/run.js";

export async function main(argv: readonly string[], io?: MainIo): Promise<number> {
  const command = await loadCommand(import.meta.url, "./comparison/main.js", () => import("./comparison/main.js"));
  return command.main(argv, io);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  // tsx turns Node's source maps on, and Node then decodes the map of every module it compiles (inline in each
  // .ts; a .map file read beside each package file that names one: 70 for local_state_graph, 406 for LangGraph):
  // ~100 ms of CPU on a busy machine, ~10 MiB. Only a crash's stack trace would use them;
  // NODE_OPTIONS=--enable-source-maps keeps them.
  if (!sourceMapsAsked(process.execArgv, process.env["NODE_OPTIONS"])) process.setSourceMapsEnabled(false);
  exitWhenWritten(await main(process.argv.slice(2)));
}

/** Whether the person running the command asked Node for source maps (a flag to node, or in NODE_OPTIONS). */
function sourceMapsAsked(execArgv: readonly string[], nodeOptions: string | undefined): boolean {
  return [...execArgv, ...(nodeOptions ?? "").split(/\s+/)].includes("--enable-source-maps");
}
