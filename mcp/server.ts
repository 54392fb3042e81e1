/**
 * The MCP server over the one registry and policy, on the SDK's low-level `Server`: two request
 * handlers, `tools/list` and `tools/call`, that translate and nothing more. What a call answers
 * is decided by `callTool` (validation, policy, approval, ledger, `executeIntent`).
 */
import { ProtocolError, ProtocolErrorCode, Server, type McpServerFactory } from "@modelcontextprotocol/server";
import { toCallToolResult, type CallAnswer } from "./answers.js";
import { callTool, type CallToolDeps } from "./call-tool.js";
import type { RawArguments } from "./frame-guard.js";
import { readHarnessMeta, META_KEYS } from "./meta.js";
import { listTools } from "./tool-list.js";

export const SERVER_INFO = Object.freeze({ name: "agent-harness", version: "0.1.0" });

export type HarnessServerOptions = {
  /** The session of calls whose `_meta` names none. */
  readonly connectionSession: string;
  /** Arguments as they arrived on the wire (stdio); without it, the SDK's parsed arguments. */
  readonly rawArguments?: RawArguments;
  /** Called after every `tools/call` has been decided, before its answer is sent. */
  readonly onCallSettled?: () => void;
  /** Where failures the contract does not name are reported (never the wire). @default stderr */
  readonly logError?: (error: unknown) => void;
};

const INSTRUCTIONS = [
  "Tools run under the agent-harness policy. Results carry structuredContent {status, code, ...}.",
  `A high_risk tool first answers status "approval_required" with a pending call; a person approves it,`,
  `and the host calls again with the token in _meta["${META_KEYS.approval}"].`,
  `Name a session with _meta["${META_KEYS.session}"] and an idempotency key with _meta["${META_KEYS.idempotencyKey}"].`,
].join(" ");

export function createHarnessServer(deps: CallToolDeps, options: HarnessServerOptions): Server {
  const server = new Server(SERVER_INFO, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
  const tools = listTools(deps.registry);
  const logError =
    options.logError ??
    ((error: unknown) =>
      process.stderr.write(`agent-harness mcp: ${String(error instanceof Error ? error.stack : error)}\n`));

  server.setRequestHandler("tools/list", (request) => {
    // One page holds the whole registry, so no cursor was ever issued.
    if (request.params?.cursor !== undefined)
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, "Invalid cursor");
    return { tools };
  });

  server.setRequestHandler("tools/call", async (request, ctx) => {
    const { name } = request.params;
    const meta = readHarnessMeta(request.params._meta);
    if (!meta.ok) throw new ProtocolError(ProtocolErrorCode.InvalidParams, meta.error.message);
    const raw = options.rawArguments?.take(ctx.mcpReq.id);
    const session_id = meta.value.session_id ?? options.connectionSession;
    let answer: CallAnswer;
    try {
      const decision = await callTool(deps, {
        session_id,
        name,
        arguments: raw?.found === true ? raw.args : request.params.arguments,
        approval: meta.value.approval,
        idempotency_key: meta.value.idempotency_key,
      });
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
    return server.projectCallToolResult(toCallToolResult(answer), undefined);
  });
  return server;
}

/**
 * One server instance per connection (`serveStdio` asks once per connection, and once more for
 * a discarded `server/discover` probe). Sessions, ledger and world are shared by all of them.
 */
export function createHarnessServerFactory(
  deps: CallToolDeps,
  options: Omit<HarnessServerOptions, "connectionSession">,
): McpServerFactory {
  let connections = 0;
  return () => createHarnessServer(deps, { ...options, connectionSession: `connection-${++connections}` });
}
