/**
 * Whether the optional AI SDK adapter (ai-sdk-adapter/) is installed as pinned. The loader, the
 * test configuration and the type check ask this one function, so "not measured" has one reason.
 * `pinnedInstall` is generic: any adapter package with an exact pin on one framework package.
 */
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const AI_SDK_ADAPTER_DIR = fileURLToPath(new URL("../ai-sdk-adapter/", import.meta.url));
export const AI_SDK_INSTALL_COMMAND = "npm ci --prefix ai-sdk-adapter";
/** The framework package the adapter pins exactly. */
export const AI_SDK_PACKAGE = "ai";

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

export const aiSdkInstall = (dir: string = AI_SDK_ADAPTER_DIR): PinnedInstall =>
  pinnedInstall(dir, AI_SDK_PACKAGE, AI_SDK_INSTALL_COMMAND);
