/**
 * Writes a set of files all or nothing: each goes to a temporary sibling first and is renamed into
 * place only when every one was written, so a failed run never leaves half an evidence file.
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { err, ok, type Result } from "../../handwritten/contract/index.js";

export type OutputFile = { readonly path: string; readonly text: string };

export function writeFilesAtomically(files: readonly OutputFile[]): Result<void, string> {
  const staged: { readonly temp: string; readonly path: string }[] = [];
  try {
    for (const file of files) {
      mkdirSync(dirname(file.path), { recursive: true });
      const temp = `${file.path}.${process.pid}.tmp`;
      staged.push({ temp, path: file.path });
      writeFileSync(temp, file.text);
    }
    for (const { temp, path } of staged) renameSync(temp, path);
    return ok(undefined);
  } catch (e) {
    for (const { temp } of staged) rmSync(temp, { force: true });
    return err(e instanceof Error ? e.message : String(e));
  }
}
