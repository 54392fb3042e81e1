/**
 * How an entry point loads what it runs once it has checked its input: node:crypto's hashing
 * installed first, then the run module, so a module that hashes as it loads finds it installed.
 * The entry imports this file statically and it imports nothing statically, so a refusal still
 * loads neither the hashing nor the contract (test/cli/light-entries.test.ts).
 */
export async function loadRun<T>(load: () => Promise<T>): Promise<T> {
  const { installNodeHashing } = await import("./node-hashing.js");
  // Installed by this call, not by the import alone: the module may already be loaded, and
  // something may have installed another implementation since.
  installNodeHashing();
  return load();
}
