/**
 * Whether an optional adapter package (langgraph-adapter/, openai-agents-adapter/, ai-sdk-adapter/)
 * has its one framework package installed at the exact pin its package.json names. The loaders,
 * the test configuration and the type check ask this, so "not measured" has one reason per adapter.
 */
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";

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
