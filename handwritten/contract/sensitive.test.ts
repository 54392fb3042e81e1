import { describe, it, expect } from "vitest";
import { findSensitive, redact, REDACTED } from "./sensitive.js";

describe("findSensitive", () => {
  it("finds contact data and credentials in values and sensitive key names, with their paths", () => {
    expect(
      findSensitive({
        note: "write to bob@example.org",
        nested: [{ header: "Bearer abcdefghijklmnop" }],
        password: "hunter2",
        fine: "nothing to see",
      }),
    ).toEqual(["$.note", "$.nested[0].header", "$.password"]);
  });

  it("finds nothing in plain data", () => {
    expect(findSensitive({ table: "sales", limit: 5, rows: ["a", 1, null] })).toEqual([]);
  });
});

describe("redact", () => {
  it("replaces sensitive keys and values and leaves the rest", () => {
    expect(redact({ api_key: "x", note: "mail bob@example.org", table: "sales" })).toEqual({
      api_key: REDACTED,
      note: REDACTED,
      table: "sales",
    });
  });

  it("cuts long strings", () => {
    const out = redact("z".repeat(500));
    expect(typeof out === "string" && out.length < 500).toBe(true);
  });

  it("keeps a __proto__ key as plain data instead of changing the prototype", () => {
    const input = JSON.parse('{"__proto__":{"polluted":true}}') as unknown;
    const out = redact(input) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.keys(out)).toEqual(["__proto__"]);
  });
});

describe("findSensitive on long input", () => {
  // Speed is the benchmark's business (the anchored pattern is linear); this pins the answers.
  it("still finds an address after a long run of letters, and nothing in the run alone", () => {
    const long = "a".repeat(20_000);
    expect(findSensitive(long)).toEqual([]);
    expect(findSensitive(`${long} bob@example.com`)).toEqual(["$"]);
    expect(findSensitive(`${long}bob@example.com`)).toEqual(["$"]);
  });
});
