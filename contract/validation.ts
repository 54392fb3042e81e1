/**
 * Planner output → a validated tool call, or a rejection with a reason code and the issues the
 * model needs to rewrite the call. Nothing here executes anything.
 */
import { z } from "zod";
import { digest } from "./canonical.js";
import type { ToolRegistry } from "./registry.js";
import { err, ok, type Result } from "./result.js";
import { findSensitive, isSensitiveIdentifier } from "./redact.js";
import type { RiskClass } from "./risk.js";

export const REJECTION_CODES = [
  "input_too_large",
  "malformed_json",
  "too_deep",
  "forbidden_key",
  "malformed_call",
  "unknown_tool",
  "invalid_arguments",
  "sensitive_input",
  "too_many_calls",
  "duplicate_call_id",
] as const;
export type RejectionCode = (typeof REJECTION_CODES)[number];

export type ValidationIssue = { readonly path: string; readonly message: string };
export type Rejection = {
  readonly code: RejectionCode;
  readonly message: string;
  readonly tool: string | null;
  readonly issues: readonly ValidationIssue[];
};

export type ValidatedCall = {
  readonly tool: string;
  readonly risk: RiskClass;
  readonly args: Readonly<Record<string, unknown>>;
  readonly args_digest: string;
  /** Supplied by the caller, or null to derive one from session, step and arguments. */
  readonly requested_key: string | null;
};

/** One call of a multi-call turn: validated on its own, or rejected on its own. */
export type BatchEntry =
  | { readonly call_id: string; readonly call: ValidatedCall }
  | { readonly call_id: string; readonly rejection: Rejection };

export type PlannerAction =
  | { readonly kind: "final"; readonly text: string }
  | { readonly kind: "tool_call"; readonly call: ValidatedCall }
  | { readonly kind: "tool_calls"; readonly calls: readonly BatchEntry[] };

export type InputLimits = {
  /** @default 16384 */ readonly maxBytes: number;
  /** @default 8 */ readonly maxDepth: number;
  /** @default 4096 */ readonly maxStringLength: number;
  /** Tool calls one planner turn may carry. @default 8 */ readonly maxCallsPerTurn: number;
};
export const DEFAULT_INPUT_LIMITS: InputLimits = Object.freeze({
  maxBytes: 16_384,
  maxDepth: 8,
  maxStringLength: 4096,
  maxCallsPerTurn: 8,
});

const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);

const KEY = z
  .string()
  .regex(/^[A-Za-z0-9._:-]{1,128}$/)
  .optional();
const CALL_ID = z.string().regex(/^[A-Za-z0-9._:-]{1,64}$/);

const Envelope = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("final"), text: z.string() }),
  z.strictObject({ type: z.literal("tool_call"), tool: z.string(), arguments: z.unknown(), idempotency_key: KEY }),
  /** The shape models emit for parallel tool calls: each call carries its own id. */
  z.strictObject({
    type: z.literal("tool_calls"),
    calls: z
      .array(z.strictObject({ id: CALL_ID, tool: z.string(), arguments: z.unknown(), idempotency_key: KEY }))
      .min(1),
  }),
]);

type RawCall = { readonly tool: string; readonly arguments: unknown; readonly idempotency_key?: string | undefined };

/** Parses raw planner text. Every guard runs before the tool's own schema, and that before any execute. */
export function validatePlannerOutput(
  registry: ToolRegistry,
  raw: string,
  limits: InputLimits = DEFAULT_INPUT_LIMITS,
  /** Credentials or contact data were cut out of `raw` (`redactText`): a tool call built from it is refused. */
  redacted = false,
): Result<PlannerAction, Rejection> {
  if (raw.length > limits.maxBytes)
    return reject("input_too_large", `planner output is ${raw.length} bytes, over ${limits.maxBytes}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (e) {
    // A find can take the quotes around it (a `"password": "…"` key and value), so redacted output may
    // no longer parse: the call is refused for what it carried, not for the hole redaction left.
    if (redacted) return refusedAsRedacted(null, "redacting them left no JSON");
    return reject("malformed_json", `planner output is not JSON: ${(e as Error).message}`);
  }
  const shape = checkShape(parsed, limits, "$", 0);
  if (shape !== null) return err(shape);
  // Before the envelope: a key redaction cut out no longer matches its pattern, and the call is refused for
  // what it carried, not as malformed.
  const { type, tool } = (parsed ?? {}) as { type?: unknown; tool?: unknown };
  if (redacted && type !== "final")
    return refusedAsRedacted(typeof tool === "string" ? tool : null, "they were redacted");

  const envelope = Envelope.safeParse(parsed);
  if (!envelope.success)
    return reject(
      "malformed_call",
      "planner output is not a tool_call or final message",
      null,
      issuesOf(envelope.error),
    );
  const call = envelope.data;
  if (call.type === "final") return ok({ kind: "final", text: call.text });
  if (call.type === "tool_call") {
    const one = validateCall(registry, call);
    return one.ok ? ok({ kind: "tool_call", call: one.value }) : one;
  }
  if (call.calls.length > limits.maxCallsPerTurn)
    return reject("too_many_calls", `${call.calls.length} tool calls in one turn, over ${limits.maxCallsPerTurn}`);
  const seen = new Set<string>();
  for (const [index, { id }] of call.calls.entries()) {
    if (seen.has(id))
      return reject("duplicate_call_id", `call id ${JSON.stringify(id)} appears twice`, null, [
        { path: `$.calls.${index}.id`, message: "call ids must be unique within a turn" },
      ]);
    seen.add(id);
  }
  return ok({
    kind: "tool_calls",
    calls: call.calls.map((raw): BatchEntry => {
      const one = validateCall(registry, raw);
      return one.ok ? { call_id: raw.id, call: one.value } : { call_id: raw.id, rejection: one.error };
    }),
  });
}

/** One call: its tool, its schema, and no credentials, in that order. */
function validateCall(registry: ToolRegistry, call: RawCall): Result<ValidatedCall, Rejection> {
  const spec = registry.get(call.tool);
  if (spec === undefined)
    return reject(
      "unknown_tool",
      `no tool named ${JSON.stringify(call.tool)}; known: ${registry.names.join(", ")}`,
      call.tool,
    );
  const args = spec.input.safeParse(call.arguments);
  if (!args.success)
    return reject(
      "invalid_arguments",
      `arguments for ${spec.name} do not match its schema`,
      spec.name,
      issuesOf(args.error),
    );
  const sensitive = findSensitive(call.arguments);
  if (sensitive.length > 0) {
    return reject(
      "sensitive_input",
      `tool input carries credentials or contact data`,
      spec.name,
      sensitive.map((path) => ({ path, message: "credentials and contact data are never tool input" })),
    );
  }
  // A caller's key lands in the ledger, the trace and every checkpoint: one that holds a secret is refused.
  if (call.idempotency_key !== undefined && isSensitiveIdentifier(call.idempotency_key))
    return reject("sensitive_input", "the idempotency key carries credentials or contact data", spec.name, [
      { path: "$.idempotency_key", message: "credentials and contact data are never identifiers" },
    ]);
  const data = args.data as Record<string, unknown>;
  return ok({
    tool: spec.name,
    risk: spec.risk,
    args: data,
    args_digest: digest(data),
    requested_key: call.idempotency_key ?? null,
  });
}

function refusedAsRedacted(tool: string | null, why: string): Result<never, Rejection> {
  return reject("sensitive_input", "tool input carries credentials or contact data", tool, [
    { path: "$", message: `credentials and contact data are never tool input; ${why}` },
  ]);
}

function checkShape(value: unknown, limits: InputLimits, path: string, depth: number): Rejection | null {
  if (depth > limits.maxDepth)
    return rejection("too_deep", `planner output nests deeper than ${limits.maxDepth} levels at ${path}`);
  if (typeof value === "string" && value.length > limits.maxStringLength) {
    return rejection("input_too_large", `string at ${path} has ${value.length} chars, over ${limits.maxStringLength}`);
  }
  if (value === null || typeof value !== "object") return null;
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((v, i) => [`[${i}]`, v])
    : Object.entries(value);
  for (const [key, item] of entries) {
    if (FORBIDDEN_KEYS.has(key))
      return rejection("forbidden_key", `key ${JSON.stringify(key)} at ${path} is not allowed`);
    const found = checkShape(item, limits, Array.isArray(value) ? `${path}${key}` : `${path}.${key}`, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

function issuesOf(error: z.ZodError): ValidationIssue[] {
  return error.issues.map((issue) => ({ path: ["$", ...issue.path.map(String)].join("."), message: issue.message }));
}

function rejection(
  code: RejectionCode,
  message: string,
  tool: string | null = null,
  issues: readonly ValidationIssue[] = [],
): Rejection {
  return { code, message, tool, issues };
}

function reject(
  code: RejectionCode,
  message: string,
  tool: string | null = null,
  issues: readonly ValidationIssue[] = [],
): Result<never, Rejection> {
  return err(rejection(code, message, tool, issues));
}
