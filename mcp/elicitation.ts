/**
 * Approval through the host: when the client declares elicitation, a high-risk call asks the
 * person with `elicitation/create`, showing the tool, its arguments and when the approval
 * expires. The answer is untrusted input: it must match the requested schema exactly and be
 * small, or it counts as no answer (the call stays pending).
 */
import type { ElicitRequestFormParams, ElicitResult, RequestOptions } from "@modelcontextprotocol/server";
import { z } from "zod";
import { canonicalJson, type PendingApproval } from "../contract/index.js";
import type { PersonAnswer } from "./call-tool.js";

/** An answer larger than this is refused unread. */
export const MAX_ELICITED_CHARS = 1024;

export const APPROVAL_FORM = Object.freeze({
  type: "object",
  properties: {
    approve: { type: "boolean", title: "Approve this call", description: "Run it once, exactly as shown." },
  },
  required: ["approve"],
} as const);

const ApprovalAnswer = z.strictObject({ approve: z.boolean() });

export type ElicitInput = (params: ElicitRequestFormParams, options?: RequestOptions) => Promise<ElicitResult>;

export function approvalQuestion(pending: PendingApproval, expires_at: number): ElicitRequestFormParams {
  return {
    mode: "form",
    message: [
      `Approve the high-risk call ${pending.tool}?`,
      `Arguments: ${canonicalJson(pending.args)}`,
      `Approval expires at ${new Date(expires_at).toISOString()}.`,
    ].join("\n"),
    requestedSchema: structuredClone(APPROVAL_FORM) as unknown as ElicitRequestFormParams["requestedSchema"],
  };
}

/** Reads a person's answer: accept with `approve: true` approves, accept with false or decline declines. */
export function readElicited(result: unknown): PersonAnswer {
  let size: number;
  try {
    size = canonicalJson(result).length;
  } catch {
    return { kind: "none" };
  }
  if (size > MAX_ELICITED_CHARS || result === null || typeof result !== "object") return { kind: "none" };
  const { action, content } = result as { action?: unknown; content?: unknown };
  if (action === "decline") return { kind: "decline" };
  if (action !== "accept") return { kind: "none" };
  const answer = ApprovalAnswer.safeParse(content);
  if (!answer.success) return { kind: "none" };
  return answer.data.approve ? { kind: "approve" } : { kind: "decline" };
}

export function askByElicitation(elicit: ElicitInput, signal: AbortSignal) {
  return async (pending: PendingApproval, expires_at: number): Promise<PersonAnswer> => {
    try {
      return readElicited(await elicit(approvalQuestion(pending, expires_at), { signal }));
    } catch {
      // No answer (cancelled, timed out, or the host could not ask): the call stays pending.
      return { kind: "none" };
    }
  };
}
