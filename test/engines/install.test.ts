/**
 * Every adapter of the engine table, installed or not: absent or off its pin, its engines are not measured, with
 * the reason and the version found; the one loader says so when the adapter's module cannot load.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ADAPTERS, adapterInstall, loadEngine, needsPostgres } from "../../engines/index.js";

const scratch = mkdtempSync(join(tmpdir(), "adapter-install-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A folder shaped like an adapter's: its package.json pins `pkg` at `pin`, its node_modules hold `installed`. */
function adapterDir(pkg: string, pin: string | null, installed: string | null): string {
  const dir = mkdtempSync(join(scratch, "adapter-"));
  writeFileSync(join(dir, "package.json"), JSON.stringify({ dependencies: pin === null ? {} : { [pkg]: pin } }));
  if (installed !== null) {
    mkdirSync(join(dir, "node_modules", pkg), { recursive: true });
    writeFileSync(join(dir, "node_modules", pkg, "package.json"), JSON.stringify({ name: pkg, version: installed }));
  }
  return dir;
}

it("reads the reason of one adapter as a person would (Mastra)", () => {
  expect(adapterInstall("mastra-adapter", adapterDir("@mastra/core", "1.71.0", null))).toEqual({
    installed: false,
    reason: "@mastra/core is not installed for the adapter (run: npm ci --prefix mastra-adapter)",
    found_version: null,
  });
});

describe.each(ADAPTERS)("the $name adapter ($folder)", (adapter) => {
  const id = adapter.engines[0].id;
  const command = `npm ci --prefix ${adapter.folder}`;

  it("is not measured when its framework is not installed, naming the command that installs it", async () => {
    const dir = adapterDir(adapter.package, "1.0.0", null);
    expect(adapterInstall(adapter.folder, dir)).toEqual({
      installed: false,
      reason: `${adapter.package} is not installed for the adapter (run: ${command})`,
      found_version: null,
    });
    expect(await loadEngine(id, { adapterDir: dir })).toMatchObject({ ok: false, error: { found_version: null } });
  });

  it("refuses another installed version, naming the pin and the version found", async () => {
    const loaded = await loadEngine(id, { adapterDir: adapterDir(adapter.package, "1.0.0", "0.9.9") });
    expect(loaded).toEqual({
      ok: false,
      error: {
        reason: `installed ${adapter.package} 0.9.9 is not the adapter's exact pin 1.0.0 (run: ${command})`,
        found_version: "0.9.9",
      },
    });
  });

  it("refuses a package.json that pins nothing", () => {
    expect(adapterInstall(adapter.folder, adapterDir(adapter.package, null, "1.0.0"))).toMatchObject({
      installed: false,
      found_version: "1.0.0",
    });
  });

  it("says so when the adapter's module cannot load, with the version it found", async () => {
    const dir = adapterDir(adapter.package, "1.0.0", "1.0.0");
    // An adapter that needs PostgreSQL is given a URL, so the load is what fails (nothing connects at load).
    const postgresUrl = "postgres://nobody@127.0.0.1:1/none";
    const loaded = await loadEngine(id, { adapterDir: dir, adapterModule: join(dir, "missing.ts"), postgresUrl });
    expect(loaded).toMatchObject({ ok: false, error: { found_version: "1.0.0" } });
    expect(!loaded.ok && loaded.error.reason).toContain(`the ${adapter.name} adapter failed to load (run: ${command})`);
  });
});

describe("an adapter that needs PostgreSQL (the engine table's needs)", () => {
  // A folder installed at the row's pin, so the check runs whether or not this machine installed the adapter.
  it.each(ADAPTERS.filter(needsPostgres).flatMap((a) => a.engines.map((e) => [e.id, a] as const)))(
    "%s is not measured without a URL, and says how to give one",
    async (id, adapter) => {
      const saved = process.env["AGENT_HARNESS_PG_URL"];
      delete process.env["AGENT_HARNESS_PG_URL"];
      try {
        const loaded = await loadEngine(id, {
          adapterDir: adapterDir(adapter.package, adapter.version, adapter.version),
        });
        expect(!loaded.ok && loaded.error.reason).toMatch(/runs on PostgreSQL: give --store postgres:URL/);
      } finally {
        if (saved !== undefined) process.env["AGENT_HARNESS_PG_URL"] = saved;
      }
    },
  );
});
