/**
 * Where the Chromium that playwright-core drives is: AGENT_HARNESS_CHROMIUM when set, else the first of
 * the usual names found on PATH. The browser tests and `npm run report:screenshot` ask this one function,
 * so a machine with Chromium elsewhere needs one variable, and a machine without it gets one reason.
 */
import { accessSync, constants, statSync } from "node:fs";
import { delimiter, join } from "node:path";

export const CHROMIUM_ENV = "AGENT_HARNESS_CHROMIUM";
/**
 * Chromium's headless shell first (Debian's `chromium-headless-shell`, what `.ci/run` installs): the old headless
 * mode, a separate binary since Chrome 132 (developer.chrome.com/docs/chromium/headless), the one Playwright itself
 * runs for headless Chromium since 1.49 (microsoft/playwright#33566). Same Blink, no browser UI around it: the browser
 * tier took 125 CPU-s with it against 198 with `chromium` (Chromium 156, two cores). Then the full browser, under the
 * names the distributions use.
 */
const NAMES = ["chromium-headless-shell", "chromium", "chromium-browser", "google-chrome-stable", "google-chrome"];

export type ChromiumFound =
  { readonly found: true; readonly path: string } | { readonly found: false; readonly reason: string };

const executable = (path: string): boolean => {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
};

export function findChromium(env: NodeJS.ProcessEnv = process.env): ChromiumFound {
  const override = env[CHROMIUM_ENV];
  if (override !== undefined && override !== "")
    return executable(override)
      ? { found: true, path: override }
      : { found: false, reason: `${CHROMIUM_ENV}=${override} is not an executable file` };
  const dirs = (env["PATH"] ?? "").split(delimiter).filter(Boolean);
  for (const name of NAMES)
    for (const dir of dirs) if (executable(join(dir, name))) return { found: true, path: join(dir, name) };
  return {
    found: false,
    reason: `no Chromium on PATH (${NAMES.join(", ")}) and ${CHROMIUM_ENV} is not set (Debian: apt-get install -y chromium-headless-shell)`,
  };
}
