/** The OpenAI Agents engines are loaded only at the adapter's exact pin; otherwise compare says not measured. */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../scripts/compare.js";
import { NOT_MEASURED, type ComparisonReport } from "../../scripts/comparison/report.js";
import { FRAMEWORK_IDS } from "../../scenarios/index.js";
import { scratchDir } from "../setup/scratch.js";

const PIN = "0.20.0";

/** An adapter folder that pins `PIN` while its node_modules holds `found` (or nothing). */
function adapterWith(found: string | null): string {
  const dir = scratchDir("openai-agents-pin-");
  writeFileSync(join(dir, "package.json"), JSON.stringify({ dependencies: { "@openai/agents": PIN } }));
  if (found !== null) {
    mkdirSync(join(dir, "node_modules/@openai/agents"), { recursive: true });
    writeFileSync(join(dir, "node_modules/@openai/agents/package.json"), JSON.stringify({ version: found }));
  }
  return dir;
}

async function compareTo(framework: string, openaiAgentsDir: string) {
  const output = join(scratchDir("openai-agents-"), "evidence.json");
  const code = await main(["--framework", framework, "--output", output, "--quiet"], {
    stdout: () => undefined,
    stderr: () => undefined,
    load: { adapterDir: openaiAgentsDir },
  });
  return { code, report: JSON.parse(readFileSync(output, "utf8")) as ComparisonReport };
}

describe("the OpenAI Agents engines", () => {
  it("are in the registry, native and hardened", () => {
    expect(FRAMEWORK_IDS).toEqual(expect.arrayContaining(["openai_agents_native", "openai_agents_hardened"]));
  });

  it.each(["openai_agents_native", "openai_agents_hardened"])(
    "%s at another version is not measured (exit 3), naming the pin and the version found",
    async (framework) => {
      const { code, report } = await compareTo(framework, adapterWith("0.19.0"));
      expect(code).toBe(3);
      expect(report.status).toBe(NOT_MEASURED);
      expect(report.found_version).toBe("0.19.0");
      expect(report.reason).toContain(`exact pin ${PIN}`);
      expect(report.scenarios.every((s) => s.framework === NOT_MEASURED)).toBe(true);
    },
  );

  it("says not installed when the adapter's node_modules holds no @openai/agents", async () => {
    const { code, report } = await compareTo("openai_agents_hardened", adapterWith(null));
    expect([code, report.found_version]).toEqual([3, null]);
    expect(report.reason).toMatch(/@openai\/agents is not installed .*npm ci --prefix openai-agents-adapter/);
  });

  it("says why when the pinned package is there but the adapter cannot load", async () => {
    // The pin matches, but the folder has no adapter source: the import fails and the reason says so.
    const { code, report } = await compareTo("openai_agents_native", adapterWith(PIN));
    expect([code, report.found_version]).toEqual([3, PIN]);
    expect(report.reason).toMatch(/the OpenAI Agents adapter failed to load/);
  });
});
