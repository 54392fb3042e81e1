import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { unloadableFileAsFailedTest } from "./unloadable-file-reporter.js";

/**
 * The vitest run that `npm run mutate` uses: only the contract's own test files, so each mutant
 * costs the contract's unit tests instead of the whole suite (the machine's cores are shared).
 * `isolate: false`: a fresh module graph per test file cost about 4 s per mutant; Stryker
 * switches mutants at run time, and mutants in module-level code were still killed this way.
 * The extra reporter makes a mutant that stops a module from loading count as killed (see its file).
 */
export default defineConfig({
  root: fileURLToPath(new URL("../..", import.meta.url)),
  test: {
    include: ["contract/**/*.test.ts"],
    // The contract takes its hashing from its host: node:crypto, as in every Node host (durable/ is in the sandbox for it).
    setupFiles: ["scripts/mutation/hashing-setup.ts"],
    isolate: false,
    reporters: ["default", unloadableFileAsFailedTest()],
  },
});
