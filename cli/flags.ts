/**
 * The command-line flags of every entry point, parsed in one place: node's parseArgs (strict), plus
 * what it lets through silently: a single-value flag given twice (parseArgs keeps the last, so
 * `--framework a --framework b` ran b), a string flag given an empty value (`--output ''` meant
 * "the default" to some scripts), and numbers outside their range. Usage errors are values.
 */
import { parseArgs } from "node:util";
import { err, ok, type Result } from "../contract/result.js";

export type FlagSpec = Readonly<Record<string, { readonly type: "string" | "boolean"; readonly short?: string }>>;

export type FlagValues<S extends FlagSpec> = {
  -readonly [K in keyof S]?: S[K]["type"] extends "string" ? string : boolean;
};

export type FlagErrorCode = "unknown_flag" | "flag_repeated" | "flag_empty" | "bad_number" | "out_of_range";
export type FlagError = { readonly code: FlagErrorCode; readonly message: string };

export type ParsedFlags<S extends FlagSpec> = { readonly values: FlagValues<S>; readonly positionals: string[] };

export function parseFlags<S extends FlagSpec>(
  argv: readonly string[],
  spec: S,
  options: { readonly positionals?: boolean } = {},
): Result<ParsedFlags<S>, FlagError> {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: spec as Record<string, { type: "string" | "boolean"; short?: string }>,
      strict: true,
      allowPositionals: options.positionals === true,
      tokens: true,
    });
  } catch (e) {
    return err({ code: "unknown_flag", message: (e as Error).message });
  }
  const seen = new Set<string>();
  for (const token of parsed.tokens ?? []) {
    if (token.kind !== "option") continue;
    if (seen.has(token.name)) return err({ code: "flag_repeated", message: `--${token.name} is given more than once` });
    seen.add(token.name);
    if (typeof token.value === "string" && token.value.trim() === "")
      return err({ code: "flag_empty", message: `--${token.name} needs a value, got an empty one` });
  }
  return ok({ values: parsed.values as FlagValues<S>, positionals: parsed.positionals });
}

/** A flag's whole number in [min, max] written as digits only (`Number("")` is 0 and `1e20` is a number). */
export function wholeNumber(
  flag: string,
  text: string | undefined,
  range: { readonly min: number; readonly max: number; readonly fallback: number },
): Result<number, FlagError> {
  if (text === undefined) return ok(range.fallback);
  if (!/^\d+$/.test(text))
    return err({ code: "bad_number", message: `--${flag} takes a whole number, got ${JSON.stringify(text)}` });
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < range.min || value > range.max)
    return err({
      code: "out_of_range",
      message: `--${flag} must be from ${range.min} to ${range.max}, got ${text}`,
    });
  return ok(value);
}

/**
 * Whether the command line asks for help: `--help` or `-h` anywhere. Every entry point asks this before it
 * parses anything else, prints its usage on stdout and exits 0, whatever else the line holds.
 */
export const helpAsked = (argv: readonly string[]): boolean => argv.includes("--help") || argv.includes("-h");
