import { describe, it, expect } from "vitest";
import { z } from "zod";
import { isHarnessError } from "./result.js";
import type { RiskClass } from "./risk.js";
import {
  defineTool,
  isPermanentToolError,
  isProcessCrash,
  isTransientToolError,
  PermanentToolError,
  ProcessCrash,
  TransientToolError,
} from "./tool.js";

const execute = () => Promise.resolve({ ok: true });

function definitionFailure(run: () => unknown): { code: string; message: string } | null {
  try {
    run();
    return null;
  } catch (e) {
    return isHarnessError(e)
      ? { code: e.code, message: e.message }
      : { code: `not a HarnessError: ${String(e)}`, message: "" };
  }
}

const definitionError = (run: () => unknown) => definitionFailure(run)?.code ?? null;
const definitionMessage = (run: () => unknown) => definitionFailure(run)?.message ?? null;

const base = { description: "d", risk: "read_only" as RiskClass, timeoutMs: 100, execute };

describe("defineTool", () => {
  it("accepts a strict input schema and returns a frozen spec", () => {
    const spec = defineTool({ ...base, name: "ok_tool", input: z.strictObject({ a: z.string() }) });
    expect(spec.name).toBe("ok_tool");
    expect(Object.isFrozen(spec)).toBe(true);
  });

  it("rejects a non-strict z.object input schema with invalid_tool_spec", () => {
    expect(definitionError(() => defineTool({ ...base, name: "lax", input: z.object({ a: z.string() }) }))).toBe(
      "invalid_tool_spec",
    );
  });

  it("rejects a z.looseObject input schema (unknown keys passed through) with invalid_tool_spec", () => {
    expect(definitionError(() => defineTool({ ...base, name: "loose", input: z.looseObject({ a: z.string() }) }))).toBe(
      "invalid_tool_spec",
    );
  });

  it("rejects a catchall that accepts unknown keys", () => {
    expect(
      definitionError(() =>
        defineTool({ ...base, name: "catchall", input: z.object({ a: z.string() }).catchall(z.string()) }),
      ),
    ).toBe("invalid_tool_spec");
  });

  it("rejects a tool name that is not snake_case", () => {
    for (const name of ["Bad", "has-dash", "1starts_with_digit", "", "__proto__"]) {
      expect(definitionError(() => defineTool({ ...base, name, input: z.strictObject({}) }))).toBe("invalid_tool_spec");
    }
  });

  it("rejects a risk class outside the four, naming it (a JavaScript caller is not held to the type)", () => {
    for (const risk of ["medium", "", "READ_ONLY", undefined]) {
      const failure = definitionFailure(() =>
        defineTool({ ...base, name: "risky", risk: risk as RiskClass, input: z.strictObject({}) }),
      );
      expect(failure?.code).toBe("invalid_tool_spec");
      expect(failure?.message).toContain(`risk ${JSON.stringify(risk)}`);
      expect(failure?.message).toContain("not one of read_only, idempotent_write, high_risk, always_deny");
    }
  });

  it("rejects a non-positive timeout", () => {
    expect(definitionError(() => defineTool({ ...base, name: "t", timeoutMs: 0, input: z.strictObject({}) }))).toBe(
      "invalid_tool_spec",
    );
    expect(
      definitionError(() => defineTool({ ...base, name: "t", timeoutMs: Number.NaN, input: z.strictObject({}) })),
    ).toBe("invalid_tool_spec");
  });

  it("says what is wrong with a spec, naming the tool", () => {
    const strict = z.strictObject({});
    expect(definitionMessage(() => defineTool({ ...base, name: "Bad-Name", input: strict }))).toMatch(
      /"Bad-Name".*snake_case/,
    );
    expect(definitionMessage(() => defineTool({ ...base, name: "lax_tool", input: z.object({}) }))).toMatch(
      /lax_tool.*z\.strictObject/,
    );
    expect(definitionMessage(() => defineTool({ ...base, name: "slow_tool", timeoutMs: -1, input: strict }))).toMatch(
      /slow_tool.*timeoutMs/,
    );
  });
});

describe("tool error classes", () => {
  it("are told apart by name, each guard matching only its own class", () => {
    const transient = new TransientToolError("t");
    const permanent = new PermanentToolError("p");
    const crash = new ProcessCrash("c");
    expect([isTransientToolError(transient), isTransientToolError(permanent), isTransientToolError(crash)]).toEqual([
      true,
      false,
      false,
    ]);
    expect([isPermanentToolError(transient), isPermanentToolError(permanent), isPermanentToolError(crash)]).toEqual([
      false,
      true,
      false,
    ]);
    expect([isProcessCrash(transient), isProcessCrash(permanent), isProcessCrash(crash)]).toEqual([false, false, true]);
    expect(isProcessCrash(new Error("plain"))).toBe(false);
  });

  it.each([
    ["TransientToolError", isTransientToolError],
    ["PermanentToolError", isPermanentToolError],
    ["ProcessCrash", isProcessCrash],
  ] as const)("recognise a %s by its name, also when thrown by another copy of the module", (name, guard) => {
    expect(guard(Object.assign(new Error("from another bundle"), { name }))).toBe(true);
    expect(guard({ name, message: "not an Error" })).toBe(false);
  });

  it("carry their class name as their name, as a log shows it", () => {
    expect(
      [new TransientToolError("t"), new PermanentToolError("p"), new ProcessCrash("c")].map((e) => e.name),
    ).toEqual(["TransientToolError", "PermanentToolError", "ProcessCrash"]);
  });
});
