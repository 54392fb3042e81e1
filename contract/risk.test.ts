import { describe, it, expect } from "vitest";
import { decidePolicy, hasSideEffects, RISK_CLASSES } from "./risk.js";

describe("decidePolicy", () => {
  it("allows read_only and idempotent_write calls", () => {
    expect(decidePolicy("read_only")).toEqual({ kind: "allow" });
    expect(decidePolicy("idempotent_write")).toEqual({ kind: "allow" });
  });

  it("requires a person's approval for high_risk calls", () => {
    expect(decidePolicy("high_risk")).toEqual({ kind: "require_approval" });
  });

  it("denies always_deny calls with the reason always_deny", () => {
    expect(decidePolicy("always_deny")).toEqual({ kind: "deny", reason: "always_deny" });
  });

  it("uses exactly the four risk class ids of the contract", () => {
    expect([...RISK_CLASSES].sort()).toEqual(["always_deny", "high_risk", "idempotent_write", "read_only"]);
  });

  it("gives the same answer every time (pure)", () => {
    for (const risk of RISK_CLASSES) expect(decidePolicy(risk)).toEqual(decidePolicy(risk));
  });
});

describe("hasSideEffects", () => {
  it("is true only for the classes that write to the outside world", () => {
    expect(hasSideEffects("idempotent_write")).toBe(true);
    expect(hasSideEffects("high_risk")).toBe(true);
    expect(hasSideEffects("read_only")).toBe(false);
    expect(hasSideEffects("always_deny")).toBe(false);
  });
});
