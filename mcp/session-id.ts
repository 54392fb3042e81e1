/** Apart from http-sessions.ts, which the light entry points load: the identifier check brings the detectors. */
import { randomBytes, randomUUID } from "node:crypto";
import { isSensitiveIdentifier } from "../contract/index.js";

/**
 * A new MCP session id, one the identifier check accepts: the client names it again in `trace://` URIs, where an
 * id read as credentials or contact data is refused. About 2% of random UUIDs hold a digit run the contact-data
 * detector reads as a phone number (`…-7983-4667-99…`), so one is drawn again until the check passes.
 */
export function mintSessionId(draw: () => string = randomUUID): string {
  let id = draw();
  while (isSensitiveIdentifier(id)) id = draw();
  return id;
}

const LETTERS = "abcdefghijklmnopqrstuvwxyz";

/**
 * A stdio server start's name, in its connections' sessions (`connection-<name>-<n>`), in letters alone: a name in
 * hex held a run of ten or more digits one time in two hundred (`connection-5396514434f9-1`), which the contact-data
 * detector reads as a phone number, and its trace:// URIs were refused. The only digits left are the counter's.
 */
export function mintInstanceName(draw: (size: number) => Uint8Array = randomBytes): string {
  // Ten letters, about 47 bits: a name per start, never a secret.
  return Array.from(draw(10), (byte) => LETTERS[byte % LETTERS.length]).join("");
}
