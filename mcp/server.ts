/**
 * The MCP server over the one registry and policy, on the SDK's low-level `Server`: request
 * handlers that translate and nothing more. What a call answers is decided by the one call path
 * (`createCallTool`, the handwritten reducer's facts). No Node-only import here: the web page
 * serves this module over an in-memory transport.
 */
import { ProtocolError, ProtocolErrorCode, Server, type McpServerFactory } from "@modelcontextprotocol/server";
import { loggedError } from "../contract/index.js";
import { forbiddenAnswer, toCallToolResult, type CallAnswer } from "./answers.js";
import { createCallTool, type CallToolDeps, type ToolCallRequest } from "./call-tool.js";
import { complete } from "./completions.js";
import { askByElicitation } from "./elicitation.js";
import type { Guards } from "./guards.js";
import { attachHostNotices, createHostFeed, type HostFeed } from "./host-notices.js";
import { readHarnessMeta, META_KEYS } from "./meta.js";
import { getPrompt, listPrompts } from "./prompts.js";
import { artifactUrisOf, listResources, readResource, RESOURCE_TEMPLATES, type ResourceCatalog } from "./resources.js";
import type { SessionAccess } from "./session-access.js";
import { listTools } from "./tool-list.js";

export const SERVER_INFO = Object.freeze({ name: "agent-harness", version: "0.1.0" });

export type HarnessDeps = CallToolDeps & { readonly catalog: ResourceCatalog };

export type HarnessServerOptions = {
  /** The session of calls whose `_meta` names none. */
  readonly connectionSession: string;
  /** The guards of the transport this server is connected through (`guards.transport`): a call's arguments come from them. */
  readonly guards: Pick<Guards, "take">;
  /** When clients share the server (HTTP): this connection's owner name, and who owns which session. */
  readonly access?: SessionAccess;
  /** Called after every `tools/call` has been decided, before its answer is sent. */
  readonly onCallSettled?: () => void;
  /** Where failures the contract does not name are reported (never the wire). @default console.error (stderr) */
  readonly logError?: (error: unknown) => void;
};

const INSTRUCTIONS = [
  "Tools run under the agent-harness policy. Results carry structuredContent {status, code, ...}.",
  `A high_risk tool first answers status "approval_required" with a pending call; a person approves it`,
  `(in the host when it supports elicitation, or out of band), and the host calls again with the token in _meta["${META_KEYS.approval}"].`,
  `Name a session with _meta["${META_KEYS.session}"] and an idempotency key with _meta["${META_KEYS.idempotencyKey}"].`,
  "The prompt work_with_harness explains the risk classes; resources hold tables, artifacts and traces.",
].join(" ");

/** What every connection of one server shares: the call path (and its session locks), the connections and what they hear. */
type Shared = {
  readonly call: ReturnType<typeof createCallTool>;
  readonly servers: Set<Server>;
  readonly feed: HostFeed;
  /** The saved artifacts' URIs as last listed. */
  saved: ReadonlySet<string>;
};
const sharedOf = new WeakMap<HarnessDeps, Shared>();

function shared(deps: HarnessDeps): Shared {
  const found = sharedOf.get(deps);
  if (found !== undefined) return found;
  const made = {
    call: createCallTool(deps),
    servers: new Set<Server>(),
    feed: createHostFeed(),
    saved: new Set<string>(),
  };
  sharedOf.set(deps, made);
  return made;
}

/**
 * The URIs of the artifacts saved now. A saved artifact is only ever added, so the same count
 * means the same set: they are listed again only when one was saved, not at every call.
 */
function savedUris(catalog: ResourceCatalog, found: Shared): ReadonlySet<string> {
  if (catalog.savedArtifactCount() !== found.saved.size)
    found.saved = new Set(catalog.savedArtifacts().map(({ id }) => `artifact://${id}`));
  return found.saved;
}

export function createHarnessServer(deps: HarnessDeps, options: HarnessServerOptions): Server {
  const server = new Server(SERVER_INFO, {
    capabilities: {
      tools: {},
      resources: { listChanged: true, subscribe: true },
      prompts: {},
      logging: {},
      completions: {},
    },
    instructions: INSTRUCTIONS,
  });
  const common = shared(deps);
  const { call, servers, feed } = common;
  const { access } = options;
  const notices = attachHostNotices(server, feed, access);
  servers.add(server);
  server.onclose = () => {
    servers.delete(server);
    notices.close();
  };
  const tools = listTools(deps.registry);
  const resources = {
    catalog: deps.catalog,
    artifacts: deps.artifacts,
    traceOf: deps.audit.list,
    ...(access === undefined ? {} : { access }),
  };
  const logError = options.logError ?? ((error: unknown) => console.error(`agent-harness mcp: ${loggedError(error)}`));
  const noCursor = (cursor: unknown) => {
    // One page holds everything, so no cursor was ever issued.
    if (cursor !== undefined) throw new ProtocolError(ProtocolErrorCode.InvalidParams, "Invalid cursor");
  };

  server.setRequestHandler("tools/list", (request) => (noCursor(request.params?.cursor), { tools }));
  server.setRequestHandler("prompts/list", (request) => (noCursor(request.params?.cursor), { prompts: listPrompts() }));
  server.setRequestHandler("prompts/get", (request) =>
    getPrompt(deps.registry, request.params.name, request.params.arguments),
  );
  server.setRequestHandler("resources/list", (request) => {
    noCursor(request.params?.cursor);
    return { resources: listResources(resources) };
  });
  server.setRequestHandler("resources/templates/list", (request) => {
    noCursor(request.params?.cursor);
    return { resourceTemplates: [...RESOURCE_TEMPLATES] };
  });
  server.setRequestHandler("resources/read", (request) => readResource(resources, request.params.uri));
  server.setRequestHandler("completion/complete", (request) =>
    complete(
      { ...resources, connectionSession: options.connectionSession, tracedSessions: deps.audit.sessions },
      request.params,
    ),
  );

  server.setRequestHandler("tools/call", async (request, ctx) => {
    const { name } = request.params;
    // A 2026-era request carries some of its `_meta` (its log level, its progress token) in its envelope.
    const requestMeta = { ...request.params._meta, ...ctx.mcpReq.envelope };
    const meta = readHarnessMeta(requestMeta);
    if (!meta.ok) throw new ProtocolError(ProtocolErrorCode.InvalidParams, meta.error.message);
    // The SDK's parsed arguments have lost keys such as `__proto__`; only the guards kept them as sent.
    const raw = options.guards.take(ctx.mcpReq.id);
    if (!raw.found)
      throw new ProtocolError(ProtocolErrorCode.InvalidRequest, "Invalid Request: the call passed no guard");
    const session_id = meta.value.session_id ?? options.connectionSession;
    // Refused before the call path: another client's waiting call is neither answered nor declined.
    const claim = access?.owners.claim(session_id, access.owner, meta.value.owner_credential);
    if (claim?.ok === false)
      return server.projectCallToolResult(toCallToolResult(forbiddenAnswer({ session_id, tool: name })), undefined);
    const savedBefore = savedUris(deps.catalog, common);
    const elicits = server.getClientCapabilities()?.elicitation !== undefined;
    const origin = notices.origin(ctx.mcpReq.notify, requestMeta);
    const callRequest: ToolCallRequest = {
      session_id,
      name,
      arguments: raw.args,
      approval: meta.value.approval,
      idempotency_key: meta.value.idempotency_key,
      signal: ctx.mcpReq.signal,
      observe(event) {
        feed.publish({ kind: "trace", event }, origin);
      },
      ...(elicits ? { ask: askByElicitation(ctx.mcpReq.elicitInput, ctx.mcpReq.signal) } : {}),
    };
    let answer: CallAnswer;
    try {
      const decision = await call(callRequest);
      if (decision.kind === "unknown_tool") throw new ProtocolError(ProtocolErrorCode.InvalidParams, decision.message);
      answer = decision.answer;
    } catch (error) {
      if (error instanceof ProtocolError) throw error;
      logError(error);
      answer = {
        session_id,
        tool: name,
        status: "error",
        code: "internal_error",
        message: "the server failed; see its log",
      };
    } finally {
      options.onCallSettled?.();
    }
    if ("output" in answer)
      for (const uri of artifactUrisOf(answer.output)) {
        access?.owners.attribute(uri, session_id);
        // A saved artifact never changes once written (its id is its key), so only a new one is news.
        if (!savedBefore.has(uri)) feed.publish({ kind: "artifact", uri }, origin);
      }
    if (deps.catalog.savedArtifactCount() !== savedBefore.size)
      for (const each of servers) void each.sendResourceListChanged().catch(() => undefined);
    const result = toCallToolResult(answer);
    // The owner credential goes to the claiming client alone: in the envelope, never in the answer or the trace.
    const minted = claim?.ok === true ? claim.minted : undefined;
    const owned = minted === undefined ? result : { ...result, _meta: { ...result._meta, [META_KEYS.owner]: minted } };
    return server.projectCallToolResult(owned, undefined);
  });
  return server;
}

/**
 * One server instance per connection (`serveStdio` asks once per connection, and once more for
 * a discarded `server/discover` probe). Sessions, ledger and world are shared by all of them.
 */
export function createHarnessServerFactory(
  deps: HarnessDeps,
  options: Omit<HarnessServerOptions, "connectionSession"> & {
    /** Names this server process in its connections' sessions; a new one per start, so no start reuses an earlier one's. */
    readonly instance: string;
  },
): McpServerFactory {
  const { instance, ...rest } = options;
  let connections = 0;
  return () => createHarnessServer(deps, { ...rest, connectionSession: `connection-${instance}-${++connections}` });
}
