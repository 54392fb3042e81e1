/**
 * A bare MCP server for the latency baseline: the SDK's low-level `Server` with one tool whose
 * `tools/call` handler answers at once. Run as `node --import tsx scripts/bench/bare-mcp-server.ts`
 * it serves stdio exactly as mcp/server-main.ts does (`serveStdio`), without the harness.
 */
import { pathToFileURL } from "node:url";
import { Server } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";

export const BARE_TOOL = "read_table";

export function createBareServer(): Server {
  const server = new Server({ name: "bench-bare", version: "0.0.0" }, { capabilities: { tools: {} } });
  const tools = [{ name: BARE_TOOL, description: "answers at once", inputSchema: { type: "object" as const } }];
  server.setRequestHandler("tools/list", () => ({ tools }));
  server.setRequestHandler("tools/call", () => ({ content: [{ type: "text" as const, text: "ok" }] }));
  return server;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  serveStdio(() => createBareServer(), { onerror: (error) => process.stderr.write(`bench-bare: ${error.message}\n`) });
}
