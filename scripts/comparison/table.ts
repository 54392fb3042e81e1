/** The side-by-side table people read; the JSON evidence is what machines read. */
import { digest } from "../../contract/index.js";
import { NOT_MEASURED, type ComparisonReport } from "./report.js";

export function renderTable(report: ComparisonReport): string {
  const header = ["scenario", "handwritten", report.framework, "equal", "holds", "graph steps"];
  const rows = report.scenarios.map((row) => [
    row.name,
    summarize(row.handwritten),
    row.framework === NOT_MEASURED ? NOT_MEASURED : summarize(row.framework),
    row.equal === null ? "-" : row.equal ? "yes" : "NO",
    holdsCell(row.holds),
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
      : `${report.graph.nodes} nodes, ${report.graph.edges} edges (${report.graph.conditional_edges} conditional, from ${report.graph.routers} routers)`;
  const planner =
    typeof report.planner === "string" ? report.planner : `route ${report.planner.id} (${report.planner.model})`;
  const gate = report.planner_gate === "open" ? "open" : `blocked: ${report.planner_gate_reason ?? ""}`;
  return [
    `framework: ${report.framework} ${report.framework_version ?? ""}`.trimEnd(),
    `graph: ${graph}`,
    `planner: ${planner}; planner gate ${gate}`,
    "",
    line(header),
    line(widths.map((w) => "-".repeat(w))),
    ...rows.map(line),
    "",
    ...verdictLines(report),
  ].join("\n");
}

/** `yes` when both sides show the expected signal; otherwise which side does not. */
function holdsCell(holds: ComparisonReport["scenarios"][number]["holds"]): string {
  if (holds.framework === null) return holds.handwritten ? "hw only" : "NO (hw)";
  if (holds.handwritten && holds.framework) return "yes";
  return `NO (${[holds.handwritten ? null : "hw", holds.framework ? null : "fw"].filter((x) => x !== null).join(", ")})`;
}

function verdictLines(report: ComparisonReport): string[] {
  if (report.status === NOT_MEASURED) return [`not measured: ${report.reason ?? ""}`];
  const broken = report.scenarios.filter((r) => r.violations !== undefined);
  return [
    report.all_equal ? "all columns equal" : "DIFFERENCE: see the columns marked NO under equal",
    report.all_hold
      ? "every column holds its expected signal"
      : "CONTRACT BROKEN: the expected signal does not hold in",
    ...broken.flatMap((r) => [
      `  ${r.name}: ${r.expected}`,
      ...(r.violations?.handwritten ?? []).map((v) => `    handwritten fails: ${v}`),
      ...(r.violations?.framework ?? []).map((v) => `    ${report.framework} fails: ${v}`),
    ]),
  ];
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
