/**
 * `layerOf` is every hardening layer's plumbing: the ablation's names reach the layer's factory only when each
 * is a piece of its table, so a misspelt piece fails the run instead of measuring the whole layer as "off".
 */
import { describe, expect, it } from "vitest";
import { handwrittenFactory } from "../handwritten/engine/factory.js";
import { layerOf, type EngineFactory } from "./index.js";

const PIECES = ["schema", "seal"] as const;

function recorded() {
  const asked: (readonly string[])[] = [];
  const make = (disable: readonly string[]): EngineFactory<string> => {
    asked.push(disable);
    return handwrittenFactory;
  };
  return { asked, layer: layerOf(PIECES, { seal: "schema" }, make) };
}

describe("layerOf", () => {
  it("shows the table and its backers as they are", () => {
    const { layer } = recorded();
    expect(layer.pieces).toEqual(["schema", "seal"]);
    expect(layer.backedUpBy).toEqual({ seal: "schema" });
  });

  it("hands the factory exactly the pieces named, in their order", () => {
    const { asked, layer } = recorded();
    expect(layer.without(["seal", "schema"])).toBe(handwrittenFactory);
    layer.without([]);
    expect(asked).toEqual([["seal", "schema"], []]);
  });

  it("refuses a name that is not a piece, naming the table, before building anything", () => {
    const { asked, layer } = recorded();
    expect(() => layer.without(["seal", "sael"])).toThrow("no hardening piece sael; the layer has schema, seal");
    expect(asked).toEqual([]);
  });
});
