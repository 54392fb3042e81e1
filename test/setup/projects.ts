/**
 * vitest.config.ts's projects, apart from the configuration so a test can read them without measuring the machine.
 * The README and docs/testing.md name them; `npx vitest run --project <name>` runs one.
 */
import { ADAPTERS, ENGINE_TABLE } from "../../engines/catalogue.js";

/**
 * The projects: name, files, and whether each file gets a process of its own. A file belongs to the first project
 * whose patterns match it. The fast projects share their workers' loaded modules between files (isolated, each file
 * loaded the contract, the engines and the frameworks again: docs/testing.md); a file that replaces a module with
 * `vi.mock` needs fresh ones, so it belongs to an isolated project (test/isolation.test.ts checks it).
 */
export type Project = {
  readonly name: string;
  readonly include: readonly string[];
  readonly isolate: boolean;
  /**
   * Checks of the sources' types (the TypeScript compiler over the project), which do not depend on the Node version
   * that runs them: CI's second pass, on Node 24, leaves them out, as it leaves out `npm run checks`.
   */
  readonly typesOnly?: true;
};

/** A heavy project: `heavy:<name>`, each file in a process of its own. */
const heavy = (name: string, ...include: string[]): Project => ({ name: `heavy:${name}`, include, isolate: true });

export const PROJECTS: readonly Project[] = [
  // The heavy tier: minutes each, child processes, servers and a browser.
  heavy("faults", "test/faults/schedules.test.ts"),
  heavy("crash", "test/crash/**/*.test.ts"),
  heavy("bench", "test/bench/bench.test.ts"),
  heavy(
    "postgres",
    "test/stores/postgres-bridge.test.ts",
    "langgraph-adapter/src/postgres-saver.validation.test.ts",
    "test/bench/scale.test.ts",
  ),
  heavy(
    "browser",
    "web/e2e.test.ts",
    "web/flow-e2e.test.ts",
    "test/report/report-e2e.test.ts",
    "test/report/report-lang-e2e.test.ts",
  ),
  heavy("conformance", "test/evidence/mcp-conformance.test.ts"),
  heavy("mutation", "test/evidence/mutation.test.ts"),
  heavy("ablation", "test/comparison/ablation-full.test.ts"),
  // Every engine compared under each sabotage of a tampering check (minutes: 24 whole comparisons).
  heavy("sabotage", "test/comparison/tamper-sabotage.test.ts"),
  heavy("corpus", "test/scenarios/secret-places-heavy.test.ts"),
  // The fast tier. First the files that switch one of the contract's checks off (vi.mock), each shown to matter.
  {
    name: "sabotage",
    include: [
      "test/comparison/sabotage.test.ts",
      "test/comparison/secrets-sabotage.test.ts",
      "test/scenarios/bare-executor-column.test.ts",
      "langgraph-adapter/src/bare-executor-column.test.ts",
    ],
    isolate: true,
  },
  // Adding a risk class must fail to compile until every reader handles it (a compile of the whole project, 17 CPU-s).
  { name: "types", include: ["test/architecture/risk-exhaustive.test.ts"], isolate: false, typesOnly: true },
  {
    name: "core",
    include: [
      "contract/**/*.test.ts",
      "runtime/**/*.test.ts",
      // The engines in the core: the engine table's core folders.
      ...ENGINE_TABLE.flatMap((f) => (f.kind === "core" ? [`${f.folder}/**/*.test.ts`] : [])),
      "durable/**/*.test.ts",
      "engines/**/*.test.ts",
      "test/*.test.ts",
      "test/architecture/**/*.test.ts",
      "test/engines/**/*.test.ts",
      "test/planners/**/*.test.ts",
      "test/scenarios/**/*.test.ts",
      "scripts/**/*.test.ts",
    ],
    isolate: false,
  },
  { name: "stores", include: ["test/stores/**/*.test.ts"], isolate: false },
  { name: "mcp", include: ["mcp/**/*.test.ts"], isolate: false },
  { name: "web", include: ["web/**/*.test.ts"], isolate: false },
  { name: "comparison", include: ["test/comparison/**/*.test.ts"], isolate: false },
  {
    name: "cli",
    include: ["test/cli/**/*.test.ts", "test/faults/**/*.test.ts", "test/bench/**/*.test.ts"],
    isolate: false,
  },
  {
    name: "evidence",
    include: ["test/evidence/**/*.test.ts", "test/docs/**/*.test.ts", "test/report/**/*.test.ts"],
    isolate: false,
  },
  // One project per adapter of the engine table, named by its folder (`npx vitest run --project mastra`).
  ...ADAPTERS.map((a) => ({
    name: a.folder.replace(/-adapter$/, ""),
    include: [`${a.folder}/src/**/*.test.ts`],
    isolate: false,
  })),
];

/** The projects CI runs again on Node 24 (`.ci/run`): the fast tier, less the checks of the types. */
export const nodeRerunProjects = (): readonly string[] =>
  PROJECTS.filter((p) => !p.name.startsWith("heavy:") && p.typesOnly !== true).map((p) => p.name);
