import { describe, expect, it } from "vitest";
import { assertNever, err, HarnessError, isHarnessError, ok } from "./result.js";

describe("ok and err", () => {
  it("wrap a value or an error in a tagged object and nothing else", () => {
    expect(ok(0)).toStrictEqual({ ok: true, value: 0 });
    expect(err("why")).toStrictEqual({ ok: false, error: "why" });
  });
});

describe("assertNever", () => {
  it("throws, naming the value, when untyped data reaches a switch's default branch", () => {
    expect(() => assertNever({ status: "mystery" } as never)).toThrow('{"status":"mystery"}');
  });
});

describe("HarnessError", () => {
  it("carries its code and message under the name HarnessError", () => {
    const e = new HarnessError("invalid_config", "no secret");
    expect([e.name, e.code, e.message, e instanceof Error]).toEqual([
      "HarnessError",
      "invalid_config",
      "no secret",
      true,
    ]);
  });

  it("is recognised by its name, also when thrown by another copy of the module", () => {
    expect(isHarnessError(new HarnessError("duplicate_tool", "twice"))).toBe(true);
    expect(isHarnessError(Object.assign(new Error("from another bundle"), { name: "HarnessError" }))).toBe(true);
  });

  it("is not any other error, nor a plain object carrying its name", () => {
    expect(isHarnessError(new Error("plain"))).toBe(false);
    expect(isHarnessError(new RangeError("range"))).toBe(false);
    expect(isHarnessError({ name: "HarnessError", code: "invalid_config" })).toBe(false);
    expect(isHarnessError(undefined)).toBe(false);
  });
});
