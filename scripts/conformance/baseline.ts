/**
 * The conformance run's record and the one judgement over it: every scenario passes or is in the
 * expected-failures baseline with a reason, and the baseline names no scenario that passes. The
 * baseline is the suite's own `--expected-failures` YAML (`server: [names]`); the reason of each
 * entry is the comment on its line, so the file the suite reads is the file that says why.
 */
import { readFileSync } from "node:fs";
import { isScalar, isSeq, parseDocument } from "yaml";
import { z } from "zod";

export const CONFORMANCE_SCHEMA = "agent-harness.mcp-conformance.v1";
export const EVIDENCE_PATH = "evidence/mcp-conformance-v1.json";
export const BASELINE_PATH = "scripts/conformance/expected-failures.yml";

/** A scenario of the suite fails when any of its checks is a FAILURE or a WARNING (as the suite's baseline check counts). */
export const ScenarioResultSchema = z
  .object({
    scenario: z.string().min(1),
    result: z.enum(["pass", "fail"]),
    checks: z.object({ success: z.number().int(), failure: z.number().int(), warning: z.number().int() }).strict(),
    /** The first failing check's message, as the suite wrote it. */
    error: z.string().optional(),
    /** The baseline's reason, for a scenario the baseline lists. */
    expected_failure: z.string().optional(),
  })
  .strict();
export type ScenarioResult = z.infer<typeof ScenarioResultSchema>;

export const ConformanceEvidenceSchema = z
  .object({
    schema: z.literal(CONFORMANCE_SCHEMA),
    command: z.literal("npm run conformance"),
    suite: z.object({ package: z.string(), version: z.string(), run: z.string() }).strict(),
    node: z.object({ package: z.string(), version: z.string() }).strict(),
    server: z.string(),
    baseline: z.literal(BASELINE_PATH),
    summary: z
      .object({
        scenarios: z.number().int(),
        passed: z.number().int(),
        expected_failures: z.number().int(),
        unexpected_failures: z.array(z.string()),
        stale_baseline: z.array(z.string()),
      })
      .strict(),
    scenarios: z.array(ScenarioResultSchema),
  })
  .strict();
export type ConformanceEvidence = z.infer<typeof ConformanceEvidenceSchema>;

export type BaselineEntry = { readonly scenario: string; readonly reason: string };

/** The baseline's entries with their line comments; an entry without a comment has the reason "". */
export function parseBaseline(text: string): BaselineEntry[] {
  const doc = parseDocument(text);
  if (doc.errors.length > 0) throw new Error(`expected-failures: ${doc.errors[0]!.message}`);
  const server = doc.get("server", true);
  if (!isSeq(server)) throw new Error("expected-failures: `server` must be a list of scenario names");
  return server.items.map((item) => {
    if (!isScalar(item) || typeof item.value !== "string")
      throw new Error("expected-failures: every entry is a scenario name");
    return { scenario: item.value, reason: (item.comment ?? "").trim() };
  });
}

export const readBaseline = (path: string): BaselineEntry[] => parseBaseline(readFileSync(path, "utf8"));

export type Judgement = {
  /** Failed and not in the baseline. */
  readonly unexpected: string[];
  /** In the baseline but passed (or not run at all): the baseline must drop them. */
  readonly stale: string[];
  /** In the baseline with no reason, or twice. */
  readonly malformed: string[];
};

export function judge(
  results: readonly Pick<ScenarioResult, "scenario" | "result">[],
  baseline: readonly BaselineEntry[],
) {
  const listed = new Map(baseline.map((entry) => [entry.scenario, entry.reason]));
  const failed = new Set(results.filter((r) => r.result === "fail").map((r) => r.scenario));
  const judgement: Judgement = {
    unexpected: [...failed].filter((scenario) => !listed.has(scenario)),
    stale: [...listed.keys()].filter((scenario) => !failed.has(scenario)),
    malformed: baseline
      .filter((entry, i) => entry.reason === "" || baseline.findIndex((e) => e.scenario === entry.scenario) !== i)
      .map((entry) => entry.scenario),
  };
  return judgement;
}

export const judgedClean = (j: Judgement): boolean =>
  j.unexpected.length === 0 && j.stale.length === 0 && j.malformed.length === 0;
