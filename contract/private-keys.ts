/**
 * Private keys, found whole: a PEM or OpenSSH block from its `-----BEGIN … PRIVATE KEY-----` line
 * through its `-----END … PRIVATE KEY-----` line, header, body and footer together, wherever it
 * falls in a text of any length and however its line breaks are written (`\n` in a JSON string,
 * `\\n` in JSON inside JSON). A key cut off before its footer is found through the end of its body.
 */
import type { SensitiveSpan } from "./secret-scanners.js";

// PKCS#1 (`RSA`), SEC1 (`EC`), `DSA`, PKCS#8 (none, `ENCRYPTED`), `OPENSSH`, `PGP … KEY BLOCK`.
const LABEL = String.raw`[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?`;
const BEGIN = new RegExp(String.raw`-----BEGIN ${LABEL}-----`, "g");
const END = new RegExp(String.raw`-----END ${LABEL}-----`, "g");

/**
 * The body of a key with no footer: base64 runs, line breaks as written or escaped, and the
 * `Name: value` lines of legacy PEM encryption and PGP (`Proc-Type`, `DEK-Info`, `Version`,
 * `Comment`). A space goes on only before a long base64 run (a key pasted on one line), so the
 * words after a cut-off key stay. Sticky and without nested quantifiers: linear.
 */
const BODY =
  /(?:[A-Za-z0-9+/=]+|\r|\n|\\+[rn]|[ \t](?=[A-Za-z0-9+/=]{20})|(?:Proc-Type|DEK-Info|Version|Comment|Hash):[^\r\n\\"]*)*/y;

/** Every private key in `text`, each one span from its header through its footer. */
export function privateKeySpans(text: string): SensitiveSpan[] {
  const ends = [...text.matchAll(END)].map((match) => match.index + match[0].length);
  const begins = [...text.matchAll(BEGIN)];
  const spans: SensitiveSpan[] = [];
  let next = 0;
  // Both lists are sorted, so one pass pairs each header with the first footer after it.
  begins.forEach((begin, i) => {
    const headerEnd = begin.index + begin[0].length;
    while (next < ends.length && ends[next]! <= headerEnd) next++;
    const following = begins[i + 1]?.index ?? Infinity;
    const footer = ends[next];
    // A footer after the next header belongs to that key: this one was cut off.
    const end = footer !== undefined && footer <= following ? footer : bodyEnd(text, headerEnd);
    spans.push({ start: begin.index, end, detector: "private-key" });
  });
  return spans;
}

function bodyEnd(text: string, from: number): number {
  BODY.lastIndex = from;
  BODY.exec(text);
  let end = BODY.lastIndex;
  // Stop before a backslash that escapes the quote closing a JSON string: the rest must stay JSON.
  while (end > from && text[end - 1] === "\\") end--;
  return end;
}
