/**
 * The documents' generated regions: which files hold them, and each file as `npm run docs` would
 * write it now. The entry point writes; the test compares.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { err, ok, type Result } from "../../contract/index.js";
import { fillRegions } from "./regions.js";
import { GENERATORS } from "./sources.js";

export { fillRegions, regionsOf, type Region } from "./regions.js";
export { GENERATORS } from "./sources.js";

/** The markdown that may hold generated regions: the README, every page of docs/, and web/README.md. */
export function documentPaths(root: string): string[] {
  const pages = existsSync(join(root, "docs"))
    ? readdirSync(join(root, "docs"))
        .filter((name) => name.endsWith(".md"))
        .sort()
        .map((name) => `docs/${name}`)
    : [];
  return ["README.md", ...pages, "web/README.md"].filter((path) => existsSync(join(root, path)));
}

export type Document = { readonly path: string; readonly current: string; readonly generated: string };

/** Each document as it is and as the generators would write it; an error names the file and the region. */
export function renderDocuments(root: string): Result<Document[], string> {
  const documents: Document[] = [];
  for (const path of documentPaths(root)) {
    const current = readFileSync(join(root, path), "utf8");
    const filled = fillRegions(current, (name) => GENERATORS[name]?.(root));
    if (!filled.ok) return err(`${path}: ${filled.error}`);
    documents.push({ path, current, generated: filled.value });
  }
  return ok(documents);
}
