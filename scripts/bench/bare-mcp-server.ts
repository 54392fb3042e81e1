/**
 * A bare MCP server for the latency baseline: the SDK's low-level `Server` with one tool whose
 * `tools/call` handler answers at once. Run as `node --import tsx scripts/bench/bare-mcp-server.ts`
 * it serves stdio exactly as mcp/server-main.ts does (`serveStdio`), without the harness.
 *
 * A fair anchor: the project's server is the same low-level `Server` of the same SDK package,
 * reached by the same client over the same transports, and neither has the SDK check arguments
 * against `inputSchema` (the project's contract does, inside the measured call). Its constant is
 * small, but answering a body the size of the project's (about 700 bytes, `structuredContent` and
 * its text) costs the SDK and the client only a few µs more per call, so the ratio is the harness's work.
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
