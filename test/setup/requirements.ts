/**
 * What some suites need from the machine: a framework adapter installed as pinned, a PostgreSQL server, a
 * Chromium. One table, one treatment: an absent one leaves its suites out, said on one `not measured:` line at
 * the start and the end of the run, and the run is green; under CI=true every one must be present.
 */
import { findChromium } from "../../cli/index.js";
import {
  ADAPTERS,
  exampleOf,
  folderOf,
  needsPostgres,
  type AdapterRow,
  type EngineId,
} from "../../engines/catalogue.js";
import { adapterInstall } from "../../engines/pinned-install.js";
import { isFrameworkVariant } from "../../engines/variants.js";
import { NOT_MEASURED_REASON, postgresUrl } from "../stores/targets.js";

/** The ablation's committed evidence covers every layered engine: it is measured only with every adapter installed. */
const ABLATION = "test/comparison/ablation.test.ts";

export type Presence = { readonly present: true } | { readonly present: false; readonly reason: string };

export type Requirement = {
  readonly name: string;
  /** Test files that cannot run without it (left out when it is absent). */
  readonly suites: readonly string[];
  /** What else it takes away, when that is part of a file (said on the line, nothing to exclude). */
  readonly cases?: string;
  readonly detect: () => Presence;
};

/**
 * The suites made with every built-in engine measured (the framework variants aside): an adapter that holds a
 * built-in engine takes them away when it is absent, besides its own suites.
 */
const BUILT_IN_SUITES = ["test/faults/schedules.test.ts", "test/crash/**", "test/evidence/runtime-record.test.ts"];

/** An adapter of the engine table, installed as pinned (engines/pinned-install.ts), one requirement each. */
const adapterRequirement = (adapter: AdapterRow): Requirement => ({
  name: `the ${adapter.name} adapter`,
  suites: [
    `${adapter.folder}/**`,
    // Its rows of the crash matrix, when it has a file there of its name (test/crash/dbos-adapter.test.ts).
    `test/crash/${adapter.folder}.test.ts`,
    ABLATION,
    ...(adapter.engines.some((e) => !isFrameworkVariant(e.id)) ? BUILT_IN_SUITES : []),
  ],
  // Files that run cases of several adapters leave this one's out (whether a case runs: `measuredHere`).
  cases: [
    "the store fault suite's cases on its engines",
    ...(adapter.engines.some((e) => !isFrameworkVariant(e.id))
      ? ["its engine's run of the bug-report columns (test/comparison/bug-reports.test.ts)"]
      : []),
    ...(exampleOf(adapter) === null ? [] : [`the run of ${exampleOf(adapter)} (test/engines/examples.test.ts)`]),
  ].join(", "),
  detect: () => {
    const install = adapterInstall(adapter.folder);
    return install.installed ? { present: true } : { present: false, reason: install.reason };
  },
});
const ADAPTER_REQUIREMENTS = new Map(ADAPTERS.map((adapter) => [adapter, adapterRequirement(adapter)]));

/** Whether the adapter's requirement is present: its suites run, and its cases in files shared with others. */
export const adapterPresent = (adapter: AdapterRow): boolean =>
  ADAPTER_REQUIREMENTS.get(adapter)?.detect().present === true;

/**
 * Whether an engine's cases run here, in a file that also runs other engines' (the adapter's line names them
 * when not): a core engine always, an adapter's engine with its adapter's requirement present.
 */
export const measuredHere = (id: EngineId): boolean => {
  const folder = folderOf(id);
  return folder.kind === "core" || adapterPresent(folder);
};

export const REQUIREMENTS: readonly Requirement[] = [
  ...ADAPTER_REQUIREMENTS.values(),
  {
    name: "PostgreSQL",
    suites: [
      "test/stores/postgres-bridge.test.ts",
      "langgraph-adapter/src/postgres-saver.validation.test.ts",
      "test/bench/scale.test.ts",
      // An adapter whose engines run only on PostgreSQL (the engine table's `needs`).
      ...ADAPTERS.filter(needsPostgres).flatMap((a) => [`${a.folder}/**`, `test/crash/${a.folder}.test.ts`]),
    ],
    cases:
      "the Postgres cases of the store suites, of the MCP server's restore test (mcp/restore.test.ts) and of the " +
      "generated secret corpus (test/scenarios/secret-places*)",
    detect: () => (postgresUrl === undefined ? { present: false, reason: NOT_MEASURED_REASON } : { present: true }),
  },
  {
    name: "Chromium",
    suites: [
      "web/e2e.test.ts",
      "web/flow-e2e.test.ts",
      "test/report/report-e2e.test.ts",
      "test/report/report-lang-e2e.test.ts",
    ],
    detect: () => {
      const found = findChromium();
      return found.found ? { present: true } : { present: false, reason: found.reason };
    },
  },
];

export type Absence = { readonly requirement: Requirement; readonly reason: string };

export const absences = (requirements: readonly Requirement[] = REQUIREMENTS): readonly Absence[] =>
  requirements.flatMap((requirement) => {
    const presence = requirement.detect();
    return presence.present ? [] : [{ requirement, reason: presence.reason }];
  });

/** The one summary line, or null when everything is present. */
export function notMeasuredLine(missing: readonly Absence[]): string | null {
  if (missing.length === 0) return null;
  const parts = missing.map(({ requirement: r, reason }) => {
    const what = [...r.suites, ...(r.cases === undefined ? [] : [r.cases])].join(", ");
    return `${r.name} (${what}): ${reason}`;
  });
  return `not measured: ${parts.join("; ")}`;
}

/**
 * Requirements a run goes without on purpose, by name, comma-separated: when absent, named on the `not measured:`
 * line like any absence, never a CI failure (a present one still runs: the run also withholds it). `.ci/run`'s
 * Node 24 pass goes without PostgreSQL and is given no server: that pass is the fast tier, and the Postgres suites
 * are the heavy tier's (issue 46), run on Node 22.
 */
export const LEFT_OUT_ENV = "AGENT_HARNESS_LEFT_OUT";

/** The names in LEFT_OUT_ENV; a name no requirement has is a mistake said at once, not a silent no-op. */
export function leftOut(env: NodeJS.ProcessEnv = process.env): ReadonlySet<string> {
  const names = (env[LEFT_OUT_ENV] ?? "").split(",").map((name) => name.trim());
  const given = names.filter((name) => name !== "");
  const unknown = given.filter((name) => !REQUIREMENTS.some((r) => r.name === name));
  if (unknown.length > 0)
    throw new Error(
      `${LEFT_OUT_ENV}: no requirement is named ${unknown.join(", ")} (the names: ${REQUIREMENTS.map((r) => r.name).join(", ")})`,
    );
  return new Set(given);
}

/** Under CI a missing requirement is a broken pipeline, unless left out on purpose: the reason to fail, or null. */
export function ciFailure(missing: readonly Absence[], env: NodeJS.ProcessEnv = process.env): string | null {
  if (env["CI"] !== "true") return null;
  const skipped = leftOut(env);
  const failing = missing.filter((a) => !skipped.has(a.requirement.name));
  if (failing.length === 0) return null;
  return `CI must measure every suite: ${failing.map((a) => `${a.requirement.name}: ${a.reason}`).join("; ")}`;
}
