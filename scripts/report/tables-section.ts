/** The fault-schedule, store, crash and runtime evidence as tables, and the framework matrix once recorded. */
import type { ReportEvidence } from "./evidence.js";
import { esc, num, section, table, type CellContent } from "./html.js";
import { STRINGS } from "./strings.js";

const count = (value: number | undefined): string => (value === undefined ? "–" : num(value));

export function faultsSection(read: ReportEvidence["faults"]): string {
  const S = STRINGS.faults;
  if (read === null) return section("faults", S.heading, `<p>${esc(S.missing)}</p>`);
  const { data } = read;
  const rows = Object.entries(data.engines).map(([engine, e]) => [
    engine,
    num(e.schedules),
    num(e.violations),
    num(e.duplicates_found),
    num(e.unapproved_side_effects),
    num(e.uncertain_retried),
    num(e.nondeterministic_replays),
    Object.entries(e.final_statuses)
      .map(([status, n]) => `${status} ${num(n)}`)
      .join(", "),
  ]);
  const lead = S.lead(read.file, String(data.seed), data.schedules_per_engine, data.cross_engine_differences);
  return section("faults", S.heading, `<p>${esc(lead)}</p>${table(S.columns, rows)}`);
}

export function storesSection(read: ReportEvidence["stores"], bench: ReportEvidence["benchStores"]): string {
  const S = STRINGS.stores;
  const parts: string[] = [];
  if (read === null) parts.push(`<p>${esc(S.missing)}</p>`);
  else {
    const counts = Object.entries(read.data.counts)
      .map(([k, v]) => `${k.replace(/_/g, " ")} ${num(v)}`)
      .join(", ");
    const rows = read.data.results.map((r) => [r.id, r.group, r.kind, r.expect, r.outcome, r.code ?? "–"]);
    parts.push(`<p>${esc(S.lead(read.file, counts))}</p>${table(S.columns, rows, "compact")}`);
  }
  if (bench !== null) {
    const rows = Object.entries(bench.data.stores).map(([store, s]) => [
      store,
      s.status,
      count(s.ledger_pairs_per_s?.median),
      count(s.step_us?.median),
    ]);
    parts.push(`<h3>${esc(S.bench)}</h3><p>${esc(STRINGS.graphs.from(bench.file))}</p>${table(S.benchColumns, rows)}`);
  }
  return section("stores", S.heading, parts.join("\n"));
}

export function crashesSection(read: ReportEvidence["crashes"]): string {
  const S = STRINGS.crashes;
  if (read === null) return section("crashes", S.heading, `<p>${esc(S.missing)}</p>`);
  const rows = Object.entries(read.data.by_store).map(([store, s]) => [
    store,
    s.status === "measured" ? s.status : `${s.status}${s.reason ? ` (${s.reason})` : ""}`,
    count(s.crash_runs),
    count(s.duplicates_found),
    count(s.unapproved_side_effects),
    count(s.approval_tokens_reused),
    count(s.approval_tokens_refused),
    count(s.uncertain_outcomes),
  ]);
  const control = read.data.negative_control;
  const controlText =
    control === undefined
      ? ""
      : `<p>${esc(S.control(`${control.store}, ${control.sabotage}: ${control.duplicates_detected} duplicates detected`))}</p>`;
  return section(
    "crashes",
    S.heading,
    `<p>${esc(S.lead(read.file, read.data.kill_signal))}</p>${table(S.columns, rows)}${controlText}`,
  );
}

const shown = (value: unknown): string => (typeof value === "string" ? value : (JSON.stringify(value) ?? "–"));

export function runtimeSection(read: ReportEvidence["runtime"]): string {
  const S = STRINGS.runtime;
  if (read === null) return section("runtime", S.heading, `<p>${esc(S.missing)}</p>`);
  const { data } = read;
  const gates = data.metrics.map((m) => [
    m.name,
    m.status,
    m.rule,
    shown(m.expected),
    shown(m.actual),
    m.met === null ? STRINGS.verdict.not_measured : m.met ? STRINGS.bench.yes : STRINGS.bench.no,
  ]);
  const commands = data.commands.map((c) => [c.command, c.purpose, c.exit_code ?? "–"]);
  return section(
    "runtime",
    S.heading,
    `<p>${esc(S.lead(read.file, data.generated_at, data.commit.slice(0, 7)))}</p>
<p>${esc(S.planner(data.planner_gate, data.planner_gate_reason ?? ""))}</p>
<p>${esc(S.tests(data.tests.passed, data.tests.total, data.tests.failed))}</p>
${table(S.columns, gates)}<h3>${esc(S.commands)}</h3>${table(S.commandColumns, commands)}`,
  );
}

/** The framework matrix's schema is still being written (issue 28): its rows are shown as they are. */
export function frameworksSection(read: ReportEvidence["frameworkMatrix"]): string {
  const S = STRINGS.frameworks;
  if (read === null) return section("frameworks", S.heading, `<p>${esc(S.missing)}</p>`);
  const rows = findRows(read.data);
  const body =
    rows === null
      ? `<pre>${esc(JSON.stringify(read.data, null, 2))}</pre>`
      : (() => {
          const headers = [...new Set(rows.flatMap((r) => Object.keys(r)))];
          return table(
            headers,
            rows.map((r): CellContent[] => headers.map((h) => shown(r[h] ?? "–"))),
          );
        })();
  return section("frameworks", S.heading, `<p>${esc(S.from(read.file))}</p>${body}`);
}

/** The first array of objects in the file, breadth first: the matrix's rows, whatever its key. */
function findRows(value: unknown): Record<string, unknown>[] | null {
  const queue = [value];
  for (let v = queue.shift(); v !== undefined; v = queue.shift()) {
    if (Array.isArray(v) && v.length > 0 && v.every((x) => x !== null && typeof x === "object" && !Array.isArray(x)))
      return v as Record<string, unknown>[];
    if (v !== null && typeof v === "object") queue.push(...Object.values(v));
  }
  return null;
}
