import { describe, it, expect } from "vitest";
import { decidePolicy, hasSideEffects, RISK_CLASSES, RISK_RULES } from "./risk.js";

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

describe("RISK_RULES", () => {
  it("cannot be changed through a row a caller holds", () => {
    const policy = decidePolicy("high_risk") as { kind: string };
    expect(() => {
      policy.kind = "allow";
    }).toThrow(TypeError);
    expect(() => {
      (RISK_RULES.high_risk.hints as { destructiveHint: boolean }).destructiveHint = false;
    }).toThrow(TypeError);
    expect(() => {
      (RISK_RULES as Record<string, unknown>)["high_risk"] = RISK_RULES.read_only;
    }).toThrow(TypeError);
    expect(decidePolicy("high_risk")).toEqual({ kind: "require_approval" });
  });

  it("hints to an MCP host what each class does (CONTRACT §8): reads, safe repeats, destruction", () => {
    expect(RISK_RULES.read_only.hints).toEqual({ readOnlyHint: true, destructiveHint: false, idempotentHint: true });
    expect(RISK_RULES.idempotent_write.hints).toEqual({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: true,
    });
    // Neither a call that needs a person nor one that must never run may look harmless to a host.
    for (const risk of ["high_risk", "always_deny"] as const)
      expect(RISK_RULES[risk].hints).toEqual({ readOnlyHint: false, destructiveHint: true, idempotentHint: false });
  });

  it("after a crash runs again only what is safe to repeat (rule 5)", () => {
    expect(RISK_CLASSES.filter((risk) => RISK_RULES[risk].afterCrash === "run_again")).toEqual([
      "read_only",
      "idempotent_write",
    ]);
  });

  it("has a row for exactly the risk classes", () => {
    expect(Object.keys(RISK_RULES).sort()).toEqual([...RISK_CLASSES].sort());
  });
});
