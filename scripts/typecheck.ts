/**
 * tsx scripts/typecheck.ts: type-checks the project and each adapter of the engine table (engines/table.ts) that is
 * installed as pinned, as one program (scripts/typecheck/program.ts); an adapter that is not says its check is not
 * measured, and why.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { captured, helpAsked } from "../cli/index.js";
import { ADAPTERS } from "../engines/catalogue.js";
import { adapterInstall } from "../engines/pinned-install.js";
import { typecheckProgram } from "./typecheck/program.js";

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
const program = typecheckProgram(projects);
if (!program.ok) {
  process.stderr.write(
    `typecheck: ${program.reason}: ${program.projects.join(", ")} set compiler options of their own; extend the root's\n`,
  );
  process.exit(2);
}
// The program in a tsconfig of its own, incremental, its state in node_modules/.cache: a run after a small change
// re-checks what it touches.
const cache = "node_modules/.cache/typecheck";
mkdirSync(cache, { recursive: true });
const tsconfig = join(cache, "project-and-adapters.json");
const files = program.files.map((file) => relative(cache, file));
writeFileSync(
  tsconfig,
  `${JSON.stringify({ extends: relative(cache, "tsconfig.json"), files, include: [] }, null, 2)}\n`,
);
const buildInfo = join(cache, "project-and-adapters.tsbuildinfo");
const checked = await captured("npx", [
  "tsc",
  "-p",
  tsconfig,
  "--noEmit",
  "--incremental",
  "--tsBuildInfoFile",
  buildInfo,
]);
process.stdout.write(checked.output);
if (checked.status !== 0) status = checked.status;
process.exitCode = status;
