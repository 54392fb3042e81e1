/** Command-line arguments of compare.ts, parsed into a typed result before any engine loads; bad usage is a value, not a throw. */
import { err, ok, type Result } from "../../contract/result.js";
import { parseFlags, type FlagErrorCode } from "../../cli/flags.js";
import { ENGINE_ROWS, FRAMEWORK_IDS, isFrameworkId, type FrameworkId } from "../../engines/catalogue.js";
import { parsePlannerArg, type PlannerArg } from "./planner-arg.js";

export type { FrameworkId };

/** A built-in framework, or an engine factory loaded from a module path. */
export type FrameworkChoice =
  { readonly kind: "builtin"; readonly id: FrameworkId } | { readonly kind: "module"; readonly path: string };

export type CompareArgs =
  | { readonly kind: "help" }
  | {
      readonly kind: "run";
      readonly framework: FrameworkChoice;
      readonly output: string | null;
      /** The JSON evidence on stdout (without it and without --output, only the table and its summary). */
      readonly json: boolean;
      readonly quiet: boolean;
      /** `--store` as given (parsed by durable's parseStoreSpec), or null for AGENT_HARNESS_STORE / memory. */
      readonly store: string | null;
      readonly planner: PlannerArg;
    };

export type UsageError = {
  readonly code: FlagErrorCode | "missing_framework" | "unknown_framework" | "bad_value";
  readonly message: string;
};

export const EXIT = { ok: 0, difference: 1, usage: 2, notMeasured: 3, io: 4, store: 5 } as const;

/** The option's help, its words wrapped to lines of at most 100 characters under the option's column. */
const optionHelp = (option: string, text: string): string =>
  text
    .split(" ")
    .reduce<string[]>(
      (lines, word) => {
        const last = lines.at(-1) ?? "";
        if (`${last} ${word}`.length <= 100) lines[lines.length - 1] = `${last} ${word}`;
        else lines.push(`${" ".repeat(18)} ${word}`);
        return lines;
      },
      [`  ${option.padEnd(16)}`],
    )
    .join("\n");

const FRAMEWORK_HELP = optionHelp(
  "--framework ID",
  `${ENGINE_ROWS.flatMap((e) => (e.about === null ? [] : [`${e.id} (${e.about}),`])).join(" ")} or a module path (./…, ../… or /…) whose module exports an engine factory (export const engineFactory, or the default export)`,
);

const CONTRACT_IDS = ENGINE_ROWS.filter((e) => e.judged === "contract")
  .map((e) => e.id)
  .join(", ");
const PARITY_IDS = ENGINE_ROWS.filter((e) => e.parity)
  .map((e) => e.id)
  .join(", ");
const FOREIGN_IDS = ENGINE_ROWS.filter((e) => e.judged === "foreign")
  .map((e) => e.id)
  .join(", ");

/** A paragraph's words wrapped to lines of at most 100 characters. */
const wrap = (text: string): string =>
  text
    .split(" ")
    .reduce<string[]>((lines, word) => {
      const last = lines.at(-1);
      if (last !== undefined && `${last} ${word}`.length <= 100) lines[lines.length - 1] = `${last} ${word}`;
      else lines.push(word);
      return lines;
    }, [])
    .join("\n");

const JUDGING = wrap(
  `Runs the same columns through the handwritten engine first, then through the framework, and writes JSON evidence with both observations per column, "equal" (parity) and each engine's "verdict": behaviour (holds, fails, or error when the engine threw or the column could not run) and vocabulary (the contract's codes, statuses and trace events: conforms or differs) apart. A contract engine (${CONTRACT_IDS}) is charged with both, and those built on the contract's reducer (${PARITY_IDS}) with parity too; a foreign engine (${FOREIGN_IDS}, or a module path) with behaviour alone, its vocabulary and parity shown.`,
);

const EXIT_HELP = wrap(
  "Exit codes: 0 measured and every verdict passes what its engine is charged with (a contract engine: behaviour and vocabulary, and parity with the handwritten engine where it is charged; a foreign engine: behaviour); 1 measured otherwise (a behaviour failure, a vocabulary or parity difference of a contract engine, or an error); 2 bad usage (a flag given twice or empty, a bad --store or a bad route file included); 3 not measured (the framework cannot load, or the route cannot be replayed here); 4 I/O (the evidence could not be written, or the route file exists but cannot be read); 5 the store could not be opened (the message names the store and the cause). Nothing is written on 2.",
);

export const USAGE = `Usage: tsx scripts/compare.ts --framework <${FRAMEWORK_IDS.join("|")}|./path/engine.ts> [--planner route:PATH]
       [--output PATH] [--json] [--quiet] [--store SPEC]

${JUDGING}

${FRAMEWORK_HELP}
  --planner P      fixture (default: every column with its scripted FixtureModel) or route:PATH
                   (replay a frozen route from npm run route:record on the column it was recorded
                   on; a bad route file exits 2, a route this checkout cannot replay exits 3; the
                   route must be a regular file of at most 4 MiB, nested at most 64 deep)
  --output PATH    where to write the JSON evidence, with the graph's Mermaid picture beside it
                   (PATH with .mmd for .json), rewritten only when the results changed (a new
                   time or commit alone leaves the file as it is)
  --json           the JSON evidence on stdout too (default: the table and a summary only)
  --quiet          no table on stderr
  --store SPEC     where the contract's stores live: memory (default) | sqlite:PATH | postgres:URL
                   (or AGENT_HARNESS_STORE); each run gets a scope of its own in the database
  --help           this text

${EXIT_HELP}`;

const isPath = (value: string) => /^(\.{1,2}\/|\/)/.test(value);

export function parseCompareArgs(argv: readonly string[]): Result<CompareArgs, UsageError> {
  const flags = parseFlags(argv, {
    framework: { type: "string" },
    output: { type: "string" },
    help: { type: "boolean" },
    quiet: { type: "boolean" },
    json: { type: "boolean" },
    store: { type: "string" },
    planner: { type: "string" },
  });
  if (!flags.ok) return flags;
  const { values } = flags.value;
  if (values.help === true) return ok({ kind: "help" });
  if (values.framework === undefined) return err({ code: "missing_framework", message: "--framework is required" });
  const framework = frameworkChoice(values.framework);
  if (framework === null) {
    return err({
      code: "unknown_framework",
      message: `unknown framework ${JSON.stringify(values.framework)}; expected one of ${FRAMEWORK_IDS.join(", ")} or a module path starting with ./, ../ or /`,
    });
  }
  const planner = parsePlannerArg(values.planner);
  if (!planner.ok) return err({ code: "bad_value", message: planner.error });
  return ok({
    kind: "run",
    framework,
    output: values.output ?? null,
    json: values.json === true,
    quiet: values.quiet === true,
    store: values.store ?? null,
    planner: planner.value,
  });
}

function frameworkChoice(value: string): FrameworkChoice | null {
  if (isFrameworkId(value)) return { kind: "builtin", id: value };
  return isPath(value) ? { kind: "module", path: value } : null;
}
