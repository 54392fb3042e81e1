/** The bench's four charts and its goals, each saying which run and machine it came from. */
import { barChart, figure, lineChart, type Bar, type Series } from "./charts.js";
import type { Bench, Read } from "./evidence.js";
import { para, section, table, type CellContent } from "./html.js";
import { code, date, html, m, num, prose, type Text } from "./i18n.js";

function runLine(read: Read<Bench>): Text {
  const { data } = read;
  const machine = data.machine;
  return {
    in: (locale) =>
      m("bench.run", {
        file: read.file,
        at: date(data.generated_at, locale),
        commit: data.commit.slice(0, 7),
        cpu: machine.cpu_model,
        cores: machine.cores,
        node: machine.node,
        load: data.load_average?.start.map((v) => num(v, locale)).join(" / ") ?? "?",
      }).in(locale),
    verbatim: false,
  };
}

const rowsOf = (bars: readonly Bar[]): CellContent[][] =>
  bars.map((b) => [b.label.verbatim ? b.label.in("en") : b.label, b.value ?? m("verdict.not_measured")]);

export function benchSection(read: Read<Bench> | null): string {
  if (read === null) return section("bench", m("bench.heading"), para(m("bench.missing")));
  const { data } = read;
  const run = runLine(read);
  const steps: Bar[] = [
    { label: m("bench.floor"), value: data.step_overhead.floor.us_per_step.median },
    ...Object.entries(data.step_overhead.engines).map(([engine, e]) => ({
      label: code(engine),
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
    label: code(`${r.transport} · ${r.server}`),
    value: r.status === "measured" ? (r.median_us ?? null) : null,
  }));
  const faults: Bar[] = Object.entries(data.fault_throughput.engines).map(([engine, e]) => ({
    label: code(engine),
    value: e.status === "measured" ? (e.schedules_per_s ?? null) : null,
  }));
  const [step, grow, mcpTitle, faultsTitle] = [m("bench.step"), m("bench.growth"), m("bench.mcp"), m("bench.faults")];
  const figures = [
    figure(step, m("bench.stepDesc"), run, (l) => barChart(`chart-steps-${l}`, l, step, "unit.us", steps), {
      headers: [m("bench.engine"), m("bench.median")],
      rows: rowsOf(steps),
    }),
    figure(grow, m("bench.growthDesc"), run, (l) => lineChart(`chart-growth-${l}`, l, grow, growth), {
      headers: [m("bench.engine"), ...(growth[0]?.points.map((p) => m("bench.callsAt", { calls: p.x })) ?? [])],
      rows: growth.map((s) => [s.label, ...s.points.map((p) => p.y)]),
    }),
    figure(mcpTitle, m("bench.mcpDesc"), run, (l) => barChart(`chart-mcp-${l}`, l, mcpTitle, "unit.us", mcp), {
      headers: [m("bench.transport"), m("bench.median")],
      rows: rowsOf(mcp),
    }),
    figure(
      faultsTitle,
      m("bench.faultsDesc"),
      run,
      (l) => barChart(`chart-faults-${l}`, l, faultsTitle, "unit.perSecond", faults),
      { headers: [m("bench.engine"), m("bench.perSecond")], rows: rowsOf(faults) },
    ),
  ];
  const goals = table(
    [m("bench.goal"), m("bench.value"), m("bench.met")],
    data.goals.map((g) => [
      { html: prose(g.says) },
      g.value ?? m("verdict.not_measured"),
      m(g.met ? "answer.yes" : "answer.no"),
    ]),
  );
  return section(
    "bench",
    m("bench.heading"),
    `${figures.join("\n")}\n<h3>${html(m("bench.goals"))}</h3>${para(run, "run")}${goals}`,
  );
}
