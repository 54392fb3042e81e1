import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";
import { measurePace, PACE_ENV } from "./test/setup/pace.js";
import { HeavyFirstSequencer } from "./test/setup/heavy-first.js";
import { enableCompileCache } from "./test/setup/compile-cache.js";
import { absences, ciFailure, notMeasuredLine } from "./test/setup/requirements.js";
import { PROJECTS } from "./test/setup/projects.js";

// Every worker and every process a test starts compiles the same modules: once, on disk (test/setup/compile-cache.ts).
enableCompileCache(fileURLToPath(new URL(".", import.meta.url)));

/**
 * Two tiers of projects. `npm test` runs the fast tier (`--project '!heavy:*'`); `npm run test:all` adds the
 * heavy one; `npx vitest run --project <name>` runs one area. A suite whose framework adapter, PostgreSQL
 * server or Chromium is missing is left out and named on one `not measured:` line at the start and the end
 * (test/setup/requirements.ts); under CI=true that fails the run instead.
 */
const missing = absences();
const failure = ciFailure(missing);
if (failure !== null) throw new Error(failure);
const notMeasured = notMeasuredLine(missing);
if (notMeasured !== null) process.stderr.write(`${notMeasured}\n`);
const absent = missing.flatMap((a) => a.requirement.suites);

/**
 * vitest's default is one worker fewer than the cores: a single worker on two. Much of the suite waits on child
 * processes, Chromium, Postgres and timers, so a second worker fills that time; under CI, which runs the heavy
 * tier (the longest waits), one worker more than the cores.
 */
const cores = availableParallelism();
const workers = process.env["CI"] === "true" ? cores + 1 : Math.max(2, cores - 1);

// Limits on wall time scale with how fast this machine is now (test/setup/pace.ts), and with more workers than
// cores; the workers read it.
const pace = measurePace(workers);
process.env[PACE_ENV] = JSON.stringify(pace);

const projects: TestProjectInlineConfiguration[] = PROJECTS.map(({ name, include, isolate }, at) => ({
  test: {
    name,
    include: [...include],
    isolate,
    // Each file once: what an earlier project took, and what this machine cannot run.
    exclude: ["**/node_modules/**", ".stryker-tmp/**", ...PROJECTS.slice(0, at).flatMap((p) => p.include), ...absent],
    // The contract takes its hashing from its host; every test file is a Node host (test/setup/hashing.ts).
    setupFiles: ["test/setup/hashing.ts", "test/setup/slow-limit.ts", "test/setup/scratch-files.ts"],
    testTimeout: Math.ceil(30_000 * pace.factor),
    hookTimeout: Math.ceil(30_000 * pace.factor),
    pool: "forks",
  },
}));

export default defineConfig({
  test: {
    projects,
    // The line again at the end, where a reader of the run's last screen sees it.
    globalSetup: ["test/setup/not-measured.ts", "test/setup/tmp-leaks.ts", "test/setup/compiled-tree.ts"],
    provide: { notMeasured },
    maxWorkers: workers,
    sequence: { sequencer: HeavyFirstSequencer },
  },
});
