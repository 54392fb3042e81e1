/** The tables people read on stdout; the JSON is what machines and tests read. */
import { renderTestTier } from "./test-tier-schema.js";
import type { BenchReport } from "./report.js";

const fmt = (value: number, digits = 1) =>
  value.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
const int = (value: number) => Math.round(value).toLocaleString("en-US");

function grid(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  rightAligned: ReadonlySet<number>,
): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => (rightAligned.has(i) ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0)))
      .join("  ")
      .trimEnd();
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)];
}

export function renderTables(report: BenchReport): string {
  const m = report.machine;
  const out: string[] = [
    `agent-harness bench (${report.mode}) — ${m.cpu_model}, ${m.cores} cores, node ${m.node}, ${m.platform} ${m.arch}; ` +
      `load average ${report.load_average.start[0]?.toFixed(2)} → ${report.load_average.end[0]?.toFixed(2)}; ${fmt(report.duration_s, 0)} s`,
    "",
  ];

  const steps = report.step_overhead;
  out.push(
    `1. Per-step overhead: ${steps.scenarios.length} scenarios, ${steps.steps_per_pass} steps per pass (a step = one applied contract fact = one trace event)`,
  );
  out.push(
    `   traces identical on every engine: ${steps.traces_identical ? "yes" : `NO (${steps.trace_mismatches.join("; ")})`}; excluded (timer waits): ${steps.excluded.map((e) => e.name).join(", ") || "none"}`,
  );
  const f = steps.floor;
  const stepRows: string[][] = [
    [
      "floor",
      fmt(f.us_per_step.median),
      `${fmt(f.us_per_step.min)}–${fmt(f.us_per_step.max)}`,
      `${fmt(f.us_per_step.iqr_pct, 0)}%`,
      "1.00",
      "-",
      fmt(f.cpu_us_per_step.median),
      "1.00",
      "-",
      "-",
    ],
  ];
  for (const [id, e] of Object.entries(steps.engines)) {
    if (e.status !== "measured") {
      stepRows.push([id, e.status, e.reason, "", "", "", "", "", "", ""]);
      continue;
    }
    const s = e.us_per_step;
    const opt = (x: number | null, digits = 2) => (x === null ? "-" : fmt(x, digits));
    stepRows.push([
      id,
      fmt(s.median),
      `${fmt(s.min)}–${fmt(s.max)}`,
      `${fmt(s.iqr_pct, 0)}%`,
      fmt(e.ratio_to_floor, 2),
      opt(e.ratio_to_handwritten),
      fmt(e.cpu_us_per_step.median),
      fmt(e.cpu_ratio_to_floor, 2),
      opt(e.cpu_ratio_to_handwritten),
      opt(e.us_per_graph_step, 1),
    ]);
  }
  out.push(
    ...grid(
      ["engine", "µs/step", "min–max", "IQR", "× floor", "× hand", "cpu µs/step", "× floor", "× hand", "µs/graph step"],
      stepRows,
      new Set([1, 2, 3, 4, 5, 6, 7, 8, 9]),
    ),
    "   (µs = wall-clock median of the samples; cpu = CPU time of this process over the same calls, all threads: V8's background GC and compiler threads count, so it can exceed wall time)",
    "",
  );

  const growth = report.growth;
  out.push("2. Growth: µs per step continuing a session whose store already holds N checkpoints");
  const growthRows: string[][] = [];
  for (const [id, g] of Object.entries(growth.engines)) {
    if ("status" in g) {
      growthRows.push([id, ...growth.sizes.map(() => g.status), ""]);
      continue;
    }
    const cells = growth.sizes.map((n) => {
      const p = g.points.find((q) => q.requested === n);
      if (p === undefined) return "-";
      if (p.status !== "measured") return p.status;
      return `${fmt(p.us_per_step.median)}${p.capped ? ` (capped at ${int(p.checkpoints_before_run.min)})` : ""}`;
    });
    const last = g.points.at(-1);
    growthRows.push([
      id,
      ...cells,
      last?.status === "measured" && last.ratio_to_smallest !== null ? `${fmt(last.ratio_to_smallest, 2)}×` : "-",
    ]);
  }
  out.push(
    ...grid(
      [
        "engine",
        ...growth.sizes.map((n) => `N=${int(n)}`),
        `N=${int(growth.sizes.at(-1) ?? 0)} / N=${int(growth.sizes[0] ?? 0)}`,
      ],
      growthRows,
      new Set(growth.sizes.map((_, i) => i + 1).concat(growth.sizes.length + 1)),
    ),
    "",
  );

  out.push(...sessionTables(report), "");

  const mcp = report.mcp;
  out.push(
    `5. MCP tools/call round trip (${mcp.tool} ${JSON.stringify(mcp.arguments)}, SDK client, calls one after another)`,
  );
  out.push(
    ...grid(
      ["transport", "server", "median µs", "p99 µs", "mean µs", "calls", "connect ms"],
      mcp.results.map((r) =>
        r.status === "measured"
          ? [
              r.transport,
              r.server,
              fmt(r.median_us),
              fmt(r.p99_us),
              fmt(r.mean_us),
              String(r.calls),
              fmt(r.connect_ms, 0),
            ]
          : [r.transport, r.server, r.status, r.reason, "", "", ""],
      ),
      new Set([2, 3, 4, 5, 6]),
    ),
  );
  const over = mcp.project_overhead_us;
  out.push(
    `   project server over bare SDK (median): in memory ${over.in_memory === null ? "-" : `+${fmt(over.in_memory)} µs`}, stdio ${over.stdio === null ? "-" : `+${fmt(over.stdio)} µs`}`,
    "",
  );

  out.push("6. The comparison run: tsx scripts/compare.ts --framework F --output <tmp> --quiet");
  out.push(
    ...grid(
      ["framework", "wall ms median", "min–max", "peak RSS MiB", "runs", "exit codes"],
      Object.entries(report.comparison.frameworks).map(([id, c]) =>
        c.status === "measured"
          ? [
              id,
              int(c.wall_ms.median),
              `${int(c.wall_ms.min)}–${int(c.wall_ms.max)}`,
              fmt(c.max_rss_mib.median),
              String(c.runs),
              c.exit_codes.join(","),
            ]
          : [id, c.status, c.reason, "", "", ""],
      ),
      new Set([1, 2, 3, 4]),
    ),
    "",
  );

  const r = report.cli_refusal;
  out.push(
    `8. Refusing bad input: ${r.cases.length} cases of scenarios/cli-refusals.ts, tsx <entry point> <bad input>, one at a time`,
    `   tsx starting an empty script: ${int(r.tsx_floor_ms.median)} ms (node alone: ${int(r.node_floor_ms.median)} ms); every case refused as the table says: ${r.all_refused ? "yes" : "NO"}`,
    ...grid(
      ["entry point", "code", "wall ms median", "min–max"],
      r.cases.map((c) => [
        c.script,
        c.refused ? c.code : `${c.code} NOT REFUSED`,
        int(c.wall_ms.median),
        `${int(c.wall_ms.min)}–${int(c.wall_ms.max)}`,
      ]),
      new Set([2, 3]),
    ),
    `   slowest: ${r.worst_case}, ${int(r.worst_ms)} ms`,
    "",
  );

  const w = report.web_bundle;
  out.push("9. The teaching pages as shipped (buildWeb: minified, split, no source maps)");
  out.push(
    ...(w.status === "measured"
      ? [
          `   ${int(w.bytes)} bytes in ${w.files.length} files from ${w.modules} modules; budget ${int(w.budget_bytes)} bytes`,
          ...grid(
            ["largest source in the output", "bytes"],
            w.largest_inputs.map((x) => [x.path, int(x.bytes)]),
            new Set([1]),
          ),
        ]
      : [`   ${w.status}: ${w.reason}`]),
    "",
  );

  if (report.test_tier !== undefined) out.push(renderTestTier(report.test_tier), "");

  const t = report.targets;
  const verdict = (x: {
    ratio: number | null;
    met: boolean | null;
    cpu_ratio: number | null;
    met_by_cpu: boolean | null;
  }) =>
    x.ratio === null
      ? "not measured"
      : `${fmt(x.ratio, 2)} — ${x.met ? "met" : "NOT MET"} (by CPU time ${x.cpu_ratio === null ? "-" : fmt(x.cpu_ratio, 2)} — ${x.met_by_cpu ? "met" : "NOT MET"})`;
  out.push("Targets (read from this run, never asserted)");
  out.push(`   handwritten ≤ ${t.handwritten_vs_floor_max}× floor: ${verdict(t.handwritten_vs_floor)}`);
  out.push(`   local_state_graph ≤ ${t.local_vs_handwritten_max}× handwritten: ${verdict(t.local_vs_handwritten)}`);
  out.push("", renderGoals(report.goals));
  return out.join("\n");
}

/** The goals with their values and verdicts, and why an unmet one is unmet (its profile is in the JSON). */
export function renderGoals(goals: BenchReport["goals"]): string {
  const out = ["Goals of issues #14 and #27 (read from this run, never asserted; profiles in the JSON)"];
  for (const g of goals) {
    const state = g.met === null ? "not measured" : g.met ? "met" : "NOT MET";
    out.push(
      `   ${g.says}: ${g.value === null ? "-" : g.value.toLocaleString("en", { maximumFractionDigits: 3 })} — ${state}`,
    );
    if (g.reason !== undefined) out.push(`      why: ${g.reason}`);
  }
  return out.join("\n");
}

/** Sections 3 and 4: cost per fact with session length (and the adapter over bare LangGraph), fault schedules per second. */
function sessionTables(report: BenchReport): string[] {
  const s = report.session_length;
  const out = [
    `3. Session length: µs per fact over the last ${s.timed_calls} ${s.tool} calls of a session of N calls (per graph step in brackets)`,
  ];
  const rows = Object.entries(s.engines).map(([id, e]) => {
    if (e.status !== "measured") return [id, ...s.sizes.map(() => e.status), e.reason];
    const cell = (n: number) => {
      const p = e.points.find((q) => q.calls === n);
      if (p === undefined) return "-";
      const step = p.us_per_graph_step === null ? "" : ` [${fmt(p.us_per_graph_step.median)}]`;
      return `${fmt(p.us_per_fact.median)}${step}`;
    };
    const first = e.points[0]?.us_per_fact.median;
    const last = e.points.at(-1)?.us_per_fact.median;
    return [id, ...s.sizes.map(cell), first && last ? `${fmt(last / first, 2)}×` : "-"];
  });
  out.push(
    ...grid(
      ["engine", ...s.sizes.map((n) => `N=${int(n)}`), "last / first"],
      rows,
      new Set(s.sizes.map((_, i) => i + 1).concat(s.sizes.length + 1)),
    ),
  );
  const overhead = report.adapter_overhead.points.map((p) => `N=${int(p.calls)} ${fmt(p.ratio, 2)}×`);
  out.push(`   adapter ÷ bare LangGraph per graph step: ${overhead.join(", ") || "not measured"}`, "");
  out.push("4. Fault schedules per second (each run, replayed and checked), on all shards and per core");
  for (const [id, e] of Object.entries(report.fault_throughput.engines))
    out.push(
      e.status === "measured"
        ? `   ${id}: ${int(e.schedules_per_s)}/s on ${e.shards} shards, ${int(e.schedules_per_core_s)}/s per core (${int(e.schedules)} schedules in ${int(e.ms)} ms, ${e.violations} violations)`
        : `   ${id}: ${e.status} (${e.reason})`,
    );
  return out;
}

/** The goals as a markdown table, for the README: the verdicts of the committed run and why each unmet one is unmet. */
export function renderGoalTable(report: BenchReport): string {
  const rows = report.goals.map((g) => {
    const state = g.met === null ? "not measured" : g.met ? "met" : "**not met**";
    const value = g.value === null ? "-" : g.value.toLocaleString("en", { maximumFractionDigits: 3 });
    return `| ${g.says} | ${value} | ${state} | ${(g.reason ?? "").replaceAll("|", "\\|")} |`;
  });
  const { start } = report.load_average;
  return [
    `One run of \`npm run bench\` on ${report.machine.cores} cores (load ${start.join(", ")} at the start), commit ${report.commit?.slice(0, 7) ?? "unknown"}:`,
    "",
    "| goal | measured | verdict | why, when not met |",
    "|---|---|---|---|",
    ...rows,
  ].join("\n");
}
