/** The AI SDK adapter's install check and loader: absent or off its pin, its engines are not measured, with the reason. */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { aiSdkInstall } from "../../scenarios/ai-sdk-install.js";
import { loadAiSdk } from "../../scenarios/load-ai-sdk.js";
import { scratchDir } from "../setup/scratch.js";

function adapterDir(pin: string | null, installed: string | null): string {
  const dir = scratchDir("ai-sdk-adapter-");
  writeFileSync(join(dir, "package.json"), JSON.stringify({ dependencies: pin === null ? {} : { ai: pin } }));
  if (installed !== null) {
    mkdirSync(join(dir, "node_modules/ai"), { recursive: true });
    writeFileSync(join(dir, "node_modules/ai/package.json"), JSON.stringify({ name: "ai", version: installed }));
  }
  return dir;
}

describe("the AI SDK adapter's install", () => {
  it("is not measured when ai is not installed, naming the command that installs it", async () => {
    const dir = adapterDir("6.0.326", null);
    expect(aiSdkInstall(dir)).toEqual({
      installed: false,
      reason: "ai is not installed for the adapter (run: npm ci --prefix ai-sdk-adapter)",
      found_version: null,
    });
    const loaded = await loadAiSdk("ai_sdk_native", { aiSdkDir: dir });
    expect(loaded).toMatchObject({ ok: false, error: { found_version: null } });
  });

  it("refuses another installed version, naming the pin and the version found", async () => {
    const dir = adapterDir("6.0.326", "7.0.1");
    const loaded = await loadAiSdk("ai_sdk_hardened", { aiSdkDir: dir });
    expect(loaded).toEqual({
      ok: false,
      error: {
        reason: "installed ai 7.0.1 is not the adapter's exact pin 6.0.326 (run: npm ci --prefix ai-sdk-adapter)",
        found_version: "7.0.1",
      },
    });
  });

  it("says so when the adapter's module cannot load, with the version it found", async () => {
    const dir = adapterDir("6.0.326", "6.0.326");
    const loaded = await loadAiSdk("ai_sdk_native", { aiSdkDir: dir, aiSdkModule: join(dir, "missing.ts") });
    expect(loaded.ok).toBe(false);
    expect(!loaded.ok && loaded.error.found_version).toBe("6.0.326");
    expect(!loaded.ok && loaded.error.reason).toMatch(/AI SDK adapter/);
  });
});
