/**
 * A person's approval, from the command line: reads an `approval_required` answer (the
 * `structuredContent` of the result) and prints the approval token for its pending call, signed
 * with the server's secret. The host then repeats the call with the token in `_meta`.
 *
 *   AGENT_HARNESS_APPROVAL_SECRET=... npx tsx mcp/approve-main.ts --answer '<json>' [--ttl-ms N]
 *
 * This file checks the command line; the answer is parsed and signed by approve-answer.ts, loaded after.
 */
import { pathToFileURL } from "node:url";
import { DEFAULT_INPUT_LIMITS, jsonDepthExceeds, parseFlags, wholeNumber } from "../cli/index.js";
import { DEFAULT_APPROVAL_TTL_MS } from "../contract/approval.js";
import { STORE_ENV } from "../durable/spec.js";
import { DEFAULT_MCP_STORE, SECRET_ENV } from "./cli.js";
import { loadRun } from "../durable/load-run.js";

/** A day: an approval is for the call in front of the operator, not a standing grant. */
const MAX_TTL_MS = 24 * 60 * 60 * 1000;

export const APPROVE_USAGE = `Usage: npx tsx mcp/approve-main.ts --answer JSON [--ttl-ms N]

Prints an approval token for the pending call of an approval_required answer.
  --answer JSON   the answer's structuredContent: {"status":"approval_required","session_id":...,"pending":{...}}
  --ttl-ms N      how long the token stays valid, in ms, at most ${MAX_TTL_MS} (default ${DEFAULT_APPROVAL_TTL_MS})
Environment: ${SECRET_ENV} must be the server's secret; unset, the key the server keeps beside
its SQLite store (${DEFAULT_MCP_STORE}, or ${STORE_ENV}) is used.
Exit codes: 0 token printed; 2 bad usage.`;

export async function approveMain(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  now: number = Date.now(),
): Promise<{ code: number; out: string }> {
  const flags = parseFlags(argv, {
    answer: { type: "string" },
    "ttl-ms": { type: "string" },
    help: { type: "boolean", short: "h" },
  });
  if (!flags.ok) return usage(`${flags.error.message} (${flags.error.code})`);
  const { values } = flags.value;
  if (values.help === true) return { code: 0, out: `${APPROVE_USAGE}\n` };
  const ttl = wholeNumber("ttl-ms", values["ttl-ms"], { min: 1, max: MAX_TTL_MS, fallback: DEFAULT_APPROVAL_TTL_MS });
  if (!ttl.ok) return usage(`${ttl.error.message} (${ttl.error.code})`);
  const text = values.answer ?? "null";
  if (jsonDepthExceeds(text, DEFAULT_INPUT_LIMITS.maxDepth))
    return usage(`--answer nests deeper than ${DEFAULT_INPUT_LIMITS.maxDepth} levels (input_too_deep)`);
  const { signApproval } = await loadRun(() => import("./approve-answer.js"));
  const signed = signApproval(text, env, now, ttl.value);
  return signed.ok ? { code: 0, out: `${signed.value}\n` } : usage(signed.error);
}

function usage(message: string) {
  return { code: 2, out: `approve: ${message}\n\n${APPROVE_USAGE}\n` };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { code, out } = await approveMain(process.argv.slice(2), process.env);
  (code === 0 ? process.stdout : process.stderr).write(out);
  process.exitCode = code;
}
