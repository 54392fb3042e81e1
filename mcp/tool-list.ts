/**
 * `tools/list` as a mirror of the registry: every registered tool, in registry order, with the
 * JSON Schema of its zod input and annotations derived from its risk class. Nothing is hidden:
 * an `always_deny` tool stays listed (and refused on call), so no test passes by removing it.
 */
import type { Tool, ToolAnnotations } from "@modelcontextprotocol/server";
import {
  assertNever,
  decidePolicy,
  inputJsonSchema,
  RISK_RULES,
  type AnyToolSpec,
  type RiskClass,
  type ToolRegistry,
} from "../contract/index.js";
import { META_KEYS } from "./meta.js";

/**
 * MCP's hints for a risk class, from the risk table. They are hints for the host's UI, never the
 * control: the server's own policy decides every call. `openWorldHint` is left at its pessimistic
 * default (true) because a risk class says nothing about whether a tool reaches outside.
 */
export function annotationsFor(risk: RiskClass): ToolAnnotations {
  return { ...RISK_RULES[risk].hints };
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

/** The description, with what the policy does to every call of the tool when it is not simply run. */
function describe(spec: AnyToolSpec): string {
  const policy = decidePolicy(spec.risk);
  switch (policy.kind) {
    case "allow":
      return spec.description;
    case "require_approval":
      return `${spec.description} [${spec.risk}: the first call answers approval_required; call again with an approval token in _meta["${META_KEYS.approval}"]]`;
    case "deny":
      return `${spec.description} [${spec.risk}: every call is refused]`;
    default:
      return assertNever(policy);
  }
}
