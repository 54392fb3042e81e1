/** Tool specs: typed data plus a handler. Schema validation always happens before `execute`. */
import type { z } from "zod";
import { HarnessError } from "./result.js";
import { RISK_CLASSES, type RiskClass } from "./risk.js";

/** What a handler receives besides its arguments. */
export type ToolContext = {
  readonly idempotencyKey: string;
  readonly signal: AbortSignal;
};

export type ToolSpec<TInput extends z.ZodObject = z.ZodObject, TOutput = unknown> = {
  readonly name: string;
  readonly description: string;
  /** A strict zod object: unknown keys are an error. */
  readonly input: TInput;
  readonly output?: z.ZodType<TOutput>;
  readonly risk: RiskClass;
  /** The runner gives up waiting after this long; a side-effecting call is then `uncertain`. */
  readonly timeoutMs: number;
  execute(args: z.infer<TInput>, ctx: ToolContext): Promise<TOutput>;
};

// Handlers are contravariant in their arguments; the registry only ever calls them with
// arguments its own schema has parsed, so erasing the argument type here is sound.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyToolSpec = ToolSpec<z.ZodObject, unknown> | ToolSpec<any, any>;

export const TOOL_NAME_PATTERN = /^[a-z][a-z0-9_]{0,63}$/;

/** Checks a spec once, at definition time; a lax schema is a configuration error. */
export function defineTool<TInput extends z.ZodObject, TOutput>(
  spec: ToolSpec<TInput, TOutput>,
): ToolSpec<TInput, TOutput> {
  if (!TOOL_NAME_PATTERN.test(spec.name)) {
    throw new HarnessError("invalid_tool_spec", `tool name ${JSON.stringify(spec.name)} is not snake_case`);
  }
  // Only z.strictObject has a catchall of z.never(); every zod type carries its def under `_zod`.
  if (spec.input.def.catchall?._zod.def.type !== "never") {
    throw new HarnessError("invalid_tool_spec", `tool ${spec.name} needs a strict input schema (z.strictObject)`);
  }
  // A JavaScript caller (a module engine's own tools) is not held to the type: an unknown class would
  // otherwise surface only when the policy meets it, mid-run.
  if (!(RISK_CLASSES as readonly unknown[]).includes(spec.risk)) {
    throw new HarnessError(
      "invalid_tool_spec",
      `tool ${spec.name} has risk ${JSON.stringify(spec.risk)}, not one of ${RISK_CLASSES.join(", ")}`,
    );
  }
  if (!(spec.timeoutMs > 0)) {
    throw new HarnessError("invalid_tool_spec", `tool ${spec.name} needs a positive timeoutMs`);
  }
  return Object.freeze({ ...spec });
}

/** A failure before dispatch: nothing reached the outside world, so the same key may retry. */
export class TransientToolError extends Error {
  static readonly unminifiableName = "TransientToolError";
  constructor(message: string) {
    super(message);
    this.name = TransientToolError.unminifiableName;
  }
}

/** A definite refusal by the tool: no side effect happened; the model gets the error as data. */
export class PermanentToolError extends Error {
  static readonly unminifiableName = "PermanentToolError";
  constructor(message: string) {
    super(message);
    this.name = PermanentToolError.unminifiableName;
  }
}

/**
 * Models the death of the process (fault injection). It is never turned into a tool result:
 * whatever runs the engine dies with it, and recovery starts from the last checkpoint.
 */
export class ProcessCrash extends Error {
  static readonly unminifiableName = "ProcessCrash";
  constructor(message: string) {
    super(message);
    this.name = ProcessCrash.unminifiableName;
  }
}

export const isTransientToolError = (e: unknown): e is TransientToolError =>
  e instanceof Error && e.name === TransientToolError.unminifiableName;
export const isPermanentToolError = (e: unknown): e is PermanentToolError =>
  e instanceof Error && e.name === PermanentToolError.unminifiableName;
export const isProcessCrash = (e: unknown): e is ProcessCrash =>
  e instanceof Error && e.name === ProcessCrash.unminifiableName;
