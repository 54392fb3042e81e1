/**
 * tsx scripts/typecheck.ts: type-checks the project, then each adapter of the engine table (engines/table.ts) when it is
 * installed as pinned; otherwise says the adapter's check is not measured, and why. The checks are independent and each
 * tsc uses one core, so they run side by side, one per core; each one's output is printed whole, in the list's order.
 */
import { availableParallelism } from "node:os";
import { captured, helpAsked, pooled, type Captured } from "../cli/index.js";
import { ADAPTERS } from "../engines/catalogue.js";
import { adapterInstall } from "../engines/pinned-install.js";

function tsc(project: string): Promise<Captured> {
  // Incremental, its state in node_modules/.cache: a run after a small change re-checks what it touches.
  const buildInfo = `node_modules/.cache/typecheck/${project.replaceAll("/", "_")}.tsbuildinfo`;
  return captured("npx", ["tsc", "-p", project, "--noEmit", "--incremental", "--tsBuildInfoFile", buildInfo]);
}

const USAGE = "Usage: tsx scripts/typecheck.ts   (npm run typecheck; no options)";
if (helpAsked(process.argv.slice(2))) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
let status = 0;
const projects = ["tsconfig.json"];
for (const adapter of ADAPTERS) {
  const found = adapterInstall(adapter.folder);
  if (found.installed) projects.push(`${adapter.folder}/tsconfig.json`);
  else if (process.env["CI"] === "true") {
    process.stderr.write(`typecheck: CI must type-check the ${adapter.name} adapter: ${found.reason}\n`);
    status = 1;
  } else process.stderr.write(`not measured: the ${adapter.name} adapter's type check: ${found.reason}\n`);
}
const checked = await pooled(projects, availableParallelism(), tsc);
for (const { status: code, output } of checked) {
  process.stdout.write(output);
  if (code !== 0) status = code;
}
process.exitCode = status;
