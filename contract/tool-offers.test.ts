import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createRegistry } from "./registry.js";
import type { RiskClass } from "./risk.js";
import { defineTool } from "./tool.js";
import { inputJsonSchema, toolOffers, toolOffersDigest } from "./tool-offers.js";

const tool = (name: string, risk: RiskClass, input: z.ZodObject) =>
  defineTool({
    name,
    description: `the ${name} tool`,
    input,
    risk,
    timeoutMs: 10,
    execute: () => Promise.resolve(null),
  });

const withDefault = z.strictObject({ q: z.string(), limit: z.number().default(5) });

describe("toolOffers", () => {
  it("offers every tool in registry order with its description, risk and input JSON Schema", () => {
    const registry = createRegistry([
      tool("b_search", "read_only", withDefault),
      tool("a_send", "high_risk", z.strictObject({})),
    ]);
    const offers = toolOffers(registry);
    expect(offers.map((o) => [o.name, o.description, o.risk])).toEqual([
      ["b_search", "the b_search tool", "read_only"],
      ["a_send", "the a_send tool", "high_risk"],
    ]);
    expect(offers[0]?.input_schema).toEqual(inputJsonSchema(registry.list()[0]!));
  });

  it("describes what a caller may send: a defaulted field is optional on the input side", () => {
    const schema = inputJsonSchema(tool("t", "read_only", withDefault));
    expect(schema["type"]).toBe("object");
    expect(schema["required"]).toEqual(["q"]);
    expect(schema["additionalProperties"]).toBe(false);
  });

  it("has a digest that changes with any tool's name, risk or schema", () => {
    const base = toolOffersDigest(createRegistry([tool("t", "read_only", withDefault)]));
    expect(toolOffersDigest(createRegistry([tool("t", "read_only", withDefault)]))).toBe(base);
    expect(toolOffersDigest(createRegistry([tool("u", "read_only", withDefault)]))).not.toBe(base);
    expect(toolOffersDigest(createRegistry([tool("t", "high_risk", withDefault)]))).not.toBe(base);
    expect(toolOffersDigest(createRegistry([tool("t", "read_only", z.strictObject({}))]))).not.toBe(base);
  });
});
