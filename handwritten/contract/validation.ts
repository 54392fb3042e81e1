/**
 * Planner output → a validated tool call, or a rejection with a reason code and the issues the
 * model needs to rewrite the call. Nothing here executes anything.
 */
import { z } from "zod";
import { digest } from "./canonical.js";
import type { ToolRegistry } from "./registry.js";
import { err, ok, type Result } from "./result.js";
import { findSensitive } from "./sensitive.js";
import type { RiskClass } from "./tool.js";

export const REJECTION_CODES = [
  "input_too_large",
  "malformed_json",
  "too_deep",
  "forbidden_key",
  "malformed_call",
  "unknown_tool",
  "invalid_arguments",
  "sensitive_input",
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

export type PlannerAction =
  { readonly kind: "final"; readonly text: string } | { readonly kind: "tool_call"; readonly call: ValidatedCall };

export type InputLimits = {
  /** @default 16384 */ readonly maxBytes: number;
  /** @default 8 */ readonly maxDepth: number;
  /** @default 4096 */ readonly maxStringLength: number;
};
export const DEFAULT_INPUT_LIMITS: InputLimits = Object.freeze({
  maxBytes: 16_384,
  maxDepth: 8,
  maxStringLength: 4096,
});

const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);

const Envelope = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("final"), text: z.string() }),
  z.strictObject({
    type: z.literal("tool_call"),
    tool: z.string(),
    arguments: z.unknown(),
    idempotency_key: z
      .string()
      .regex(/^[A-Za-z0-9._:-]{1,128}$/)
      .optional(),
  }),
]);

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
    return reject("malformed_json", `planner output is not JSON: ${(e as Error).message}`);
  }
  const shape = checkShape(parsed, limits, "$", 0);
  if (shape !== null) return err(shape);

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
  if (redacted) {
    return reject("sensitive_input", "tool input carries credentials or contact data", call.tool, [
      { path: "$", message: "credentials and contact data are never tool input; they were redacted" },
    ]);
  }

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
  const data = args.data as Record<string, unknown>;
  return ok({
    kind: "tool_call",
    call: {
      tool: spec.name,
      risk: spec.risk,
      args: data,
      args_digest: digest(data),
      requested_key: call.idempotency_key ?? null,
    },
  });
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
) {
  return err(rejection(code, message, tool, issues));
}
