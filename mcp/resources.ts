/**
 * Resources: the fixture tables, artifacts (saved by `save_artifact`, or a large tool output kept
 * out of the conversation) and each session's redacted trace. A URI is matched against fixed
 * patterns and only ever names a key in memory: no part of it reaches a file system.
 */
import { ProtocolError, ProtocolErrorCode, ResourceNotFoundError } from "@modelcontextprotocol/server";
import type { ReadResourceResult, Resource, ResourceTemplateType } from "@modelcontextprotocol/server";
import {
  assertNever,
  canonicalJson,
  isSensitiveIdentifier,
  SENSITIVE_IDENTIFIER,
  type ArtifactStore,
  type JsonValue,
  type TraceEvent,
} from "../contract/index.js";
import { artifactIdOf, FIXTURE_TABLES, type FixtureWorld } from "../handwritten/fixtures/index.js";
import { forbiddenMessage, SESSION_FORBIDDEN, type SessionAccess } from "./session-access.js";

/** What the server can show besides tools. */
export type ResourceCatalog = {
  readonly tables: Readonly<Record<string, unknown>>;
  /** Artifacts saved by a tool, by id. One is only ever added: never changed (its id is its key) nor removed. */
  savedArtifacts(): readonly { readonly id: string; readonly name: string; readonly content: string }[];
  /** `savedArtifacts().length`, without listing them. */
  savedArtifactCount(): number;
};

export type ResourceDeps = {
  readonly catalog: ResourceCatalog;
  readonly artifacts: ArtifactStore;
  readonly traceOf: (session_id: string) => readonly TraceEvent[];
  /** When clients share the server (HTTP): another MCP session's traces and artifacts are refused. */
  readonly access?: SessionAccess;
};

export type ResourceUri =
  | { readonly kind: "table"; readonly name: string }
  | { readonly kind: "saved_artifact"; readonly id: string }
  | { readonly kind: "output_artifact"; readonly digest: string }
  | { readonly kind: "trace"; readonly session_id: string };

const PATTERNS: readonly [RegExp, (m: string) => ResourceUri][] = [
  [/^table:\/\/([a-z][a-z0-9_]{0,63})$/, (name) => ({ kind: "table", name })],
  [/^artifact:\/\/(art_[0-9a-f]{12})$/, (id) => ({ kind: "saved_artifact", id })],
  [/^artifact:\/\/sha256-([0-9a-f]{64})$/, (digest) => ({ kind: "output_artifact", digest })],
  [/^trace:\/\/([A-Za-z0-9._:-]{1,128})$/, (session_id) => ({ kind: "trace", session_id })],
];

/** The resource a URI names, or null when it matches no pattern. */
export function parseResourceUri(uri: string): ResourceUri | null {
  for (const [pattern, make] of PATTERNS) {
    const match = pattern.exec(uri);
    if (match?.[1] !== undefined) return make(match[1]);
  }
  return null;
}

/** The URI of a large output stored under the contract's artifact reference `artifact:sha256:<hex>`. */
export function outputArtifactUri(ref: string): string | null {
  const match = /^artifact:sha256:([0-9a-f]{64})$/.exec(ref);
  return match === null ? null : `artifact://sha256-${match[1]}`;
}

export function listResources(deps: ResourceDeps): Resource[] {
  const tables = Object.keys(deps.catalog.tables).map((name) => ({
    uri: `table://${name}`,
    name: `table ${name}`,
    description: `The read-only fixture table ${name}, as JSON rows.`,
    mimeType: "application/json",
  }));
  const saved = deps.catalog
    .savedArtifacts()
    .filter(({ id }) => mayReadResource(deps.access, `artifact://${id}`, { kind: "saved_artifact", id }))
    .map(({ id, name }) => ({
      uri: `artifact://${id}`,
      name,
      description: `Artifact ${id}, saved by save_artifact.`,
      mimeType: "text/plain",
    }));
  return [...tables, ...saved];
}

export const RESOURCE_TEMPLATES: readonly ResourceTemplateType[] = Object.freeze([
  { uriTemplate: "table://{name}", name: "table", description: "A fixture table.", mimeType: "application/json" },
  {
    uriTemplate: "artifact://{id}",
    name: "artifact",
    description: "An artifact: art_<12 hex> saved by save_artifact, or sha256-<64 hex> for a large tool output.",
  },
  {
    uriTemplate: "trace://{session_id}",
    name: "session trace",
    description: "The redacted audit trace of one session, one event per fact.",
    mimeType: "application/json",
  },
]);

/** The artifact URIs a tool's output names: a saved artifact's id, a large output's reference. */
export function artifactUrisOf(output: JsonValue): string[] {
  if (output === null || typeof output !== "object" || Array.isArray(output)) return [];
  const { artifact_id: id, artifact: ref } = output as { readonly [key: string]: JsonValue };
  const saved = typeof id === "string" && /^art_[0-9a-f]{12}$/.test(id) ? [`artifact://${id}`] : [];
  const large = typeof ref === "string" ? outputArtifactUri(ref) : null;
  return large === null ? saved : [...saved, large];
}

/**
 * Reads one resource: -32602 for a URI of no known shape, not-found for a well-formed URI naming
 * nothing, and -32602 naming `session_forbidden` for a trace or artifact of another MCP session.
 */
export function readResource(deps: ResourceDeps, uri: string): ReadResourceResult {
  const parsed = readableUri(deps.access, uri);
  const text = textOf(deps, parsed);
  if (text === null) throw new ResourceNotFoundError(uri, `Resource not found: ${uri}`);
  const mimeType = parsed.kind === "saved_artifact" ? "text/plain" : "application/json";
  return { contents: [{ uri, mimeType, text }] };
}

/** The resource a URI names, when this connection may read it (or subscribe to it); else the -32602 a read answers. */
export function readableUri(access: SessionAccess | undefined, uri: string): ResourceUri {
  const parsed = parseResourceUri(uri);
  if (parsed === null)
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `malformed resource URI: expected table://NAME, artifact://ID or trace://SESSION`,
      { code: "malformed_uri" },
    );
  // A session id is an identifier a caller supplies: one holding a secret is refused, and never echoed.
  if (parsed.kind === "trace" && isSensitiveIdentifier(parsed.session_id))
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `${SENSITIVE_IDENTIFIER}: the trace URI's session carries credentials or contact data`,
      { code: SENSITIVE_IDENTIFIER },
    );
  if (!mayReadResource(access, uri, parsed))
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, forbiddenMessage(uri), { code: SESSION_FORBIDDEN });
  return parsed;
}

/** Whether this connection may read (or hear of changes to) the resource: tables always; traces and artifacts by owner. */
export function mayReadResource(access: SessionAccess | undefined, uri: string, parsed: ResourceUri): boolean {
  if (access === undefined) return true;
  switch (parsed.kind) {
    case "table":
      return true;
    case "saved_artifact":
    case "output_artifact":
      return access.owners.mayReadArtifact(uri, access.owner);
    case "trace":
      return access.owners.mayRead(parsed.session_id, access.owner);
    default:
      return assertNever(parsed);
  }
}

function textOf(deps: ResourceDeps, uri: ResourceUri): string | null {
  switch (uri.kind) {
    case "table": {
      const rows = Object.hasOwn(deps.catalog.tables, uri.name) ? deps.catalog.tables[uri.name] : undefined;
      return rows === undefined ? null : canonicalJson(rows);
    }
    case "saved_artifact":
      return deps.catalog.savedArtifacts().find((a) => a.id === uri.id)?.content ?? null;
    case "output_artifact":
      return deps.artifacts.get(`artifact:sha256:${uri.digest}`) ?? null;
    case "trace": {
      const events = deps.traceOf(uri.session_id);
      return events.length === 0 ? null : canonicalJson(events);
    }
    default:
      return assertNever(uri);
  }
}

/** The fixture world's tables and saved artifacts. */
export function fixtureCatalog(world: FixtureWorld): ResourceCatalog {
  // An artifact's id digests its key: once per key, not at each listing.
  const ids = new Map<string, string>();
  const idOf = (key: string) => {
    let id = ids.get(key);
    if (id === undefined) ids.set(key, (id = artifactIdOf(key)));
    return id;
  };
  return {
    tables: FIXTURE_TABLES,
    savedArtifacts: () =>
      Object.entries(world.data.artifacts).map(([key, { name, content }]) => ({ id: idOf(key), name, content })),
    savedArtifactCount: () => Object.keys(world.data.artifacts).length,
  };
}
