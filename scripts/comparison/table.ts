/** The side-by-side table people read; the JSON evidence is what machines read. */
import { digest } from "../../handwritten/contract/index.js";
import { NOT_MEASURED, type ComparisonReport } from "./report.js";

export function renderTable(report: ComparisonReport): string {
  const header = ["scenario", "handwritten", report.framework, "equal", "graph steps"];
  const rows = report.scenarios.map((row) => [
    row.name,
    summarize(row.handwritten),
    row.framework === NOT_MEASURED ? NOT_MEASURED : summarize(row.framework),
    row.equal === null ? "-" : row.equal ? "yes" : "NO",
    String(row.graph_steps),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join("  ")
      .trimEnd();
  const graph =
    report.graph === NOT_MEASURED
      ? NOT_MEASURED
      : `${report.graph.nodes} nodes, ${report.graph.edges} edges (${report.graph.conditional_edges} conditional)`;
  const verdict =
    report.status === NOT_MEASURED
      ? `not measured: ${report.reason ?? ""}`
      : report.all_equal
        ? "all columns equal"
        : "DIFFERENCE: see the columns marked NO";
  return [
    `framework: ${report.framework} ${report.framework_version ?? ""}`.trimEnd(),
    `graph: ${graph}`,
    "",
    line(header),
    line(widths.map((w) => "-".repeat(w))),
    ...rows.map(line),
    "",
    verdict,
  ].join("\n");
}

/** One cell: the observation's status and side effects, and a short digest so two cells can be compared by eye. */
function summarize(observation: unknown): string {
  const o = (observation ?? {}) as Record<string, unknown>;
  const status = o["final_status"] ?? o["status"] ?? "?";
  const effects = total(
    o["side_effects"] ?? (o["after_resume"] as Record<string, unknown> | undefined)?.["side_effects"],
  );
  return `${String(status)} fx=${effects ?? "?"} #${digest(observation ?? null).slice(0, 8)}`;
}

/** Side effects as a count, whether the observation holds a number or counts per tool and key. */
function total(value: unknown): number | null {
  if (typeof value === "number") return value;
  if (value === null || typeof value !== "object") return null;
  return Object.values(value).reduce<number>((sum, v) => sum + (total(v) ?? 0), 0);
}
