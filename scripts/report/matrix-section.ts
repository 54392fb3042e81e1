/** The verdict matrix as HTML: a text verdict in every cell, the family filters, a failing cell's signal. */
import type { ReportEvidence } from "./evidence.js";
import { esc, para, section } from "./html.js";
import { both, html, m, prose, type MessageKey } from "./i18n.js";
import { FAMILIES, type Matrix, type MatrixRow, type Verdict } from "./matrix.js";

// The symbol repeats the word for sighted readers scanning the grid; the word is what is read out.
const MARK: Readonly<Record<Verdict, string>> = { holds: "✓", fails: "✗", not_measured: "–" };
const VERDICT: Readonly<Record<Verdict, MessageKey>> = {
  holds: "verdict.holds",
  fails: "verdict.fails",
  not_measured: "verdict.not_measured",
};

function cellHtml(row: MatrixRow, engine: string): string {
  const cell = row.cells[engine] ?? { verdict: "not_measured" as const, violations: [] };
  const head = `<span class="mark" aria-hidden="true">${MARK[cell.verdict]}</span> <span class="word">${html(m(VERDICT[cell.verdict]))}</span>`;
  const detail =
    cell.verdict === "fails"
      ? `<div class="why"><p><strong>${html(m("matrix.expected"))}</strong> ${prose(row.expected)}</p><p><strong>${html(m("matrix.violated"))}</strong></p><ul>${cell.violations.map((v) => `<li>${prose(v)}</li>`).join("")}</ul></div>`
      : "";
  return `<td class="cell ${cell.verdict}" data-engine="${esc(engine)}" data-verdict="${cell.verdict}">${head}${detail}</td>`;
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
  const count = (v: Verdict) => cells.filter((c) => c.verdict === v).length;
  const total = matrix.rows.length;
  // Every family has its box, an empty one too: "(0)" says that family is not recorded yet.
  const filters = `<fieldset class="filters" id="family-filters"><legend>${html(m("matrix.filters"))}</legend>${FAMILIES.map(
    (f) =>
      `<label><input type="checkbox" name="family" value="${f}" checked> ${html(m(`family.${f}`))} (${matrix.rows.filter((r) => r.family === f).length})</label>`,
  ).join(
    "",
  )}</fieldset><p id="matrix-shown" role="status">${both((l) => esc(m("matrix.shown", { shown: total, total }).in(l)))}</p>`;
  const head = `<tr><th scope="col">${html(m("matrix.column"))}</th><th scope="col">${html(m("matrix.family"))}</th>${matrix.engines.map((e) => `<th scope="col" translate="no">${esc(e)}</th>`).join("")}</tr>`;
  const body = matrix.rows
    .map(
      (row) =>
        `<tr data-column="${esc(row.name)}" data-family="${row.family}"><th scope="row"><code>${esc(row.name)}</code><span class="summary" lang="en">${esc(row.summary)}</span></th><td class="family">${html(m(`family.${row.family}`))}</td>${matrix.engines.map((e) => cellHtml(row, e)).join("")}</tr>`,
    )
    .join("\n");
  const tally = m("matrix.summary", { holds: count("holds"), fails: count("fails"), missing: count("not_measured") });
  return section(
    "matrix",
    m("matrix.heading"),
    `${para(m("matrix.lead"))}<p class="tally">${html(tally)} ${html(m("matrix.source", { files }))}</p>${unmeasured === "" ? "" : `<ul class="unmeasured">${unmeasured}</ul>`}
${filters}
<div class="scroll" tabindex="0" role="region" aria-labelledby="matrix-h"><table id="verdicts"><thead>${head}</thead><tbody>
${body}
</tbody></table></div>`,
  );
}
