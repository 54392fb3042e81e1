/**
 * Turns a StrykerJS report into the mutation evidence: counts per file, the total, the goal, and
 * every surviving mutant with the reason (looked up by its stable key) it is allowed to survive.
 */
import { assertNever } from "../../contract/index.js";
import {
  MUTATION_GOAL_PERCENT,
  MUTATION_SCHEMA,
  OPEN_REASON,
  scoreOf,
  type EquivalenceReasons,
  type MutationCounts,
  type MutationEvidence,
  type Survivor,
} from "./evidence.js";
import { originalText, type MutantStatus, type StrykerMutant, type StrykerReport } from "./stryker-report.js";

export type MutationRunInfo = Pick<MutationEvidence, "commit" | "tools" | "scope">;

type Tally = Omit<MutationCounts, "score">;
const emptyTally = (): Tally => ({ killed: 0, timeout: 0, survived: 0, no_coverage: 0, errors: 0, ignored: 0 });

function tallyField(status: MutantStatus): keyof Tally | null {
  switch (status) {
    case "Killed":
      return "killed";
    case "Timeout":
      return "timeout";
    case "Survived":
      return "survived";
    case "NoCoverage":
      return "no_coverage";
    case "CompileError":
    case "RuntimeError":
      return "errors";
    case "Ignored":
      return "ignored";
    // A report is written after the run; a mutant still pending did not run and is not counted.
    case "Pending":
      return null;
    default:
      return assertNever(status);
  }
}

const oneLine = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
};

/** A description of a mutant that stays the same when lines move: line numbers are not part of it. */
export function mutantKey(file: string, source: string, m: StrykerMutant): string {
  const line = source.split("\n")[m.location.start.line - 1] ?? "";
  const original = oneLine(originalText(source, m), 80);
  return `${file} ${m.mutatorName}: ${original} => ${oneLine(m.replacement ?? "", 80)} | in: ${oneLine(line, 120)}`;
}

function survivorOf(file: string, source: string, m: StrykerMutant, reasons: EquivalenceReasons): Survivor | null {
  if (m.status !== "Survived" && m.status !== "NoCoverage") return null;
  const key = mutantKey(file, source, m);
  return {
    file,
    line: m.location.start.line,
    column: m.location.start.column,
    status: m.status,
    mutator: m.mutatorName,
    original: oneLine(originalText(source, m), 200),
    replacement: oneLine(m.replacement ?? "", 200),
    key,
    reason: Object.hasOwn(reasons, key)
      ? { kind: "equivalent", why: reasons[key]! }
      : { kind: "open", why: OPEN_REASON },
  };
}

export function summarizeReport(
  report: StrykerReport,
  reasons: EquivalenceReasons,
  info: MutationRunInfo,
): MutationEvidence {
  const files = Object.keys(report.files).sort();
  const totals = emptyTally();
  const survivors: Survivor[] = [];
  const perFile = files.map((file) => {
    const { source, mutants } = report.files[file] ?? { source: "", mutants: [] };
    const tally = emptyTally();
    for (const m of mutants) {
      const field = tallyField(m.status);
      if (field !== null) tally[field] += 1;
      const survivor = survivorOf(file, source, m, reasons);
      if (survivor !== null) survivors.push(survivor);
    }
    for (const k of Object.keys(tally) as (keyof Tally)[]) totals[k] += tally[k];
    return { file, ...tally, score: scoreOf(tally) };
  });
  survivors.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
  const score = scoreOf(totals);
  return {
    schema: MUTATION_SCHEMA,
    ...info,
    files: perFile,
    totals: { ...totals, score },
    goal: { min_score: MUTATION_GOAL_PERCENT, met: score !== null && score >= MUTATION_GOAL_PERCENT },
    survivors,
  };
}

/** Reasons nobody needs any more: keys that match no survivor (the mutant is killed or gone). */
export function staleReasons(evidence: MutationEvidence, reasons: EquivalenceReasons): string[] {
  const used = new Set(evidence.survivors.map((s) => s.key));
  return Object.keys(reasons).filter((key) => !used.has(key));
}
