/** The fault-schedule, store, crash and runtime evidence as tables, and the framework matrix once recorded. */
import type { ReportEvidence } from "./evidence.js";
import { esc, para, section, table, type CellContent } from "./html.js";
import { code, date, html, m, prose, type Locale, type MessageKey } from "./i18n.js";

const count = (value: number | undefined): CellContent => value ?? "–";
const headers = (keys: readonly MessageKey[]) => keys.map((key) => m(key));

export function faultsSection(read: ReportEvidence["faults"]): string {
  if (read === null) return section("faults", m("faults.heading"), para(m("faults.missing")));
  const { data } = read;
  const rows = Object.entries(data.engines).map(([engine, e]): CellContent[] => [
    engine,
    e.schedules,
    e.violations,
    e.duplicates_found,
    e.unapproved_side_effects,
    e.uncertain_retried,
    e.nondeterministic_replays,
    code(
      Object.entries(e.final_statuses)
        .map(([status, n]) => `${status} ${n}`)
        .join(", "),
    ),
  ]);
  const lead = m("faults.lead", {
    file: read.file,
    seed: String(data.seed),
    per: data.schedules_per_engine,
    diff: data.cross_engine_differences,
  });
  const columns = headers([
    "bench.engine",
    "faults.schedules",
    "faults.violations",
    "faults.duplicates",
    "faults.unapproved",
    "faults.uncertainRetried",
    "faults.nondeterministic",
    "faults.finalStatuses",
  ]);
  return section("faults", m("faults.heading"), `${para(lead)}${table(columns, rows)}`);
}

export function storesSection(read: ReportEvidence["stores"], bench: ReportEvidence["benchStores"]): string {
  const parts: string[] = [];
  if (read === null) parts.push(para(m("stores.missing")));
  else {
    const counts = Object.entries(read.data.counts).map(([k, v]) => `${k} ${v}`);
    const rows = read.data.results.map((r) => [r.id, r.group, r.kind, r.expect, r.outcome, r.code ?? "–"]);
    const columns = headers([
      "stores.case",
      "stores.group",
      "stores.store",
      "stores.expected",
      "stores.outcome",
      "stores.code",
    ]);
    parts.push(`${para(m("stores.lead", { file: read.file, counts }))}${table(columns, rows, "compact")}`);
  }
  if (bench !== null) {
    const rows = Object.entries(bench.data.stores).map(([store, s]): CellContent[] => [
      store,
      s.status,
      count(s.ledger_pairs_per_s?.median),
      count(s.step_us?.median),
    ]);
    const columns = headers(["stores.store", "stores.status", "stores.ledgerPairs", "stores.stepUs"]);
    parts.push(
      `<h3>${html(m("stores.bench"))}</h3>${para(m("page.source", { file: bench.file }))}${table(columns, rows)}`,
    );
  }
  return section("stores", m("stores.heading"), parts.join("\n"));
}

export function crashesSection(read: ReportEvidence["crashes"]): string {
  if (read === null) return section("crashes", m("crashes.heading"), para(m("crashes.missing")));
  const rows = Object.entries(read.data.by_store).map(([store, s]): CellContent[] => [
    store,
    s.status === "measured" || !s.reason
      ? s.status
      : { html: `<span translate="no">${esc(s.status)}</span> ${prose(`(${s.reason})`)}` },
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
      : `<p>${html(m("crashes.control", { store: control.store, duplicates: control.duplicates_detected }))} ${prose(control.sabotage)}</p>`;
  const columns = headers([
    "stores.store",
    "stores.status",
    "crashes.runs",
    "faults.duplicates",
    "faults.unapproved",
    "crashes.tokensReused",
    "crashes.tokensRefused",
    "crashes.uncertain",
  ]);
  return section(
    "crashes",
    m("crashes.heading"),
    `${para(m("crashes.lead", { file: read.file, signal: read.data.kill_signal }))}${table(columns, rows)}${controlText}`,
  );
}

const shown = (value: unknown): string => (typeof value === "string" ? value : (JSON.stringify(value) ?? "–"));

export function runtimeSection(read: ReportEvidence["runtime"]): string {
  if (read === null) return section("runtime", m("runtime.heading"), para(m("runtime.missing")));
  const { data } = read;
  const gates = data.metrics.map((g): CellContent[] => [
    g.name,
    g.status,
    g.rule,
    shown(g.expected),
    shown(g.actual),
    m(g.met === null ? "verdict.not_measured" : g.met ? "answer.yes" : "answer.no"),
  ]);
  const commands = data.commands.map((c): CellContent[] => [c.command, { html: prose(c.purpose) }, c.exit_code ?? "–"]);
  const lead = {
    in: (locale: Locale) =>
      m("runtime.lead", { file: read.file, at: date(data.generated_at, locale), commit: data.commit.slice(0, 7) }).in(
        locale,
      ),
    verbatim: false,
  };
  const tests = m("runtime.tests", { passed: data.tests.passed, total: data.tests.total, failed: data.tests.failed });
  const gateColumns = headers([
    "runtime.gate",
    "stores.status",
    "runtime.rule",
    "stores.expected",
    "runtime.actual",
    "bench.met",
  ]);
  const commandColumns = headers(["runtime.command", "runtime.purpose", "runtime.exitCode"]);
  return section(
    "runtime",
    m("runtime.heading"),
    `${para(lead)}
<p>${html(m("runtime.planner", { gate: data.planner_gate }))} ${prose(data.planner_gate_reason ?? "")}</p>
${para(tests)}
${table(gateColumns, gates)}<h3>${html(m("runtime.commands"))}</h3>${table(commandColumns, commands)}`,
  );
}

/** The framework matrix's schema is still being written (issue 28): its rows are shown as they are. */
export function frameworksSection(read: ReportEvidence["frameworkMatrix"]): string {
  const heading = m("frameworks.heading");
  if (read === null) return section("frameworks", heading, para(m("frameworks.missing")));
  const rows = findRows(read.data);
  const body =
    rows === null
      ? `<pre translate="no">${esc(JSON.stringify(read.data, null, 2))}</pre>`
      : (() => {
          const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))];
          return table(
            keys.map((key) => code(key)),
            rows.map((r): CellContent[] => keys.map((key) => shown(r[key] ?? "–"))),
          );
        })();
  return section("frameworks", heading, `${para(m("page.source", { file: read.file }))}${body}`);
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
