/** Licences of the packages the record's run depends on, read from the installed packages (contact data left out). */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { LicenseEntry } from "./record.js";

const readJson = (path: string) => JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;

/** The tools that run the record's commands. */
const TOOLING = ["typescript", "tsx", "vitest"] as const;

function authorOf(author: unknown, name: string): string {
  const raw =
    typeof author === "string"
      ? author
      : typeof author === "object" && author !== null
        ? String((author as { name?: unknown }).name ?? "")
        : "";
  const clean = raw.replace(/<[^>]*>|\([^)]*\)/g, "").trim();
  return clean === "" ? `the ${name} authors` : clean;
}

function entry(dir: string, name: string, pinned: string | undefined, scope: string): LicenseEntry {
  try {
    const pkg = readJson(join(dir, "node_modules", name, "package.json"));
    return {
      source: `npm:${name} (${scope})`,
      version: String(pkg["version"]),
      license: String(pkg["license"] ?? "UNLICENSED"),
      attribution: authorOf(pkg["author"], name),
      redistribution: "not redistributed: installed from the npm registry by the lockfile",
    };
  } catch {
    return {
      source: `npm:${name} (${scope})`,
      version: pinned ?? "unpinned",
      license: "unknown: not installed",
      attribution: `the ${name} authors`,
      redistribution: "not redistributed: not installed here",
    };
  }
}

export function readLicenses(root: string): LicenseEntry[] {
  const rootPkg = readJson(join(root, "package.json"));
  const deps = (rootPkg["dependencies"] ?? {}) as Record<string, string>;
  const dev = (rootPkg["devDependencies"] ?? {}) as Record<string, string>;
  const adapterDir = join(root, "langgraph-adapter");
  const adapterDeps = (readJson(join(adapterDir, "package.json"))["dependencies"] ?? {}) as Record<string, string>;
  return [
    ...Object.keys(deps)
      .sort()
      .map((name) => entry(root, name, deps[name], "runtime dependency")),
    ...TOOLING.map((name) => entry(root, name, dev[name], "development tool")),
    ...Object.keys(adapterDeps)
      .sort()
      .map((name) => entry(adapterDir, name, adapterDeps[name], "langgraph-adapter dependency")),
  ];
}
