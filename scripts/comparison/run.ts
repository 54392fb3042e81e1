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
import { compareWithDiagram, exitCodeFor } from "./report.js";
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
  const { framework, output, quiet } = args;
  // Asked of git now and read once the columns have run: git answers meanwhile, on the other core.
  const commit = currentCommit();
  const loaded = await loadChosenFramework(framework, io.load);
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
      io.stderr(
        `compare: cannot write the evidence: ${written.error.message} (${written.error.code === "write_failed" ? "io_error" : written.error.code})\n`,
      );
      return outputExitCode(written.error);
    }
  }
  if (!quiet) io.stderr(`\n${renderTable(report)}\n${output === null ? "" : `evidence written to ${output}\n`}`);
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
