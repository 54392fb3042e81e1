/**
 * `npm run mcp`: the MCP stdio server over the fixture registry. stdout is the protocol channel;
 * notices go to stderr, the audit trail to `--audit-log`, and world counts to `--world-file`.
 * This file checks the command line and the secret; the server (server-start.ts) loads after.
 */
import { pathToFileURL } from "node:url";
import { parseServerFlags, readSecret, SERVER_USAGE } from "./cli.js";
import { loadRun } from "../durable/load-run.js";
import type { MainIo } from "./server-start.js";

export type { MainIo } from "./server-start.js";

const processIo: MainIo = {
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
};

/** Starts serving and resolves to "serving", or to the exit code of a run that ends at once. */
export async function main(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  io: MainIo = processIo,
): Promise<number | "serving"> {
  const fail = (message: string) => {
    io.err(`agent-harness mcp: ${message}\nRun with --help for usage.\n`);
    return 2;
  };
  const flags = parseServerFlags(argv);
  if (!flags.ok) return fail(flags.error.message);
  if (flags.value.help) {
    io.out(`${SERVER_USAGE}\n`);
    return 0;
  }
  const configured = readSecret(env);
  if (!configured.ok) return fail(configured.error.message);

  const { startServer } = await loadRun(() => import("./server-start.js"));
  return startServer(flags.value, configured.value, env, io);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const code = await main(process.argv.slice(2), process.env);
  if (code !== "serving") process.exitCode = code;
}
