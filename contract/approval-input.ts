/**
 * What a person sends while a call waits, checked at the boundary by one zod schema before any
 * engine sees it. Anything else — a missing token, a number, extra keys, a giant string — is
 * `approval_malformed`, and the session is left exactly as it was, so it stays usable.
 */
import { z } from "zod";
import type { ApprovalFailure } from "./approval.js";
import { err, ok, type Result } from "./result.js";

/** Longer than any token `issueApprovalToken` makes, short enough that a check is cheap. */
export const MAX_APPROVAL_TOKEN_CHARS = 4096;

/**
 * The call a host restates beside its token (MCP sends the whole call again): it must be the
 * pending call itself, or the token is refused as approving another tool, arguments or call.
 */
export const RestatedCallSchema = z.strictObject({
  tool: z.string().max(64),
  args_digest: z.string().regex(/^[0-9a-f]{64}$/),
  idempotency_key: z.string().max(128).nullable(),
});
export type RestatedCall = z.infer<typeof RestatedCallSchema>;

export const ApprovalInputSchema = z.discriminatedUnion("kind", [
  z.strictObject({
    kind: z.literal("token"),
    token: z.string().min(1).max(MAX_APPROVAL_TOKEN_CHARS),
    restated: RestatedCallSchema.optional(),
  }),
  z.strictObject({ kind: z.literal("decline") }),
]);

/** A token to check (with the call a host restated beside it, if any), or a refusal. */
export type ApprovalInput = z.infer<typeof ApprovalInputSchema>;

/** The one check of approval input: every engine and the MCP server call it before anything else. */
export function parseApprovalInput(input: unknown): Result<ApprovalInput, ApprovalFailure> {
  // zod reads inherited properties too; input arriving over a boundary must be plain data.
  if (!isPlainObject(input))
    return err({ code: "approval_malformed", message: "approval input is not a plain object ($)" });
  const parsed = ApprovalInputSchema.safeParse(input);
  if (parsed.success) return ok(parsed.data);
  const where = parsed.error.issues
    .map((issue) => `${["$", ...issue.path.map(String)].join(".")}: ${issue.message}`)
    .join("; ");
  return err({
    code: "approval_malformed",
    message: `approval input is not {kind:"token",token} or {kind:"decline"} (${where})`,
  });
}

function isPlainObject(value: unknown): boolean {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}
