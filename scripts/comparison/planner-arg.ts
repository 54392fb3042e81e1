/**
 * `--planner` as a command reads it before it loads anything: `fixture`, or `route:PATH` with the
 * route file's text, read only when it is a regular file within the input limits. Parsing and
 * checking the route (planner.ts) comes after, with the contract loaded.
 */
import { err, ok, type Result } from "../../contract/result.js";
import { DEFAULT_INPUT_LIMITS, readInputFile, type InputFileError } from "../../cli/input-file.js";

export type PlannerArg = { readonly kind: "fixture" } | { readonly kind: "route"; readonly path: string };
/** The planner's input, read: a route's text is not yet parsed. */
export type PlannerSource = { readonly kind: "fixture" } | { readonly kind: "route"; readonly text: string };
export type PlannerError = { readonly exit: 2 | 3 | 4; readonly code: string; readonly message: string };

/** `fixture` or `route:PATH`, as --planner takes it. */
export function parsePlannerArg(value: string | undefined): Result<PlannerArg, string> {
  if (value === undefined || value === "fixture") return ok({ kind: "fixture" });
  if (value.startsWith("route:") && value.length > "route:".length) return ok({ kind: "route", path: value.slice(6) });
  return err(`--planner takes fixture or route:PATH, not ${JSON.stringify(value)}`);
}

/** A FIFO, a device or a directory is refused unread; so is a file too large or too deep to parse. */
export function readPlannerSource(
  arg: PlannerArg,
  read: (path: string) => Result<string, InputFileError> = (path) =>
    readInputFile(path, { ...DEFAULT_INPUT_LIMITS, format: "json" }),
): Result<PlannerSource, PlannerError> {
  if (arg.kind === "fixture") return ok(arg);
  const text = read(arg.path);
  return text.ok
    ? ok({ kind: "route", text: text.value })
    : err({ ...text.error, message: `route ${text.error.message}` });
}

/** Says, on stderr, why the planner cannot be used (a file refused unread, or a route that does not parse), and the exit. */
export function plannerRefused(command: string, error: PlannerError, stderr: (text: string) => void): number {
  const what = { 2: "bad route file", 3: "route cannot be measured here", 4: "route file cannot be read" }[error.exit];
  stderr(`${command}: ${what}: ${error.message} (${error.code})\n`);
  return error.exit;
}
