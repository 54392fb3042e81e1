/** The few element builders every part of the report uses, each text in both languages (i18n.ts). */
import { esc } from "./escape.js";
import { both, html, label, num, type Text } from "./i18n.js";

export { esc };

/**
 * A table cell: a message or value (`Text`), a number (formatted per language), a string from the
 * evidence (a code or name, shown as it is and marked not to translate), or ready HTML.
 */
export type CellContent = Text | number | string | { readonly html: string };

function cellHtml(cell: CellContent, tag: "th" | "td"): string {
  const open = tag === "th" ? `<th scope="row"` : "<td";
  if (typeof cell === "string") return `${open} translate="no">${esc(cell)}</${tag}>`;
  if (typeof cell === "number") return `${open}>${both((locale) => num(cell, locale))}</${tag}>`;
  return `${open}>${"in" in cell ? html(cell) : cell.html}</${tag}>`;
}

/** A table with a header row; the first cell of each row heads it. */
export function table(headers: readonly Text[], rows: readonly (readonly CellContent[])[], cls = ""): string {
  const head = headers.map((h) => `<th scope="col">${html(h)}</th>`).join("");
  const body = rows
    .map((row) => `<tr>${row.map((cell, i) => cellHtml(cell, i === 0 ? "th" : "td")).join("")}</tr>`)
    .join("\n");
  const name: Text = {
    in: (locale) => headers.map((h) => h.in(locale)).join(", "),
    verbatim: headers.every((h) => h.verbatim),
  };
  return `<div class="scroll" tabindex="0" role="region"${label(name)}><table${cls === "" ? "" : ` class="${cls}"`}><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table></div>`;
}

export const section = (id: string, heading: Text, body: string): string =>
  `<section id="${id}" aria-labelledby="${id}-h"><h2 id="${id}-h">${html(heading)}</h2>\n${body}\n</section>`;

/** A paragraph of one text. */
export const para = (text: Text, cls = ""): string => `<p${cls === "" ? "" : ` class="${cls}"`}>${html(text)}</p>`;
