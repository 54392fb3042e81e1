/** The verdict matrix as HTML: a text verdict in every cell, the family filters, a failing cell's signal. */
import type { ReportEvidence } from "./evidence.js";
import { esc, fill, section } from "./html.js";
import { FAMILIES, type Matrix, type MatrixRow, type Verdict } from "./matrix.js";
import { STRINGS } from "./strings.js";

const S = STRINGS.matrix;
// The symbol repeats the word for sighted readers scanning the grid; the word is what is read out.
const MARK: Readonly<Record<Verdict, string>> = { holds: "✓", fails: "✗", not_measured: "–" };

function cellHtml(row: MatrixRow, engine: string): string {
  const cell = row.cells[engine] ?? { verdict: "not_measured" as const, violations: [] };
  const word = STRINGS.verdict[cell.verdict];
  const head = `<span class="mark" aria-hidden="true">${MARK[cell.verdict]}</span> <span class="word">${esc(word)}</span>`;
  const detail =
    cell.verdict === "fails"
      ? `<div class="why"><p><strong>${esc(S.expected)}:</strong> ${esc(row.expected)}</p><p><strong>${esc(S.violated)}:</strong></p><ul>${cell.violations.map((v) => `<li>${esc(v)}</li>`).join("")}</ul></div>`
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
    .map((c) => `<li>${esc(S.unmeasured(c.data.framework, c.data.reason ?? c.data.status))}</li>`)
    .join("");
  const cells = matrix.rows.flatMap((row) => Object.values(row.cells));
  const count = (v: Verdict) => cells.filter((c) => c.verdict === v).length;
  // Every family has its box, an empty one too: "(0)" says that family is not recorded yet.
  const filters = `<fieldset class="filters" id="family-filters"><legend>${esc(S.filters)}</legend>${FAMILIES.map(
    (f) =>
      `<label><input type="checkbox" name="family" value="${f}" checked> ${esc(STRINGS.families[f])} (${matrix.rows.filter((r) => r.family === f).length})</label>`,
  ).join(
    "",
  )}</fieldset><p id="matrix-shown" role="status">${esc(fill(S.shown, { shown: matrix.rows.length, total: matrix.rows.length }))}</p>`;
  const head = `<tr><th scope="col">${esc(S.column)}</th><th scope="col">${esc(S.family)}</th>${matrix.engines.map((e) => `<th scope="col">${esc(e)}</th>`).join("")}</tr>`;
  const body = matrix.rows
    .map(
      (row) =>
        `<tr data-column="${esc(row.name)}" data-family="${row.family}"><th scope="row"><code>${esc(row.name)}</code><span class="summary">${esc(row.summary)}</span></th><td>${esc(STRINGS.families[row.family])}</td>${matrix.engines.map((e) => cellHtml(row, e)).join("")}</tr>`,
    )
    .join("\n");
  return section(
    "matrix",
    S.heading,
    `<p>${esc(S.lead)}</p><p class="tally">${esc(S.summary(count("holds"), count("fails"), count("not_measured")))} ${esc(S.source(files.join(", ")))}</p>${unmeasured === "" ? "" : `<ul class="unmeasured">${unmeasured}</ul>`}
${filters}
<div class="scroll" tabindex="0" role="region" aria-labelledby="matrix-h"><table id="verdicts"><thead>${head}</thead><tbody>
${body}
</tbody></table></div>`,
  );
}

/** The filter, as a script the page inlines: it hides rows whose family is unticked and says how many show. */
export const FILTER_SCRIPT = `(() => {
  const box = document.getElementById("family-filters");
  const shown = document.getElementById("matrix-shown");
  const rows = Array.from(document.querySelectorAll("#verdicts tbody tr"));
  const template = ${JSON.stringify(S.shown)};
  if (!box || !shown) return;
  box.addEventListener("change", () => {
    const on = new Set(Array.from(box.querySelectorAll("input:checked"), (i) => i.value));
    let n = 0;
    for (const row of rows) { const show = on.has(row.dataset.family); row.hidden = !show; if (show) n += 1; }
    shown.textContent = template.replace("{shown}", String(n)).replace("{total}", String(rows.length));
  });
})();`;
