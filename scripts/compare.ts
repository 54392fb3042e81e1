/**
 * tsx scripts/compare.ts --framework local_state_graph|langgraph|./engine.ts [--output PATH]
 * Runs the columns through the handwritten engine and a framework, prints the table and writes the
 * JSON evidence (and the graph's Mermaid picture beside it). See --help for the exit codes.
 */
import { execFileSync } from "node:child_process";
import { basename, dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { openStoreOption, type StoreOption } from "../durable/index.js";
import { DEFAULT_INPUT_LIMITS, readInputFile, writeFilesAtomically } from "../cli/index.js";
import { EXIT, parseCompareArgs, USAGE, type CompareArgs } from "./comparison/args.js";
import { frameworkLabel, loadChosenFramework, type LoadOptions } from "./comparison/load-framework.js";
import { loadPlanner, scenariosFor, type PlannerChoice } from "./comparison/planner.js";
import { compareWithDiagram, exitCodeFor } from "./comparison/report.js";
import { renderTable } from "./comparison/table.js";

export type MainIo = {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly load?: LoadOptions;
  readonly now?: () => Date;
  readonly env?: Readonly<Record<string, string | undefined>>;
};

const defaultIo: MainIo = { stdout: (t) => process.stdout.write(t), stderr: (t) => process.stderr.write(t) };

/** The picture's file beside the evidence: `x.json` → `x.mmd`. */
export const diagramPathFor = (output: string) =>
  join(dirname(output), `${basename(output).replace(/\.json$/, "")}.mmd`);

export async function main(argv: readonly string[], io: MainIo = defaultIo): Promise<number> {
  const parsed = parseCompareArgs(argv);
  if (!parsed.ok) {
    io.stderr(`compare: ${parsed.error.message} (${parsed.error.code})\n\n${USAGE}\n`);
    return EXIT.usage;
  }
  if (parsed.value.kind === "help") {
    io.stdout(`${USAGE}\n`);
    return EXIT.ok;
  }
  const { framework } = parsed.value;
  if (framework.kind === "module") {
    // import() of a FIFO or a device would wait forever: the module must be a regular file.
    const file = resolve(io.load?.cwd ?? process.cwd(), framework.path);
    const module = readInputFile(file, { maxBytes: DEFAULT_INPUT_LIMITS.maxBytes });
    if (!module.ok && module.error.code !== "input_not_found") {
      io.stderr(`compare: engine module ${module.error.message} (${module.error.code})\n`);
      return module.error.exit;
    }
  }
  // The route is read and checked before the store opens, so a bad one leaves nothing behind.
  const planner = loadPlanner(parsed.value.planner);
  if (!planner.ok) {
    const what = { 2: "bad route file", 3: "route cannot be measured here", 4: "route file cannot be read" }[
      planner.error.exit
    ];
    io.stderr(`compare: ${what}: ${planner.error.message} (${planner.error.code})\n`);
    return planner.error.exit;
  }
  const store = openStoreOption(parsed.value.store, "compare", io.env ?? process.env);
  if (!store.ok) {
    io.stderr(`compare: ${store.error.message}\n`);
    return store.error.code === "store_bad_spec" ? EXIT.usage : EXIT.store;
  }
  try {
    return await run(parsed.value, planner.value, store.value, io);
  } finally {
    store.value.close();
  }
}

async function run(
  args: Extract<CompareArgs, { kind: "run" }>,
  planner: PlannerChoice,
  store: StoreOption,
  io: MainIo,
): Promise<number> {
  const { framework, output, quiet } = args;
  const loaded = await loadChosenFramework(framework, io.load);
  const diagramFile = output === null ? null : diagramPathFor(output);
  const { report, diagram } = await compareWithDiagram({
    framework: loaded.ok ? loaded.value.label : frameworkLabel(framework, io.load?.cwd),
    factory: loaded.ok
      ? loaded.value.factory
      : { unavailable: loaded.error.reason, found_version: loaded.error.found_version },
    scenarios: scenariosFor(planner),
    planner,
    commit: currentCommit(),
    now: (io.now ?? (() => new Date()))(),
    progress: quiet ? undefined : (message) => io.stderr(`… ${message}\n`),
    diagramFile: diagramFile === null ? null : basename(diagramFile),
    environment: store.environment,
    store: store.label,
  });
  const json = `${JSON.stringify(report, null, 2)}\n`;
  if (output === null) io.stdout(json);
  else {
    const files = [
      { path: output, text: json },
      ...(diagram === null || diagramFile === null ? [] : [{ path: diagramFile, text: diagram }]),
    ];
    const written = writeFilesAtomically(files);
    if (!written.ok) {
      io.stderr(`compare: cannot write the evidence: ${written.error} (io_error)\n`);
      return EXIT.io;
    }
  }
  if (!quiet) io.stderr(`\n${renderTable(report)}\n${output === null ? "" : `evidence written to ${output}\n`}`);
  return exitCodeFor(report);
}

function currentCommit(): string | null {
  try {
    return execFileSync("git", ["rev-parse", "HEAD"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
  } catch {
    return null;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  process.exitCode = await main(process.argv.slice(2));
}
