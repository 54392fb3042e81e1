/**
 * Marked regions in markdown: `<!-- generated:NAME -->`, the generated text, `<!-- /generated:NAME -->`.
 * Everything between the markers belongs to the generator named NAME; everything outside is prose.
 */
import { err, ok, type Result } from "../../contract/index.js";

const OPEN = /<!-- generated:([a-z0-9-]+) -->/g;
const closing = (name: string) => `<!-- /generated:${name} -->`;

/** A region's name and where its body starts and ends in the text (between the two markers). */
export type Region = { readonly name: string; readonly start: number; readonly end: number };

/** The regions of a markdown text, in order; an error names an unclosed or nested region. */
export function regionsOf(text: string): Result<Region[], string> {
  const regions: Region[] = [];
  let from = 0;
  for (const match of text.matchAll(OPEN)) {
    const name = match[1] ?? "";
    const start = (match.index ?? 0) + match[0].length;
    if (start - match[0].length < from) return err(`generated:${name} opens inside another region`);
    const end = text.indexOf(closing(name), start);
    if (end === -1) return err(`generated:${name} is never closed (${closing(name)})`);
    regions.push({ name, start, end });
    from = end;
  }
  return ok(regions);
}

/**
 * The text with every region's body replaced by its generator's output, on lines of its own
 * between the markers. An unknown name is an error, so a typo cannot leave a region unchecked.
 */
export function fillRegions(text: string, generate: (name: string) => string | undefined): Result<string, string> {
  const regions = regionsOf(text);
  if (!regions.ok) return regions;
  const parts: string[] = [];
  let at = 0;
  for (const { name, start, end } of regions.value) {
    const generated = generate(name);
    if (generated === undefined) return err(`generated:${name}: no generator of that name`);
    parts.push(text.slice(at, start), `\n${generated.trimEnd()}\n`);
    at = end;
  }
  parts.push(text.slice(at));
  return ok(parts.join(""));
}
