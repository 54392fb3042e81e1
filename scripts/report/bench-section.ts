/** The bench's four charts and its goals, each saying which run and machine it came from. */
import { barChart, figure, lineChart, type Bar, type Series } from "./charts.js";
import type { Bench, Read } from "./evidence.js";
import { esc, num, section, table } from "./html.js";
import { STRINGS } from "./strings.js";

const S = STRINGS.bench;

function runLine(read: Read<Bench>): string {
  const { data } = read;
  const m = data.machine;
  const load = data.load_average?.start.map((v) => num(v)).join(" / ") ?? "?";
  return S.run(
    read.file,
    data.generated_at,
    data.commit.slice(0, 7),
    `${m.cpu_model}, ${m.cores} cores, Node ${m.node}`,
    load,
  );
}

const rowsOf = (bars: readonly Bar[]) => bars.map((b) => [b.label, b.value === null ? S.notMeasured : num(b.value)]);

export function benchSection(read: Read<Bench> | null): string {
  if (read === null) return section("bench", S.heading, `<p>${esc(S.missing)}</p>`);
  const { data } = read;
  const run = runLine(read);
  const steps: Bar[] = [
    { label: S.floor, value: data.step_overhead.floor.us_per_step.median },
    ...Object.entries(data.step_overhead.engines).map(([engine, e]) => ({
      label: engine,
      value: e.status === "measured" ? (e.us_per_step?.median ?? null) : null,
    })),
  ];
  const growth: Series[] = Object.entries(data.session_length.engines)
    .filter(([, e]) => e.status === "measured")
    .map(([engine, e]) => ({
      label: engine,
      points: (e.points ?? []).map((p) => ({ x: p.calls, y: p.us_per_fact.median })),
    }));
  const mcp: Bar[] = data.mcp.results.map((r) => ({
    label: `${r.transport} · ${r.server}`,
    value: r.status === "measured" ? (r.median_us ?? null) : null,
  }));
  const faults: Bar[] = Object.entries(data.fault_throughput.engines).map(([engine, e]) => ({
    label: engine,
    value: e.status === "measured" ? (e.schedules_per_s ?? null) : null,
  }));
  const figures = [
    figure(S.step, S.stepDesc, run, barChart("chart-steps", S.step, "µs", steps, S.notMeasured), S.data, {
      headers: [S.engine, S.median],
      rows: rowsOf(steps),
    }),
    figure(S.growth, S.growthDesc, run, lineChart("chart-growth", S.growth, S.calls, "µs/fact", growth), S.data, {
      headers: [S.engine, ...(growth[0]?.points.map((p) => `${num(p.x)} ${S.calls}`) ?? [])],
      rows: growth.map((s) => [s.label, ...s.points.map((p) => num(p.y))]),
    }),
    figure(S.mcp, S.mcpDesc, run, barChart("chart-mcp", S.mcp, "µs", mcp, S.notMeasured), S.data, {
      headers: [`${S.transport} · ${S.server}`, S.median],
      rows: rowsOf(mcp),
    }),
    figure(S.faults, S.faultsDesc, run, barChart("chart-faults", S.faults, "/s", faults, S.notMeasured), S.data, {
      headers: [S.engine, S.perSecond],
      rows: rowsOf(faults),
    }),
  ];
  const goals = table(
    [S.goal, S.value, S.met],
    data.goals.map((g) => [g.says, g.value === null ? S.notMeasured : num(g.value), g.met ? S.yes : S.no]),
  );
  return section(
    "bench",
    S.heading,
    `${figures.join("\n")}\n<h3>${esc(S.goals)}</h3><p class="run">${esc(run)}</p>${goals}`,
  );
}
