/** Command-line arguments of compare.ts, parsed into a typed result; bad usage is a value, not a throw. */
import { parseArgs } from "node:util";
import { err, ok, type Result } from "../../handwritten/contract/index.js";

export const FRAMEWORKS = ["local_state_graph", "langgraph"] as const;
export type FrameworkId = (typeof FRAMEWORKS)[number];

export type CompareArgs =
  | { readonly kind: "help" }
  | { readonly kind: "run"; readonly framework: FrameworkId; readonly output: string | null; readonly quiet: boolean };

export type UsageError = {
  readonly code: "unknown_flag" | "missing_framework" | "unknown_framework" | "bad_value";
  readonly message: string;
};

export const USAGE = `Usage: tsx scripts/compare.ts --framework <local_state_graph|langgraph> [--output PATH] [--quiet]

Runs the same scenarios through the handwritten engine first, then through the framework, and
writes JSON evidence with the handwritten and framework observations and "equal" per scenario.

  --framework ID   local_state_graph (dependency-free, in this repo) or langgraph (the pinned
                   @langchain/langgraph installed in langgraph-adapter/; when it cannot load,
                   the evidence says not-measured — the local graph never stands in for it)
  --output PATH    where to write the JSON evidence (default: print it to stdout)
  --quiet          no table on stderr
  --help           this text

Exit codes: 0 measured and all equal, 1 measured with a difference, 2 bad usage, 3 not measured.`;

export function parseCompareArgs(argv: readonly string[]): Result<CompareArgs, UsageError> {
  let values: {
    framework?: string | undefined;
    output?: string | undefined;
    help?: boolean | undefined;
    quiet?: boolean | undefined;
  };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        framework: { type: "string" },
        output: { type: "string" },
        help: { type: "boolean" },
        quiet: { type: "boolean" },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (e) {
    return err({ code: "unknown_flag", message: (e as Error).message });
  }
  if (values.help === true) return ok({ kind: "help" });
  if (values.framework === undefined) return err({ code: "missing_framework", message: "--framework is required" });
  if (!(FRAMEWORKS as readonly string[]).includes(values.framework)) {
    return err({
      code: "unknown_framework",
      message: `unknown framework ${JSON.stringify(values.framework)}; expected one of ${FRAMEWORKS.join(", ")}`,
    });
  }
  if (values.output !== undefined && values.output.trim() === "")
    return err({ code: "bad_value", message: "--output needs a path" });
  return ok({
    kind: "run",
    framework: values.framework as FrameworkId,
    output: values.output ?? null,
    quiet: values.quiet === true,
  });
}
