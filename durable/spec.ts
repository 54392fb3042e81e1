/**
 * The one switch for where state lives: `--store memory | sqlite:PATH | postgres:URL`, or the
 * AGENT_HARNESS_STORE environment variable. Every entry point parses it here.
 */
import { assertNever, err, ok, type Result } from "../contract/result.js";
import { StoreError } from "./errors.js";

export const STORE_ENV = "AGENT_HARNESS_STORE";

export type StoreSpec =
  | { readonly kind: "memory" }
  | { readonly kind: "sqlite"; readonly path: string }
  | { readonly kind: "postgres"; readonly url: string };

export const STORE_USAGE = "memory | sqlite:PATH | postgres:URL";

export function parseStoreSpec(text: string): Result<StoreSpec, StoreError> {
  const bad = (reason: string) => err(new StoreError("store_bad_spec", text, `${reason} (expected ${STORE_USAGE})`));
  if (text === "memory") return ok({ kind: "memory" });
  if (text.startsWith("sqlite:")) {
    const path = text.slice("sqlite:".length);
    return path === "" ? bad("sqlite: needs a file path") : ok({ kind: "sqlite", path });
  }
  if (text.startsWith("postgres:")) {
    // `postgres:postgres://…` as documented; a bare `postgres://…` URL is taken as it is.
    const url = /^postgres(ql)?:\/\//.test(text) ? text : text.slice("postgres:".length);
    if (!/^postgres(ql)?:\/\/[^/]/.test(url)) return bad("postgres: needs a postgres:// URL");
    try {
      new URL(url);
    } catch {
      return bad("the postgres URL does not parse");
    }
    return ok({ kind: "postgres", url });
  }
  return bad("unknown store");
}

/** The flag when given, else the environment variable, else the entry point's default. */
export function resolveStoreSpec(
  flag: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
  fallback: StoreSpec,
): Result<StoreSpec, StoreError> {
  const text = flag ?? env[STORE_ENV];
  return text === undefined || text === "" ? ok(fallback) : parseStoreSpec(text);
}

/** The store as errors and evidence name it: the password of a URL is never shown. */
export function describeStore(spec: StoreSpec): string {
  switch (spec.kind) {
    case "memory":
      return "memory";
    case "sqlite":
      return `sqlite:${spec.path}`;
    case "postgres": {
      const url = new URL(spec.url);
      return `postgres://${url.host}${url.pathname}`;
    }
    default:
      return assertNever(spec);
  }
}
