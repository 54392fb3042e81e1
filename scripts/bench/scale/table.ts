/** The multi-worker figure as the bench prints it: one line per engine and worker count. */
import type { ScaleEngineRow } from "./report.js";

const HEAD = [
  "engine",
  "workers",
  "sessions/s",
  "call p50 ms",
  "call p99 ms",
  "cpu ms/session",
  "handed over",
  "duplicated",
  "lost",
];

export function renderScale(rows: readonly ScaleEngineRow[]): string {
  const lines: string[][] = [HEAD];
  const notes: string[] = [];
  for (const row of rows) {
    if (row.status === "not-measured") {
      notes.push(`${row.id}: not measured: ${row.reason}`);
      continue;
    }
    for (const run of row.runs)
      lines.push([
        row.id,
        `${run.workers}${run.deliveries_per_approval === 2 ? " (approvals ×2)" : ""}`,
        String(run.sessions_per_s),
        String(run.call_ms.p50),
        String(run.call_ms.p99),
        String(run.worker_cpu_ms_per_session),
        `${Math.round(run.handed_over * 100)}%`,
        String(run.effects.duplicated),
        String(run.effects.lost),
      ]);
  }
  const widths = HEAD.map((_, i) => Math.max(...lines.map((l) => (l[i] ?? "").length)));
  const table = lines.map((l) =>
    l
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join("  ")
      .trimEnd(),
  );
  return ["Multi-worker figure (one Postgres)", ...(lines.length > 1 ? table : []), ...notes].join("\n");
}
