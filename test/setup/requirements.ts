/**
 * What some suites need from the machine: a framework adapter installed as pinned, a PostgreSQL server, a
 * Chromium. One table, one treatment: an absent one leaves its suites out, said on one `not measured:` line at
 * the start and the end of the run, and the run is green; under CI=true every one must be present.
 */
import { findChromium } from "../../cli/index.js";
import { aiSdkInstall } from "../../scenarios/ai-sdk-install.js";
import { langchainInstall } from "../../scenarios/langchain-engines.js";
import { langgraphInstall } from "../../scenarios/langgraph-install.js";
import { mastraInstall } from "../../scenarios/mastra-engines.js";
import { dbosInstall } from "../../scenarios/dbos-engines.js";
import { openaiAgentsInstall } from "../../scenarios/openai-agents-engines.js";
import type { PinnedInstall } from "../../scenarios/pinned-install.js";
import { NOT_MEASURED_REASON, postgresUrl } from "../stores/targets.js";

export type Presence = { readonly present: true } | { readonly present: false; readonly reason: string };

export type Requirement = {
  readonly name: string;
  /** Test files that cannot run without it (left out when it is absent). */
  readonly suites: readonly string[];
  /** What else it takes away, when that is part of a file (said on the line, nothing to exclude). */
  readonly cases?: string;
  readonly detect: () => Presence;
};

const pinned = (install: PinnedInstall): Presence =>
  install.installed ? { present: true } : { present: false, reason: install.reason };

export const REQUIREMENTS: readonly Requirement[] = [
  {
    name: "the LangGraph adapter",
    // The fault schedules, the crash matrix and the runtime record are made with all three engines measured.
    suites: [
      "langgraph-adapter/**",
      "test/faults/schedules.test.ts",
      "test/crash/**",
      "test/evidence/runtime-record.test.ts",
    ],
    detect: () => pinned(langgraphInstall()),
  },
  {
    name: "the OpenAI Agents adapter",
    suites: ["openai-agents-adapter/**"],
    detect: () => pinned(openaiAgentsInstall()),
  },
  { name: "the AI SDK adapter", suites: ["ai-sdk-adapter/**"], detect: () => pinned(aiSdkInstall()) },
  { name: "the LangChain adapter", suites: ["langchain-adapter/**"], detect: () => pinned(langchainInstall()) },
  { name: "the Mastra adapter", suites: ["mastra-adapter/**"], detect: () => pinned(mastraInstall()) },
  {
    name: "the DBOS adapter on PostgreSQL",
    suites: ["dbos-adapter/**"],
    detect: () => (postgresUrl === undefined ? { present: false, reason: NOT_MEASURED_REASON } : pinned(dbosInstall())),
  },
  {
    name: "PostgreSQL",
    suites: ["test/stores/postgres-bridge.test.ts", "langgraph-adapter/src/postgres-saver.validation.test.ts"],
    cases: "the Postgres cases of the store suites",
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

/** Under CI a missing requirement is a broken pipeline: the reason to fail, or null. */
export function ciFailure(missing: readonly Absence[], env: NodeJS.ProcessEnv = process.env): string | null {
  if (env["CI"] !== "true" || missing.length === 0) return null;
  return `CI must measure every suite: ${missing.map((a) => `${a.requirement.name}: ${a.reason}`).join("; ")}`;
}
