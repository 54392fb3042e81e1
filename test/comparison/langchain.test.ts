/** The LangChain createAgent engines are loaded only at the adapter's exact pin; otherwise compare says not measured. */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../scripts/compare.js";
import { NOT_MEASURED, type ComparisonReport } from "../../scripts/comparison/report.js";
import { FRAMEWORK_IDS } from "../../scenarios/index.js";
import { scratchDir } from "../setup/scratch.js";

const PIN = "1.5.14";

/** An adapter folder that pins `PIN` while its node_modules holds `found` (or nothing). */
function adapterWith(found: string | null): string {
  const dir = scratchDir("langchain-pin-");
  writeFileSync(join(dir, "package.json"), JSON.stringify({ dependencies: { langchain: PIN } }));
  if (found !== null) {
    mkdirSync(join(dir, "node_modules/langchain"), { recursive: true });
    writeFileSync(join(dir, "node_modules/langchain/package.json"), JSON.stringify({ version: found }));
  }
  return dir;
}

async function compareTo(framework: string, langchainDir: string) {
  const output = join(scratchDir("langchain-"), "evidence.json");
  const code = await main(["--framework", framework, "--output", output, "--quiet"], {
    stdout: () => undefined,
    stderr: () => undefined,
    load: { adapterDir: langchainDir },
  });
  return { code, report: JSON.parse(readFileSync(output, "utf8")) as ComparisonReport };
}

describe("the LangChain createAgent engines", () => {
  it("are in the registry, native and hardened", () => {
    expect(FRAMEWORK_IDS).toEqual(expect.arrayContaining(["langchain_agent_native", "langchain_agent_hardened"]));
  });

  it.each(["langchain_agent_native", "langchain_agent_hardened"])(
    "%s at another version is not measured (exit 3), naming the pin and the version found",
    async (framework) => {
      const { code, report } = await compareTo(framework, adapterWith("1.5.13"));
      expect(code).toBe(3);
      expect(report.status).toBe(NOT_MEASURED);
      expect(report.found_version).toBe("1.5.13");
      expect(report.reason).toContain(`exact pin ${PIN}`);
      expect(report.scenarios.every((s) => s.framework === NOT_MEASURED)).toBe(true);
    },
  );

  it("says not installed when the adapter's node_modules holds no langchain", async () => {
    const { code, report } = await compareTo("langchain_agent_hardened", adapterWith(null));
    expect([code, report.found_version]).toEqual([3, null]);
    expect(report.reason).toMatch(/langchain is not installed .*npm ci --prefix langchain-adapter/);
  });

  it("says why when the pinned package is there but the adapter cannot load", async () => {
    // The pin matches, but the folder has no adapter source: the import fails and the reason says so.
    const { code, report } = await compareTo("langchain_agent_native", adapterWith(PIN));
    expect([code, report.found_version]).toEqual([3, PIN]);
    expect(report.reason).toMatch(/the LangChain adapter failed to load/);
  });
});
