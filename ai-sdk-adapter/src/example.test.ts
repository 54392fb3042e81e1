/**
 * The hardening layer's example runs as a team would run it (npx tsx examples/ai-sdk-hardened.ts): offline, with a
 * scripted model, on a tool the harness does not ship. It exits 1 when one of its checks fails.
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { paced } from "../../test/setup/pace.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

describe("examples/ai-sdk-hardened.ts", () => {
  it(
    "runs offline and exits 0, every check it prints holding",
    () => {
      const run = spawnSync(process.execPath, ["--import", "tsx", "examples/ai-sdk-hardened.ts"], {
        cwd: ROOT,
        encoding: "utf8",
        timeout: paced(120_000),
      });
      expect(run.stderr).toBe("");
      expect(run.status).toBe(0);
      const lines = run.stdout.split("\n").filter((line) => /^(ok|FAIL)\b/.test(line));
      expect(lines.length).toBeGreaterThan(2);
      expect(lines.filter((line) => !line.startsWith("ok"))).toEqual([]);
    },
    paced(150_000),
  );
});
