import { describe, expect, it } from "vitest";
import { ruleSpans, secretlintSpans, type SecretlintRule } from "./secret-scanners.js";

// An npm access token: `npm_` and 36 letters and digits (40 characters); found by secretlint only.
const NPM_TOKEN = "npm_abcdefghijklmnopqrstuvwxyz0123456789";

describe("secretlintSpans over long text", () => {
  // The scan runs in overlapping windows; wherever the token sits, it is found once, where it is.
  it.each([
    [9000, 100],
    [9000, 3584],
    [9000, 3600],
    [9000, 4080],
    [9000, 4100],
    [9000, 8960],
    [7500, 7400],
    [4096, 4056],
    [4097, 4057],
    [60, 10],
  ])("in %i characters, a token at %i", (length, start) => {
    const text = " ".repeat(start) + NPM_TOKEN + " ".repeat(length - start - NPM_TOKEN.length);
    expect(text.length).toBe(length);
    expect(secretlintSpans(text)).toEqual([{ start, end: start + NPM_TOKEN.length, detector: "secretlint:npm" }]);
  });

  it("finds every token of a text, each once", () => {
    const starts = [0, 3000, 3590, 7000, 7200, 10_000];
    let text = "";
    for (const start of starts) text += " ".repeat(start - text.length) + NPM_TOKEN;
    expect(secretlintSpans(text).map((span) => span.start)).toEqual(starts);
  });
});

describe("secretlint comments", () => {
  it("a secretlint-disable comment neither hides a token nor breaks the scan", () => {
    const text = `// secretlint-disable-line\n${NPM_TOKEN}`;
    expect(secretlintSpans(text)).toEqual([
      { start: text.indexOf("npm_"), end: text.length, detector: "secretlint:npm" },
    ]);
  });
});

describe("ruleSpans", () => {
  it("refuses a rule that answers asynchronously, naming it, instead of skipping it", () => {
    const rule: SecretlintRule = {
      meta: { id: "@secretlint/secretlint-rule-later" },
      create: () => ({ file: async () => undefined }),
    };
    expect(() => ruleSpans([rule], "text")).toThrow(
      "secretlint rule @secretlint/secretlint-rule-later is asynchronous",
    );
  });
});
