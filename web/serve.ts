/**
 * A tiny static server for the built page, on 127.0.0.1 only.
 *
 *   tsx web/serve.ts [--port N] [--dir DIR]     (port: --port, else $PORT, else 5173; 0 picks a free one)
 */
import { readFile, stat } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, resolve, sep } from "node:path";
import { pathToFileURL } from "node:url";
import { helpAsked, parseFlags } from "../cli/index.js";
import { DEFAULT_OUTDIR } from "./build.js";

export const DEFAULT_PORT = 5173;
export const HOST = "127.0.0.1";

const TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".json": "application/json; charset=utf-8",
};

export type RunningServer = { readonly url: string; readonly port: number; close(): Promise<void> };

export async function startServer(
  options: { readonly dir?: string; readonly port?: number } = {},
): Promise<RunningServer> {
  const root = resolve(options.dir ?? DEFAULT_OUTDIR);
  const server: Server = createServer((request, response) => {
    void (async () => {
      const path = decodeURIComponent(new URL(request.url ?? "/", `http://${HOST}`).pathname);
      const file = resolve(join(root, path.endsWith("/") ? `${path}index.html` : path));
      if (request.method !== "GET" && request.method !== "HEAD") return send(response, 405, "method not allowed");
      if (file !== root && !file.startsWith(root + sep)) return send(response, 403, "forbidden");
      try {
        if (!(await stat(file)).isFile()) return send(response, 404, "not found");
        const body = await readFile(file);
        response.writeHead(200, {
          "content-type": TYPES[extname(file)] ?? "application/octet-stream",
          "cache-control": "no-store",
          "x-content-type-options": "nosniff",
        });
        response.end(request.method === "HEAD" ? undefined : body);
      } catch {
        send(response, 404, "not found");
      }
    })().catch(() => send(response, 400, "bad request"));
  });
  await new Promise<void>((done, fail) => {
    server.once("error", fail);
    server.listen(options.port ?? DEFAULT_PORT, HOST, () => done());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${HOST}:${port}/`,
    port,
    close: () =>
      new Promise<void>((done, fail) => {
        server.close((error) => (error ? fail(error) : done()));
        server.closeAllConnections();
      }),
  };
}

function send(response: import("node:http").ServerResponse, status: number, message: string): void {
  if (response.headersSent) return void response.end();
  response.writeHead(status, { "content-type": "text/plain; charset=utf-8" });
  response.end(message);
}

export function portFrom(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): number {
  const at = argv.indexOf("--port");
  const raw = at >= 0 ? argv[at + 1] : env.PORT;
  if (raw === undefined || raw === "") return DEFAULT_PORT;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`bad port ${JSON.stringify(raw)}`);
  return port;
}

async function main(argv: readonly string[]): Promise<void> {
  if (helpAsked(argv)) return void console.log("Usage: tsx web/serve.ts [--port N] [--dir DIR]   (npm run web)");
  const flags = parseFlags(argv, { port: { type: "string" }, dir: { type: "string" } });
  if (!flags.ok) {
    console.error(`web: ${flags.error.message} (${flags.error.code})\nUsage: tsx web/serve.ts [--port N] [--dir DIR]`);
    return void (process.exitCode = 2);
  }
  const dir = flags.value.values.dir;
  const server = await startServer({ port: portFrom(argv, process.env), ...(dir === undefined ? {} : { dir }) });
  console.log(`web: serving ${resolve(dir ?? DEFAULT_OUTDIR)} at ${server.url} (Ctrl+C stops)`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
