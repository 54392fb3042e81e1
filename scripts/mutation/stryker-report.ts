/**
 * The part of StrykerJS's JSON report (mutation-testing-report-schema) the evidence is made from,
 * read through a zod schema so a report of another shape is refused with a reason, not misread.
 */
import { z } from "zod";
import { err, ok, type Result } from "../../contract/index.js";

export const MUTANT_STATUSES = [
  "Killed",
  "Survived",
  "NoCoverage",
  "Timeout",
  "CompileError",
  "RuntimeError",
  "Ignored",
  "Pending",
] as const;
export type MutantStatus = (typeof MUTANT_STATUSES)[number];

const position = z.object({ line: z.number().int().min(1), column: z.number().int().min(1) });

const mutant = z.object({
  id: z.string(),
  mutatorName: z.string(),
  replacement: z.string().optional(),
  location: z.object({ start: position, end: position }),
  status: z.enum(MUTANT_STATUSES),
});
export type StrykerMutant = z.infer<typeof mutant>;

const report = z.object({
  schemaVersion: z.string(),
  files: z.record(z.string(), z.object({ source: z.string(), mutants: z.array(mutant) })),
});
export type StrykerReport = z.infer<typeof report>;

export type ReportError = { readonly code: "report_unreadable" | "report_malformed"; readonly reason: string };

/** Parses the report's text; `report_malformed` names the first paths that do not fit. */
export function parseStrykerReport(text: string): Result<StrykerReport, ReportError> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return err({ code: "report_malformed", reason: `not JSON: ${e instanceof Error ? e.message : String(e)}` });
  }
  const parsed = report.safeParse(json);
  if (!parsed.success) {
    const where = parsed.error.issues.slice(0, 3).map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`);
    return err({ code: "report_malformed", reason: where.join("; ") });
  }
  return ok(parsed.data);
}

/** The text a mutant replaced: the source between its start and end positions (1-based, end exclusive). */
export function originalText(source: string, m: StrykerMutant): string {
  const lines = source.split("\n");
  const { start, end } = m.location;
  if (start.line === end.line) return (lines[start.line - 1] ?? "").slice(start.column - 1, end.column - 1);
  const first = (lines[start.line - 1] ?? "").slice(start.column - 1);
  const middle = lines.slice(start.line, end.line - 1);
  const last = (lines[end.line - 1] ?? "").slice(0, end.column - 1);
  return [first, ...middle, last].join("\n");
}
