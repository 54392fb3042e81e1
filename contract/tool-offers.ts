/**
 * What a model is offered: every registered tool, in registry order, with the JSON Schema of its
 * zod input (seen from the input side). The MCP tool list and a chat model's bound tools are
 * both built from here, and a frozen route pins the offer by its digest.
 */
import { z } from "zod";
import { digest } from "./canonical.js";
import type { ToolRegistry } from "./registry.js";
import type { RiskClass } from "./risk.js";
import type { AnyToolSpec } from "./tool.js";

export type ToolOffer = {
  readonly name: string;
  readonly description: string;
  readonly risk: RiskClass;
  readonly input_schema: Record<string, unknown>;
};

/** The JSON Schema (2020-12) of what a caller may send for `spec`. */
export function inputJsonSchema(spec: AnyToolSpec): Record<string, unknown> {
  return z.toJSONSchema(spec.input, { io: "input" }) as Record<string, unknown>;
}

export function toolOffers(registry: ToolRegistry): readonly ToolOffer[] {
  return registry.list().map((spec) => ({
    name: spec.name,
    description: spec.description,
    risk: spec.risk,
    input_schema: inputJsonSchema(spec),
  }));
}

/** sha256 of the canonical offer: a route recorded against other tools does not match it. */
export function toolOffersDigest(registry: ToolRegistry): string {
  return digest(toolOffers(registry));
}
