/**
 * The approval token for an `approval_required` answer, once approve-main.ts has checked its
 * command line: the answer parsed, the server's key found, the pending call signed.
 */
import { z } from "zod";
import { approvePending, err, ok, type Result } from "../contract/index.js";
import { resolveStoreSpec } from "../durable/index.js";
import { readSecret, SECRET_ENV } from "./cli.js";
import { defaultStorePath } from "./default-store.js";
import { keyBesideStore } from "./server-key.js";

const ApprovalRequired = z.object({
  status: z.literal("approval_required"),
  session_id: z.string(),
  pending: z.object({
    tool: z.string(),
    args: z.record(z.string(), z.unknown()),
    args_digest: z.string(),
    idempotency_key: z.string(),
    nonce: z.string(),
    requested_at: z.number(),
  }),
});

/** The token, or why there is none (a usage error: a bad answer, or no key to sign with). */
export function signApproval(text: string, env: NodeJS.ProcessEnv, now: number, ttlMs: number): Result<string, string> {
  let answer: z.infer<typeof ApprovalRequired>;
  try {
    answer = ApprovalRequired.parse(JSON.parse(text));
  } catch {
    return err("--answer needs the structuredContent of an approval_required answer");
  }
  const configured = readSecret(env);
  if (!configured.ok) return err(configured.error.message);
  const secret = approverKey(configured.value, env);
  if (!secret.ok) return err(`${secret.error.message}; a token must be signed with the server's key`);
  return ok(approvePending(answer.pending, answer.session_id, secret.value, now, ttlMs));
}

/** The configured secret, else the key file beside the server's SQLite store (the one `npm run mcp` uses). */
function approverKey(configured: string | null, env: NodeJS.ProcessEnv) {
  if (configured !== null) return ok(configured);
  const spec = resolveStoreSpec(undefined, env, { kind: "sqlite", path: defaultStorePath() });
  if (!spec.ok || spec.value.kind !== "sqlite")
    return err({ message: `${SECRET_ENV} is unset and the server's store keeps no key file` });
  return keyBesideStore(spec.value.path);
}
