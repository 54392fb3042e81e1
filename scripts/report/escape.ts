/** HTML escaping, the one function every part of the report uses for text and attributes. */
const ENTITIES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export const esc = (text: string | number): string => String(text).replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
