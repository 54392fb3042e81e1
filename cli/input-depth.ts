/**
 * How deep a JSON or YAML text nests, found in one linear pass without parsing it: parsers recurse
 * once per level and die (stack or memory) on a few KB nested thousands deep, so depth is checked
 * first. Each scan stops as soon as the limit is passed.
 */
import { createRequire } from "node:module";
import type { Lexer } from "yaml";

// yaml is loaded on the first YAML text, not with the CLI: most commands read only JSON, and its
// 70-odd CommonJS files cost an ESM-loading process (a tsx run) about a tenth of a second to import.
let lexer: typeof Lexer | null = null;
const newLexer = (): Lexer => new (lexer ??= (createRequire(import.meta.url)("yaml") as typeof import("yaml")).Lexer)();

export type InputFormat = "json" | "yaml";

export function nestingExceeds(text: string, maxDepth: number, format: InputFormat): boolean {
  return format === "json" ? jsonDepthExceeds(text, maxDepth) : yamlDepthExceeds(text, maxDepth);
}

/** JSON: brackets outside strings, exactly. */
export function jsonDepthExceeds(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > maxDepth) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

type Open = { readonly column: number; readonly kind: "seq" | "map" | "flow" };

/**
 * YAML: an upper bound on the depth, from yaml's lexer (linear; quoted and block scalars and
 * comments come as single tokens, so their brackets never count). Flow collections open and close
 * on their brackets. A block collection opens at its indicator (`-`, `?`, or a key's `:` at the
 * key's column) and stays open until a line starts left of its column, or, for a sequence under a
 * key at the key's own column, until the next key there. Every collection the parser can nest has
 * an entry, so the count never falls below the real depth.
 */
export function yamlDepthExceeds(text: string, maxDepth: number): boolean {
  const open: Open[] = [];
  let flow = 0;
  let column = 0;
  let lineStart = true;
  let keyColumn: number | null = null;
  const push = (entry: Open) => {
    if (entry.kind !== "flow") {
      while (open.length > 0 && open.at(-1)!.kind !== "flow") {
        const top = open.at(-1)!;
        const closes =
          top.column > entry.column || (top.column === entry.column && top.kind === "seq" && entry.kind === "map");
        if (!closes) break;
        open.pop();
      }
      const top = open.at(-1);
      if (top !== undefined && top.column === entry.column && top.kind === entry.kind) return false; // a sibling
    }
    open.push(entry);
    return open.length > maxDepth;
  };
  for (const token of newLexer().lex(text)) {
    // Control characters below 0x20 other than tab and newline are the lexer's markers, not source.
    const marker = token.length === 1 && token.charCodeAt(0) < 0x20 && token !== "\t" && token !== "\n";
    if (marker || token === "\u{feff}") continue;
    // Space, a comment, or a block scalar's body (it starts with its indentation): no structure.
    const first = token.charCodeAt(0);
    const blank = first === 0x20 || first === 0x09 || first === 0x23;
    if (lineStart && !blank && token !== "\n") {
      lineStart = false;
      keyColumn = null;
      // A line starting left of a block collection's column ends it.
      if (flow === 0)
        while (open.length > 0 && open.at(-1)!.kind !== "flow" && open.at(-1)!.column > column) open.pop();
    }
    if (token === "[" || token === "{") {
      flow++;
      if (push({ column, kind: "flow" })) return true;
    } else if (token === "]" || token === "}") {
      if (flow > 0) {
        flow--;
        open.pop();
      }
    } else if (flow === 0 && (token === "-" || token === "?")) {
      if (push({ column, kind: token === "-" ? "seq" : "map" })) return true;
    } else if (flow === 0 && token === ":") {
      if (push({ column: keyColumn ?? column, kind: "map" })) return true;
    } else if (flow === 0 && !blank && token !== "\n") keyColumn ??= column;
    const newline = token.lastIndexOf("\n");
    if (newline === -1) column += token.length;
    else {
      column = token.length - newline - 1;
      lineStart = true;
    }
  }
  return false;
}
