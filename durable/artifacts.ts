/** Large tool outputs on disk: one atomically written file per reference (content-addressed refs, so a rewrite is the same bytes). */
import { join } from "node:path";
import type { ArtifactStore } from "../handwritten/contract/index.js";
import { ensureDir, fileNameOf, readJsonFile, writeFileAtomic } from "./files.js";

type Stored = { readonly ref: string; readonly body: string };

export function createFileArtifactStore(dir: string): ArtifactStore {
  ensureDir(dir);
  const pathOf = (ref: string) => join(dir, `${fileNameOf(ref)}.json`);
  const get = (ref: string) => {
    const stored = readJsonFile(pathOf(ref)) as Stored | undefined;
    return stored?.ref === ref ? stored.body : undefined;
  };
  return {
    put(ref, body) {
      if (get(ref) !== body) writeFileAtomic(pathOf(ref), JSON.stringify({ ref, body } satisfies Stored));
    },
    get,
  };
}
