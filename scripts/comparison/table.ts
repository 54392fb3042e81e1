/** The side-by-side table people read; the JSON evidence is what machines read. Verdicts first, parity after. */
import { digest } from "../../contract/index.js";
import type { EngineVerdict, Judged } from "../../scenarios/verdict.js";
import { chargesParity } from "../../engines/catalogue.js";
import { NOT_MEASURED, type ComparisonReport } from "./report.js";

export function renderTable(report: ComparisonReport): string {
  const header = ["scenario", "handwritten", report.framework, "equal", "observed (handwritten | framework)", "steps"];
  const rows = report.scenarios.map((row) => [
    row.name,
    verdictCell(row.verdict.handwritten, "contract"),
    row.verdict.framework === null ? NOT_MEASURED : verdictCell(row.verdict.framework, report.judged),
    row.equal === null ? "-" : row.equal ? "yes" : "no",
    `${summarize(row.handwritten)} | ${row.framework === NOT_MEASURED ? NOT_MEASURED : summarize(row.framework)}`,
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
    `judged on: ${JUDGED[report.judged]}${chargesParity(report.framework) ? ", and parity with the handwritten engine" : ""}`,
    `graph: ${graph}`,
    `planner: ${planner}; planner gate ${gate}`,
    "",
    ...headline(report),
    "",
    line(header),
    line(widths.map((w) => "-".repeat(w))),
    ...rows.map(line),
    "",
    ...verdictLines(report),
  ].join("\n");
}

const JUDGED: Readonly<Record<Judged, string>> = {
  contract: "behaviour and vocabulary (a contract engine)",
  foreign: "behaviour alone (a foreign engine): its vocabulary is shown, not charged",
};

/** One engine's verdict on a row: behaviour first; vocabulary in brackets when it is not charged. */
function verdictCell(v: EngineVerdict, judged: Judged): string {
  const behaviour = v.behaviour === "fails" ? "FAILS" : v.behaviour === "error" ? "ERROR" : "holds";
  if (v.vocabulary === "not_applicable") return behaviour;
  const words = v.vocabulary === "differs" && judged === "contract" ? "DIFFERS" : v.vocabulary;
  return judged === "contract" ? `${behaviour}, ${words}` : `${behaviour} (${words})`;
}

/** The counts a reader sees before any row: behaviour per engine, then vocabulary, then parity. */
function headline(report: ComparisonReport): string[] {
  if (report.status === NOT_MEASURED) return [`not measured: ${report.reason ?? ""}`];
  const framework = report.scenarios.flatMap((r) => (r.verdict.framework === null ? [] : [r.verdict.framework]));
  const count = (of: (v: EngineVerdict) => string, value: string) => framework.filter((v) => of(v) === value).length;
  const total = report.scenarios.length;
  return [
    `${report.framework} behaviour: ${count((v) => v.behaviour, "holds")} of ${total} hold, ${count((v) => v.behaviour, "fails")} fail, ${count((v) => v.behaviour, "error")} error`,
    `${report.framework} vocabulary${report.judged === "foreign" ? " (shown, not charged)" : ""}: ${count((v) => v.vocabulary, "conforms")} conform, ${count((v) => v.vocabulary, "differs")} differ`,
    `parity with handwritten: ${report.scenarios.filter((r) => r.equal === true).length} of ${total} equal${chargesParity(report.framework) ? "" : " (not charged)"}`,
  ];
}

function verdictLines(report: ComparisonReport): string[] {
  if (report.status === NOT_MEASURED) return [];
  const sides = (row: ComparisonReport["scenarios"][number]) =>
    [["handwritten", row.verdict.handwritten] as const, [report.framework, row.verdict.framework] as const].flatMap(
      ([who, v]) => (v === null ? [] : [{ who, v }]),
    );
  const lines = report.scenarios.flatMap((row) => {
    const notes = sides(row).flatMap(({ who, v }) => [
      ...(v.error === undefined ? [] : [`    ${who} error: ${v.error}`]),
      ...v.violations.map(
        (x) => `    ${who} ${x.kind}: ${x.expectation}${x.observed === null ? "" : ` (saw ${x.observed})`}`,
      ),
    ]);
    return notes.length === 0 ? [] : [`  ${row.name}: ${row.expected}`, ...notes];
  });
  return [
    report.all_hold
      ? "every verdict holds on what its engine is judged on"
      : "NOT HOLDING: a verdict fails or errs on what its engine is judged on",
    ...lines,
  ];
}

/** One cell: what the observation shows of its status and side effects, and a short digest to compare by eye. */
function summarize(observation: unknown): string {
  const o = (observation ?? {}) as Record<string, unknown>;
  const status = o["final_status"] ?? o["status"];
  const effects = total(
    o["side_effects"] ?? (o["after_resume"] as Record<string, unknown> | undefined)?.["side_effects"],
  );
  const error = typeof o["engine_error"] === "string" ? "threw" : null;
  return [
    typeof status === "string" ? status : error,
    effects === null ? null : `fx=${effects}`,
    `#${digest(observation ?? null).slice(0, 8)}`,
  ]
    .filter((part) => part !== null)
    .join(" ");
}

/** Side effects as a count, whether the observation holds a number or counts per tool and key. */
function total(value: unknown): number | null {
  if (typeof value === "number") return value;
  if (value === null || typeof value !== "object") return null;
  return Object.values(value).reduce<number>((sum, v) => sum + (total(v) ?? 0), 0);
}
