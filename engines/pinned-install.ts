/**
 * Whether an adapter of the engine table (its own package) has its one framework package installed at the
 * exact pin its package.json names. The loader, the test configuration, the type check and the examples ask
 * this, so "not measured" has one reason per adapter.
 */
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ADAPTERS, type AdapterFolder, type AdapterRow } from "./catalogue.js";

export type PinnedInstall =
  | { readonly installed: true; readonly version: string }
  | { readonly installed: false; readonly reason: string; readonly found_version: string | null };

function versionIn(file: string, pick: (manifest: Record<string, unknown>) => unknown): string | null {
  if (!existsSync(file)) return null;
  const value = pick(JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>);
  return typeof value === "string" ? value : null;
}

/** The installed version of `pkg` in the adapter at `dir`, when it is the adapter's exact pin. */
export function pinnedInstall(dir: string, pkg: string, command: string): PinnedInstall {
  const pinned = versionIn(
    resolve(dir, "package.json"),
    (m) => (m["dependencies"] as Record<string, unknown> | undefined)?.[pkg],
  );
  const found = versionIn(resolve(dir, "node_modules", pkg, "package.json"), (m) => m["version"]);
  if (found === null)
    return {
      installed: false,
      reason: `${pkg} is not installed for the adapter (run: ${command})`,
      found_version: null,
    };
  if (pinned === null)
    return { installed: false, reason: `the adapter's package.json pins no ${pkg}`, found_version: found };
  if (found !== pinned)
    return {
      installed: false,
      reason: `installed ${pkg} ${found} is not the adapter's exact pin ${pinned} (run: ${command})`,
      found_version: found,
    };
  return { installed: true, version: found };
}

/** The adapter's row in the table. */
export function adapterRow(folder: AdapterFolder): AdapterRow {
  const row = ADAPTERS.find((a) => a.folder === folder);
  if (row === undefined) throw new Error(`no adapter ${folder} in the engine table`);
  return row;
}

/** The adapter's folder, as an absolute path ending in a separator. */
export const adapterDir = (folder: AdapterFolder): string => fileURLToPath(new URL(`../${folder}/`, import.meta.url));

/** What installs the adapter as pinned: its own lockfile, in its own folder. */
export const installCommand = (folder: AdapterFolder): string => `npm ci --prefix ${folder}`;

/** Whether the adapter (in `dir`, its own folder unless a test names another) is installed at its pin. */
export const adapterInstall = (folder: AdapterFolder, dir: string = adapterDir(folder)): PinnedInstall =>
  pinnedInstall(dir, adapterRow(folder).package, installCommand(folder));
