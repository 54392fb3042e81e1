/**
 * `compare`'s command (scripts/compare.ts loads it): the command line and its input files checked,
 * then the run (run.ts), its engines and its store loaded, so bad input is refused at once. See
 * --help for the exit codes.
 */
import { resolve } from "node:path";
// The modules, not cli/index.ts: the checks load before every run (and alone for a refusal), and the index
// would bring what they do not use (args.ts and planner-arg.ts likewise).
import { DEFAULT_INPUT_LIMITS, readInputFile } from "../../cli/input-file.js";
import { loadCommand } from "../../durable/load-run.js";
import { EXIT, parseCompareArgs, USAGE } from "./args.js";
import type { MainIo } from "./run.js";
import { plannerRefused, readPlannerSource } from "./planner-arg.js";

const defaultIo: MainIo = { stdout: (t) => process.stdout.write(t), stderr: (t) => process.stderr.write(t) };

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
    if (!module.ok) {
      io.stderr(`compare: engine module ${module.error.message} (${module.error.code})\n`);
      return module.error.exit;
    }
  }
  // The route is read and checked before the store opens, so a bad one leaves nothing behind.
  const source = readPlannerSource(parsed.value.planner);
  if (!source.ok) return plannerRefused("compare", source.error, io.stderr);
  // How the run loads (and the bundle's machinery) only once the input holds: a refusal loads none of it.
  const { loadCompareRun } = await loadCommand(import.meta.url, "./bundled-run.js", () => import("./bundled-run.js"));
  const { compareRun } = await loadCompareRun(parsed.value, io.env ?? process.env);
  return compareRun(parsed.value, source.value, io);
}
