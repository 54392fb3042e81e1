/** The Mastra adapter's install check and loader: absent or off its pin, its engines are not measured, with the reason. */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadMastra, mastraInstall } from "../../scenarios/mastra-engines.js";
import { scratchDir } from "../setup/scratch.js";

function adapterDir(pin: string | null, installed: string | null): string {
  const dir = scratchDir("mastra-adapter-");
  const pkg = "@mastra/core";
  writeFileSync(join(dir, "package.json"), JSON.stringify({ dependencies: pin === null ? {} : { [pkg]: pin } }));
  if (installed !== null) {
    mkdirSync(join(dir, "node_modules", pkg), { recursive: true });
    writeFileSync(join(dir, "node_modules", pkg, "package.json"), JSON.stringify({ name: pkg, version: installed }));
  }
  return dir;
}

describe("the Mastra adapter's install", () => {
  it("is not measured when @mastra/core is not installed, naming the command that installs it", async () => {
    const dir = adapterDir("1.71.0", null);
    expect(mastraInstall(dir)).toEqual({
      installed: false,
      reason: "@mastra/core is not installed for the adapter (run: npm ci --prefix mastra-adapter)",
      found_version: null,
    });
    const loaded = await loadMastra("mastra_native", { mastraDir: dir });
    expect(loaded).toMatchObject({ ok: false, error: { found_version: null } });
  });

  it("refuses another installed version, naming the pin and the version found", async () => {
    const dir = adapterDir("1.71.0", "1.70.0");
    const loaded = await loadMastra("mastra_hardened", { mastraDir: dir });
    expect(loaded).toEqual({
      ok: false,
      error: {
        reason:
          "installed @mastra/core 1.70.0 is not the adapter's exact pin 1.71.0 (run: npm ci --prefix mastra-adapter)",
        found_version: "1.70.0",
      },
    });
  });

  it("says so when the adapter's module cannot load, with the version it found", async () => {
    const dir = adapterDir("1.71.0", "1.71.0");
    const loaded = await loadMastra("mastra_native", { mastraDir: dir, mastraModule: join(dir, "missing.ts") });
    expect(loaded.ok).toBe(false);
    expect(!loaded.ok && loaded.error.found_version).toBe("1.71.0");
    expect(!loaded.ok && loaded.error.reason).toMatch(/Mastra adapter/);
  });
});
