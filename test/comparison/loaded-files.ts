/**
 * Runs `compare` as a person does (through tsx) with a hook that lists what the process loads:
 * every ES module as `import <url>`, and at exit every CommonJS file as `require <path>` and whether
 * Node's source maps were on (`source maps true|false`); then every source of the run's bundle
 * (scripts/comparison/bundle.ts, built in a scratch folder) as `bundle <path>`. The loading tests read
 * the list to see that a run loads only what it needs, and each package once.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

const HOOKS = `import { appendFileSync } from "node:fs";
export async function load(url, context, next) {
  appendFileSync(process.env.LOADED_FILES, "import " + url + "\\n");
  return next(url, context);
}
`;
const REGISTER = `import { appendFileSync } from "node:fs";
import { createRequire, register } from "node:module";
register(new URL("./hooks.mjs", import.meta.url));
const cache = createRequire(import.meta.url).cache;
process.on("exit", () => {
  for (const file of Object.keys(cache)) appendFileSync(process.env.LOADED_FILES, "require " + file + "\\n");
  appendFileSync(process.env.LOADED_FILES, "source maps " + process.sourceMapsEnabled + "\\n");
});
`;

export type CompareLoad = {
  readonly status: number | null;
  readonly stderr: string;
  /** `import <url>` and `require <path>` lines, in the order they were recorded, then `bundle <path>` lines. */
  readonly files: readonly string[];
  /** The evidence the run wrote. */
  readonly report: { readonly status: string } | null;
};

/** `tsx scripts/compare.ts --framework <framework> --output <tmp> --quiet [...extra]`, with what it loaded. */
export function compareLoads(
  framework: string,
  extra: readonly string[] = [],
  env: Readonly<Record<string, string>> = {},
): CompareLoad {
  const scratch = mkdtempSync(join(tmpdir(), "compare-loads-"));
  try {
    writeFileSync(join(scratch, "hooks.mjs"), HOOKS);
    writeFileSync(join(scratch, "register.mjs"), REGISTER);
    const list = join(scratch, "loaded.txt");
    const bundles = join(scratch, "bundles");
    const output = join(scratch, "comparison.json");
    writeFileSync(list, "");
    // `node --import tsx` is what the tsx command runs; the hook registers after tsx's, so it sees every module.
    const run = spawnSync(
      process.execPath,
      ["--import", "tsx", "--import", join(scratch, "register.mjs"), "scripts/compare.ts"].concat([
        "--framework",
        framework,
        "--output",
        output,
        "--quiet",
        ...extra,
      ]),
      {
        cwd: ROOT,
        env: { ...process.env, AGENT_HARNESS_BUNDLE_CACHE: bundles, ...env, LOADED_FILES: list },
        encoding: "utf8",
      },
    );
    let report: CompareLoad["report"] = null;
    try {
      report = JSON.parse(readFileSync(output, "utf8")) as { status: string };
    } catch {
      report = null;
    }
    const files = [...readFileSync(list, "utf8").split("\n").filter(Boolean), ...bundledSources(bundles)];
    return { status: run.status, stderr: run.stderr, files, report };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** `bundle <path>` for each source of each bundle built in `dir` (its manifest lists them, from the root). */
function bundledSources(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .flatMap((f) => {
      const { manifest } = JSON.parse(readFileSync(join(dir, f), "utf8")) as {
        manifest: { inputs: { path: string }[] };
      };
      return manifest.inputs.map((i) => `bundle ${join(ROOT, i.path)}`);
    });
}

/** The files whose path matches `pattern` (slashes as `/`, on every platform). */
export const filesMatching = (load: CompareLoad, pattern: RegExp) =>
  load.files.map((line) => line.split("\\").join("/")).filter((line) => pattern.test(line));
