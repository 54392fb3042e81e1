/**
 * A comparison run, once compare.ts has checked its command line and read its input: the route
 * parsed, the store opened, the framework loaded, the columns run on both engines, the evidence
 * written all or nothing.
 */
import { execFile } from "node:child_process";
import { basename, dirname, join } from "node:path";
import { outputExitCode, writeFilesAtomically } from "../../cli/index.js";
// The module, not the folder's index: a run in memory loads none of the SQL stores.
import { openStoreOption, type StoreOption } from "../../durable/option.js";
import { EXIT, type CompareArgs } from "./args.js";
import { frameworkLabel, loadChosenFramework, type LoadOptions } from "./load-framework.js";
import { plannerRefused, type PlannerSource } from "./planner-arg.js";
import { loadPlanner, scenariosFor, type PlannerChoice } from "./planner.js";
import { compareWithDiagram, exitCodeFor, NOT_MEASURED, type ComparisonReport } from "./report.js";
import { renderTable } from "./table.js";

export type MainIo = {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly load?: LoadOptions;
  readonly now?: () => Date;
  readonly env?: Readonly<Record<string, string | undefined>>;
};

/** The picture's file beside the evidence: `x.json` → `x.mmd`. */
export const diagramPathFor = (output: string) =>
  join(dirname(output), `${basename(output).replace(/\.json$/, "")}.mmd`);

export async function compareRun(
  args: Extract<CompareArgs, { kind: "run" }>,
  source: PlannerSource,
  io: MainIo,
): Promise<number> {
  const planner = loadPlanner(source);
  if (!planner.ok) return plannerRefused("compare", planner.error, io.stderr);
  const store = await openStoreOption(args.store, "compare", io.env ?? process.env);
  if (!store.ok) {
    io.stderr(`compare: ${store.error.message}\n`);
    return store.error.code === "store_bad_spec" ? EXIT.usage : EXIT.store;
  }
  try {
    return await run(args, planner.value, store.value, io);
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
  const { framework, output, quiet, json: jsonOut } = args;
  // Asked of git now and read once the columns have run: git answers meanwhile, on the other core.
  const commit = currentCommit();
  const postgresUrl = store.spec.kind === "postgres" ? store.spec.url : undefined;
  const loaded = await loadChosenFramework(framework, { ...io.load, ...(postgresUrl ? { postgresUrl } : {}) });
  const diagramFile = output === null ? null : diagramPathFor(output);
  const { report, diagram } = await compareWithDiagram({
    framework: loaded.ok ? loaded.value.label : frameworkLabel(framework, io.load?.cwd),
    factory: loaded.ok
      ? loaded.value.factory
      : { unavailable: loaded.error.reason, found_version: loaded.error.found_version },
    scenarios: scenariosFor(planner),
    planner,
    commit,
    now: (io.now ?? (() => new Date()))(),
    progress: quiet ? undefined : enginesInTurn(io.stderr),
    diagramFile: diagramFile === null ? null : basename(diagramFile),
    environment: store.environment,
    store: store.label,
  });
  const json = `${JSON.stringify(report, null, 2)}\n`;
  if (jsonOut) io.stdout(json);
  let written: readonly string[] = [];
  if (output !== null) {
    const files = [
      // Rewritten only when the results changed: the same run at another time or commit leaves git clean.
      { path: output, text: json, volatile: ["generated_at", "commit"] },
      ...(diagram === null || diagramFile === null ? [] : [{ path: diagramFile, text: diagram }]),
    ];
    const result = writeFilesAtomically(files);
    if (!result.ok) {
      io.stderr(
        `compare: cannot write the evidence: ${result.error.message} (${result.error.code === "write_failed" ? "io_error" : result.error.code})\n`,
      );
      return outputExitCode(result.error);
    }
    written = result.value;
  }
  if (!quiet) io.stderr(`\n${renderTable(report)}\n`);
  io.stderr(`${summaryLine(report, output, written)}\n`);
  return exitCodeFor(report);
}

/** HEAD's commit, or null where git or the repository is not there. */
function currentCommit(): Promise<string | null> {
  return new Promise((settle) => {
    const git = execFile("git", ["rev-parse", "HEAD"], { encoding: "utf8" }, (error, stdout) =>
      settle(error === null ? stdout.trim() : null),
    );
    git.stdin?.end();
  });
}

/** The progress a person reads: one line as each engine starts its columns, not one per column. */
function enginesInTurn(say: (text: string) => void): (message: string) => void {
  let current: string | null = null;
  return (message) => {
    const engine = message.slice(message.lastIndexOf(": ") + 2);
    if (engine === current) return;
    current = engine;
    say(`… running the columns on ${engine}\n`);
  };
}

/** The run in one line, and what became of the evidence file. */
function summaryLine(report: ComparisonReport, output: string | null, written: readonly string[]): string {
  const columns = `${report.scenarios.length} columns`;
  const verdict =
    report.status === NOT_MEASURED
      ? `${report.framework} not measured`
      : `${report.framework}: ${report.all_equal ? "all equal" : "a difference"}, ${report.all_hold ? "all hold" : "not all hold"}`;
  const file =
    output === null
      ? "no evidence written (--output PATH writes it, --json prints it)"
      : written.includes(output)
        ? `evidence written to ${output}`
        : `${output} unchanged (the same results; only the time or commit would differ)`;
  return `compare: ${verdict} over ${columns}; ${file}`;
}
