/**
 * Every npm script parses in the shell npm runs it with (sh, which is dash on Debian): a quote that
 * ends early (an apostrophe inside an echo) broke `npm run setup`, the README's first command, on a fresh clone.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const scripts = (
  JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
    scripts: Record<string, string>;
  }
).scripts;

describe("package.json's scripts", () => {
  it.each(Object.entries(scripts))("%s parses in sh", (_name, script) => {
    const parsed = spawnSync("sh", ["-n", "-c", script], { encoding: "utf8" });
    expect(parsed.stderr).toBe("");
    expect(parsed.status).toBe(0);
  });
});
