/**
 * `completion/complete`: suggestions for the prompt's `session` argument and the resource
 * templates' variables (table names, artifact ids, sessions). Sessions and artifacts are only the
 * ones this connection may read, decided by the same rule as a read (`mayReadResource`), so a
 * completion never names another HTTP client's session. A reference this server does not know
 * gets no suggestions rather than an error: a suggestion list discloses nothing by being empty.
 */
import type { CompleteRequestParams, CompleteResult } from "@modelcontextprotocol/server";
import { assertNever } from "../contract/index.js";
import { HARNESS_PROMPT } from "./prompts.js";
import { listResources, mayReadResource, RESOURCE_TEMPLATES, type ResourceDeps } from "./resources.js";

/** The protocol's cap on values in one completion. */
export const MAX_COMPLETIONS = 100;

export type CompletionDeps = ResourceDeps & {
  /** The session of calls that name none (always this connection's own). */
  readonly connectionSession: string;
  /** Every session the server has traced (`AuditSink.sessions`). */
  readonly tracedSessions: () => readonly string[];
};

type Source = "sessions" | "artifacts" | "tables";

/** Which values a template variable takes, by the template's name in `RESOURCE_TEMPLATES`. */
const TEMPLATE_SOURCES: Readonly<Record<string, Source>> = Object.freeze({
  table: "tables",
  artifact: "artifacts",
  "session trace": "sessions",
});

export function complete(deps: CompletionDeps, params: CompleteRequestParams): CompleteResult {
  const source = sourceOf(params);
  const prefix = params.argument.value;
  const all = source === null ? [] : valuesOf(deps, source).filter((value) => value.startsWith(prefix));
  const values = all.slice(0, MAX_COMPLETIONS);
  return { completion: { values, total: all.length, hasMore: all.length > values.length } };
}

function sourceOf(params: CompleteRequestParams): Source | null {
  const { ref, argument } = params;
  if (ref.type === "ref/prompt")
    return ref.name === HARNESS_PROMPT.name && argument.name === "session" ? "sessions" : null;
  const template = RESOURCE_TEMPLATES.find((t) => t.uriTemplate === ref.uri);
  if (template === undefined || !template.uriTemplate.includes(`{${argument.name}}`)) return null;
  return Object.hasOwn(TEMPLATE_SOURCES, template.name) ? (TEMPLATE_SOURCES[template.name] as Source) : null;
}

function valuesOf(deps: CompletionDeps, source: Source): string[] {
  switch (source) {
    case "tables":
      return Object.keys(deps.catalog.tables).sort();
    case "artifacts":
      // The artifacts a listing shows this connection, so a completion names no more than it.
      return listResources(deps)
        .map((resource) => /^artifact:\/\/(.+)$/.exec(resource.uri)?.[1])
        .filter((id): id is string => id !== undefined)
        .sort();
    case "sessions": {
      const sessions = new Set([deps.connectionSession, ...deps.tracedSessions()]);
      return [...sessions].filter((session) => mayReadSession(deps, session)).sort();
    }
    default:
      return assertNever(source);
  }
}

function mayReadSession(deps: CompletionDeps, session_id: string): boolean {
  const uri = `trace://${session_id}`;
  return mayReadResource(deps.access, uri, { kind: "trace", session_id });
}
