import { describe, it, expect } from "vitest";
import { z } from "zod";
import { createRegistry } from "./registry.js";
import { isHarnessError } from "./result.js";
import type { RiskClass } from "./risk.js";
import { defineTool } from "./tool.js";

const tool = (name: string, risk: RiskClass = "read_only") =>
  defineTool({
    name,
    description: name,
    input: z.strictObject({}),
    risk,
    timeoutMs: 10,
    execute: () => Promise.resolve(null),
  });

describe("createRegistry", () => {
  it("lists the tools in registration order and finds each by name", () => {
    const registry = createRegistry([tool("b_tool"), tool("a_tool", "always_deny")]);
    expect(registry.names).toEqual(["b_tool", "a_tool"]);
    expect(registry.get("a_tool")?.risk).toBe("always_deny");
    expect(registry.list().map((t) => t.name)).toEqual(["b_tool", "a_tool"]);
  });

  it("rejects two tools with the same name with duplicate_tool", () => {
    let code: string | null = null;
    try {
      createRegistry([tool("same"), tool("other"), tool("same", "high_risk")]);
    } catch (e) {
      code = isHarnessError(e) ? `${e.code}: ${e.message}` : "not a HarnessError";
    }
    expect(code).toMatch(/^duplicate_tool: .*\bsame\b/);
  });

  it("finds nothing for unknown names, including inherited object keys", () => {
    const registry = createRegistry([tool("only")]);
    for (const name of ["missing", "constructor", "__proto__", "toString", "hasOwnProperty"]) {
      expect(registry.get(name)).toBeUndefined();
    }
  });

  it("is frozen, so no one can add or swap a tool after construction", () => {
    const registry = createRegistry([tool("only")]);
    expect(Object.isFrozen(registry)).toBe(true);
    expect(Object.isFrozen(registry.names)).toBe(true);
    expect(Object.isFrozen(registry.list())).toBe(true);
  });
});
