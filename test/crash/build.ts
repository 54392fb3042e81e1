/**
 * The crash child and everything it can load, compiled once per file (test/setup/compile-tree.ts), so each of
 * the ~80 child processes starts as plain `node` instead of paying for tsx's loader.
 */ import { join } from "node:path";
import { compileTree, CORE_SOURCES } from "../setup/compile-tree.js";

/** Folders (and single files) the child imports from, statically or dynamically. */
const SOURCES = [...CORE_SOURCES, "test/crash", "langgraph-adapter/src"];

export type CompiledChild = { readonly dir: string; readonly entry: string };

export async function compileChild(root: string): Promise<CompiledChild> {
  const dir = await compileTree(root, SOURCES, "agent-harness-crash-build-");
  return { dir, entry: join(dir, "test/crash/child.js") };
}
