/**
 * The verdict matrix as HTML: first an engine × column-family summary of behaviour verdicts (counts, a colour per
 * cell, vocabulary apart), then the long table, collapsed by family, a text verdict in every cell.
 */
import type { ReportEvidence } from "./evidence.js";
import { esc, para, section } from "./html.js";
import { both, code, html, label, m, msg, prose, type MessageKey, type Text } from "./i18n.js";
import { familiesOf, type Behaviour, type Cell, type Family, type Matrix, type MatrixRow } from "./matrix.js";
import { en } from "./messages-en.js";
import { EXPECTATIONS_ZH, EXPECTED_ZH } from "./messages-expectations-zh.js";

// The symbol repeats the word for sighted readers scanning the grid; the word is what is read out.
const MARK: Readonly<Record<Behaviour, string>> = { holds: "✓", fails: "✗", error: "!", not_measured: "–" };
const VERDICT: Readonly<Record<Behaviour, MessageKey>> = {
  holds: "verdict.holds",
  fails: "verdict.fails",
  error: "verdict.error",
  not_measured: "verdict.not_measured",
};
const VOCABULARY: Readonly<Record<Cell["vocabulary"], MessageKey>> = {
  conforms: "vocabulary.conforms",
  differs: "vocabulary.differs",
  not_applicable: "vocabulary.not_applicable",
};

/** A family's name in each language; a family the catalogues do not name yet shows as its code. */
const familyKey = (family: Family): MessageKey | null => {
  const key = `family.${family}`;
  return Object.hasOwn(en, key) ? (key as MessageKey) : null;
};
const familyName = (family: Family): Text => {
  const key = familyKey(family);
  return key === null ? code(family) : m(key);
};

/** A message with one parameter that is itself a message: each locale gets its own word. */
const nested = (
  key: MessageKey,
  name: string,
  inner: MessageKey | Text,
  params: Record<string, number> = {},
): Text => ({
  in: (locale) =>
    msg(locale, key, { ...params, [name]: typeof inner === "string" ? msg(locale, inner) : inner.in(locale) }),
  verbatim: false,
});

/** A verdict's wording in each language: the column's English, and its Chinese from a catalogue. */
const inBoth =
  (zh: Readonly<Record<string, string>>) =>
  (text: string): string =>
    both((locale) => esc(locale === "zh-CN" ? (zh[text] ?? text) : text));
const expectation = inBoth(EXPECTATIONS_ZH);
const expected = inBoth(EXPECTED_ZH);

/** Why a cell does not hold: each broken expectation with its kind and what was seen, or the engine's error. */
function why(row: MatrixRow, cell: Cell): string {
  if (cell.behaviour === "error")
    return `<div class="why"><p><strong>${html(m("matrix.errored"))}</strong> ${prose(cell.reason ?? "")}</p></div>`;
  if (cell.violations.length === 0) return "";
  const items = cell.violations
    .map(
      (v) =>
        `<li><strong>${html(m(v.kind === "behaviour" ? "kind.behaviour" : "kind.vocabulary"))}</strong> ${expectation(v.expectation)}${v.observed === null ? "" : ` ${html(m("matrix.observed"))} ${html(code(v.observed))}`}</li>`,
    )
    .join("");
  return `<div class="why"><p><strong>${html(m("matrix.expected"))}</strong> ${expected(row.expected)}</p><p><strong>${html(m("matrix.violated"))}</strong></p><ul>${items}</ul></div>`;
}

function cellHtml(matrix: Matrix, row: MatrixRow, engine: string): string {
  const cell = row.cells[engine];
  if (cell === undefined) return "<td></td>";
  const head = `<span class="mark" aria-hidden="true">${MARK[cell.behaviour]}</span> <span class="word">${html(m(VERDICT[cell.behaviour]))}</span>`;
  const foreign = matrix.judged[engine] === "foreign";
  const words =
    cell.behaviour === "holds" || cell.behaviour === "fails"
      ? `<span class="vocab ${cell.vocabulary}">${html(nested(foreign ? "vocabulary.shown" : "vocabulary.label", "word", VOCABULARY[cell.vocabulary]))}</span>`
      : "";
  return `<td class="cell ${cell.behaviour}" data-engine="${esc(engine)}" data-verdict="${cell.behaviour}" data-vocabulary="${cell.vocabulary}">${head}${words}${why(row, cell)}</td>`;
}

/** The count of each behaviour among cells, and the worst of them as the summary cell's colour. */
function tally(cells: readonly Cell[]) {
  const count = (b: Behaviour) => cells.filter((c) => c.behaviour === b).length;
  const worst: Behaviour =
    count("fails") > 0 ? "fails" : count("error") > 0 ? "error" : count("holds") > 0 ? "holds" : "not_measured";
  return { holds: count("holds"), fails: count("fails"), error: count("error"), worst };
}

function summaryTable(matrix: Matrix, families: readonly Family[]): string {
  const head = `<tr><th scope="col">${html(m("matrix.engine"))}</th>${families.map((f) => `<th scope="col">${html(familyName(f))}</th>`).join("")}<th scope="col">${html(m("matrix.vocabulary"))}</th></tr>`;
  const body = matrix.engines
    .map((engine) => {
      const cells = (family: Family | null) =>
        matrix.rows.filter((r) => family === null || r.family === family).flatMap((r) => r.cells[engine] ?? []);
      const counts = families.map((family) => {
        const t = tally(cells(family));
        return `<td class="cell ${t.worst}">${html(m("matrix.counts", t))}</td>`;
      });
      const judged = cells(null).filter((c) => c.vocabulary !== "not_applicable");
      const differs = judged.filter((c) => c.vocabulary === "differs").length;
      const charged = matrix.judged[engine] === "foreign" ? "judged.foreign" : "judged.contract";
      return `<tr><th scope="row"><code translate="no">${esc(engine)}</code><span class="summary">${html(m(charged))}</span></th>${counts.join("")}<td class="vocab">${html(m("matrix.vocabCounts", { differs, total: judged.length }))}</td></tr>`;
    })
    .join("\n");
  return `<h3 id="matrix-summary-h">${html(m("matrix.byFamily"))}</h3><div class="scroll" tabindex="0" role="region" aria-labelledby="matrix-summary-h"><table id="family-summary"><thead>${head}</thead><tbody>${body}</tbody></table></div>`;
}

function familyDetails(matrix: Matrix, family: Family): string {
  const rows = matrix.rows.filter((r) => r.family === family);
  const t = tally(rows.flatMap((r) => Object.values(r.cells)));
  const head = `<tr><th scope="col">${html(m("matrix.column"))}</th>${matrix.engines.map((e) => `<th scope="col" translate="no">${esc(e)}</th>`).join("")}</tr>`;
  const body = rows
    .map(
      (row) =>
        `<tr data-column="${esc(row.name)}" data-family="${esc(row.family)}"><th scope="row"><code>${esc(row.name)}</code><span class="summary" lang="en">${esc(row.summary)}</span></th>${matrix.engines.map((e) => cellHtml(matrix, row, e)).join("")}</tr>`,
    )
    .join("\n");
  const { holds: _, worst: __, ...counts } = t;
  const summary = html(nested("matrix.details", "family", familyName(family), { count: rows.length, ...counts }));
  return `<details class="family" data-family="${esc(family)}"><summary>${summary}</summary><div class="scroll" tabindex="0" role="region"${label(familyName(family))}><table class="verdicts"><thead>${head}</thead><tbody>
${body}
</tbody></table></div></details>`;
}

export function matrixSection(
  matrix: Matrix,
  comparisons: ReportEvidence["comparisons"],
  frameworkFile: string | null = null,
): string {
  const files = [...comparisons.map((c) => c.file), ...(frameworkFile === null ? [] : [frameworkFile])];
  // A framework that did not run says why, once, rather than in each of its cells.
  const unmeasured = comparisons
    .filter((c) => c.data.status !== "measured")
    .map(
      (c) =>
        `<li>${html(m("matrix.unmeasured", { engine: c.data.framework }))} ${prose(c.data.reason ?? c.data.status)}</li>`,
    )
    .join("");
  const cells = matrix.rows.flatMap((row) => Object.values(row.cells));
  const count = (b: Behaviour) => cells.filter((c) => c.behaviour === b).length;
  const total = matrix.rows.length;
  const families = familiesOf(matrix);
  const filters = `<fieldset class="filters" id="family-filters"><legend>${html(m("matrix.filters"))}</legend>${families
    .map(
      (f) =>
        `<label><input type="checkbox" name="family" value="${esc(f)}" checked> ${html(familyName(f))} (${matrix.rows.filter((r) => r.family === f).length})</label>`,
    )
    .join(
      "",
    )}</fieldset><p id="matrix-shown" role="status">${both((l) => esc(m("matrix.shown", { shown: total, total }).in(l)))}</p>`;
  const summary = m("matrix.summary", {
    holds: count("holds"),
    fails: count("fails"),
    error: count("error"),
    missing: count("not_measured"),
    differs: cells.filter((c) => c.vocabulary === "differs").length,
  });
  return section(
    "matrix",
    m("matrix.heading"),
    `${para(m("matrix.lead"))}<p class="tally">${html(summary)} ${html(m("matrix.source", { files }))}</p>${unmeasured === "" ? "" : `<ul class="unmeasured">${unmeasured}</ul>`}
${summaryTable(matrix, families)}
${filters}
<div id="verdicts">
${families.map((f) => familyDetails(matrix, f)).join("\n")}
</div>`,
  );
}
