/**
 * The framework-availability record: a live probe of LangGraph's loader, with the install present or
 * hidden, written by scripts/availability.ts once it has checked its command line.
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { loadEngine } from "../../engines/index.js";

export const AVAILABILITY_SCHEMA = "agent-harness.framework-availability.v1";

const PRODUCED_BY = {
  absent:
    "A live probe on a machine where LangGraph is installed, with the install hidden for the run: the comparison's loader was pointed at a copy of langgraph-adapter/package.json in an empty temporary folder (no node_modules), as on a checkout that never ran npm ci --prefix langgraph-adapter. Not a read-back of an older record.",
  present:
    "A live probe of the installed adapter: the loader checked the installed @langchain/langgraph against the adapter's exact pin and imported the adapter; versions are read from the installed packages.",
} as const;
const adapterDir = resolve(dirname(fileURLToPath(import.meta.url)), "../../langgraph-adapter");
const PACKAGES = ["@langchain/langgraph", "@langchain/core"] as const;

export const AvailabilityRecord = z.strictObject({
  schema: z.literal(AVAILABILITY_SCHEMA),
  framework: z.literal("langgraph"),
  state: z.enum(["absent", "present"]),
  status: z.enum(["measured", "not-measured"]),
  reason: z.string().nullable(),
  /** How this record was produced: a real probe of the loader, never a read-back of an older record. */
  produced_by: z.string(),
  pinned: z.record(z.string(), z.string()),
  installed: z.record(z.string(), z.string().nullable()),
  install_scope: z.string(),
  install_command: z.string(),
  warnings: z.array(z.string()),
  generated_at: z.string(),
});
export type AvailabilityRecord = z.infer<typeof AvailabilityRecord>;

const readJson = (path: string) => JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;

function pinned(): Record<string, string> {
  const deps = (readJson(join(adapterDir, "package.json"))["dependencies"] ?? {}) as Record<string, string>;
  return Object.fromEntries(PACKAGES.map((name) => [name, deps[name] ?? "unpinned"]));
}

function installedVersion(name: string): string | null {
  try {
    return String(readJson(join(adapterDir, "node_modules", name, "package.json"))["version"]);
  } catch {
    return null;
  }
}

/** What npm says about the installed tree, and the install scripts npm 11 warns about (read from the lockfile). */
function installWarnings(): string[] {
  const warnings: string[] = [];
  const lock = readJson(join(adapterDir, "package-lock.json"));
  const scripted = Object.entries(
    (lock["packages"] ?? {}) as Record<string, { hasInstallScript?: boolean; version?: string }>,
  )
    .filter(([path, meta]) => path !== "" && meta.hasInstallScript === true)
    .map(([path, meta]) => `${path.replace(/^.*node_modules\//, "")}@${meta.version ?? "?"}`);
  if (scripted.length > 0)
    warnings.push(`npm warn install-scripts: packages with install scripts: ${scripted.join(", ")}`);
  try {
    execFileSync("npm", ["ls", "--prefix", adapterDir, "--all", "--json"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    });
  } catch (e) {
    const out = (e as { stdout?: string }).stdout ?? "{}";
    const problems = (JSON.parse(out) as { problems?: string[] }).problems ?? [];
    warnings.push(...problems.map((p) => `npm ls: ${p.replace(adapterDir, "langgraph-adapter")}`));
  }
  return warnings;
}

export async function probe(state: "absent" | "present", now: Date): Promise<AvailabilityRecord> {
  let reason: string | null;
  if (state === "absent") {
    // The install is hidden, not removed: the loader is pointed at a copy of the adapter's package.json
    // in an empty folder, which is what a checkout without `npm ci --prefix langgraph-adapter` holds.
    const dir = mkdtempSync(join(tmpdir(), "langgraph-absent-"));
    try {
      copyFileSync(join(adapterDir, "package.json"), join(dir, "package.json"));
      const loaded = await loadEngine("langgraph", { adapterDir: dir });
      reason = loaded.ok ? null : loaded.error.reason.replace(/\S*langgraph-absent-\S*/g, "<tmp>");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  } else {
    const loaded = await loadEngine("langgraph");
    reason = loaded.ok ? null : loaded.error.reason;
  }
  return AvailabilityRecord.parse({
    schema: AVAILABILITY_SCHEMA,
    framework: "langgraph",
    state,
    status: reason === null ? "measured" : "not-measured",
    reason,
    produced_by: PRODUCED_BY[state],
    pinned: pinned(),
    installed: Object.fromEntries(PACKAGES.map((name) => [name, state === "absent" ? null : installedVersion(name)])),
    install_scope:
      "langgraph-adapter/ only: its own package.json and package-lock.json; the root package and the core do not depend on it",
    install_command: "npm ci --prefix langgraph-adapter",
    warnings: state === "absent" ? [] : installWarnings(),
    generated_at: now.toISOString(),
  });
}
