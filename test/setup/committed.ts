/**
 * An evidence file as git holds it at HEAD: what the evidence checks hold the project to. The working
 * copy is what the last `npm run compare` wrote (the Quick start rewrites it), so it is read only
 * outside a git checkout (an unpacked tarball), where HEAD says nothing.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gitProvenance } from "../../scripts/evidence/provenance.js";

const ROOT = resolve(fileURLToPath(new URL("../..", import.meta.url)));

/** `path` relative to the repository root, e.g. `evidence/13-framework-comparison-local-v2.json`. */
export function committedText(path: string): string {
  return gitProvenance(ROOT).committed(path) ?? readFileSync(join(ROOT, path), "utf8");
}
