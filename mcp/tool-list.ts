/**
 * `tools/list` as a mirror of the registry: every registered tool, in registry order, with the
 * JSON Schema of its zod input and annotations derived from its risk class. Nothing is hidden:
 * an `always_deny` tool stays listed (and refused on call), so no test passes by removing it.
 */
import type { Tool, ToolAnnotations } from "@modelcontextprotocol/server";
import {
  assertNever,
  inputJsonSchema,
  type AnyToolSpec,
  type RiskClass,
  type ToolRegistry,
} from "../contract/index.js";
import { META_KEYS } from "./meta.js";

/**
 * MCP's hints for a risk class. They are hints for the host's UI, never the control: the
 * server's own policy decides every call. `openWorldHint` is left at its pessimistic default
 * (true) because a risk class says nothing about whether a tool reaches outside.
 */
export function annotationsFor(risk: RiskClass): ToolAnnotations {
  switch (risk) {
    case "read_only":
      return { readOnlyHint: true, destructiveHint: false, idempotentHint: true };
    case "idempotent_write":
      return { readOnlyHint: false, destructiveHint: false, idempotentHint: true };
    case "high_risk":
    case "always_deny":
      return { readOnlyHint: false, destructiveHint: true, idempotentHint: false };
    default:
      return assertNever(risk);
  }
}

/** The JSON Schema (2020-12) of what a caller may send: the zod input seen from the input side. */
export function inputSchemaFor(spec: AnyToolSpec): Tool["inputSchema"] {
  return inputJsonSchema(spec) as Tool["inputSchema"];
}

/** One registry entry as an MCP tool. */
export function toMcpTool(spec: AnyToolSpec): Tool {
  return {
    name: spec.name,
    description: describe(spec),
    inputSchema: inputSchemaFor(spec),
    annotations: annotationsFor(spec.risk),
    _meta: { [META_KEYS.risk]: spec.risk },
  };
}

/** The whole registry, in its own (deterministic) order. */
export function listTools(registry: ToolRegistry): Tool[] {
  return registry.list().map(toMcpTool);
}

function describe(spec: AnyToolSpec): string {
  switch (spec.risk) {
    case "read_only":
    case "idempotent_write":
      return spec.description;
    case "high_risk":
      return `${spec.description} [high_risk: the first call answers approval_required; call again with an approval token in _meta["${META_KEYS.approval}"]]`;
    case "always_deny":
      return `${spec.description} [always_deny: every call is refused]`;
    default:
      return assertNever(spec.risk);
  }
}
