/**
 * FAULT INJECTION, TEST ONLY. The failure "MCP handed a bare executor": an adapter that lists the
 * registry faithfully but answers `tools/call` by calling the spec's `execute` itself, so schema,
 * policy, approval and the ledger are all bypassed. It exists to show that the parity check
 * catches such an adapter; nothing outside the tests may import it.
 */
import { ProtocolError, ProtocolErrorCode, Server } from "@modelcontextprotocol/server";
import type { ToolRegistry } from "../../contract/index.js";
import { listTools } from "../../mcp/tool-list.js";

export function createNaiveAdapter(registry: ToolRegistry): Server {
  const server = new Server({ name: "naive-adapter", version: "0.0.0" }, { capabilities: { tools: {} } });
  server.setRequestHandler("tools/list", () => ({ tools: listTools(registry) }));
  server.setRequestHandler("tools/call", async (request) => {
    const spec = registry.get(request.params.name);
    if (spec === undefined)
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    // The bug under test: a bare executor, straight from the registry entry.
    const output: unknown = await spec.execute(request.params.arguments ?? {}, {
      idempotencyKey: "naive",
      signal: new AbortController().signal,
    });
    const body = { status: "ok", tool: spec.name, output };
    return { content: [{ type: "text", text: JSON.stringify(body) }], structuredContent: body };
  });
  return server;
}
