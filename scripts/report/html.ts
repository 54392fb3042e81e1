/** Escaping and the few element builders every part of the report uses. */
const ENTITIES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export const esc = (text: string | number): string => String(text).replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

/** A table with a caption-less header row; cells are escaped text unless given as `{ html }`. */
export type CellContent = string | number | { readonly html: string };
const cellHtml = (cell: CellContent) => (typeof cell === "object" ? cell.html : esc(cell));

export function table(headers: readonly string[], rows: readonly (readonly CellContent[])[], cls = ""): string {
  const head = headers.map((h) => `<th scope="col">${esc(h)}</th>`).join("");
  const body = rows
    .map(
      (row) =>
        `<tr>${row.map((cell, i) => (i === 0 ? `<th scope="row">` : "<td>") + cellHtml(cell) + (i === 0 ? "</th>" : "</td>")).join("")}</tr>`,
    )
    .join("\n");
  return `<div class="scroll" tabindex="0" role="region" aria-label="${esc(headers.join(", "))}"><table${cls === "" ? "" : ` class="${cls}"`}><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table></div>`;
}

export const section = (id: string, heading: string, body: string): string =>
  `<section id="${id}" aria-labelledby="${id}-h"><h2 id="${id}-h">${esc(heading)}</h2>\n${body}\n</section>`;

/** Numbers as people read them: thousands grouped, at most three significant decimals. */
export function num(value: number): string {
  if (Number.isInteger(value)) return value.toLocaleString("en-US");
  return value.toLocaleString("en-US", { maximumSignificantDigits: 4 });
}

/** A template's {name} places filled in. */
export const fill = (template: string, values: Readonly<Record<string, string | number>>): string =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
