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
 * An id in letters alone, for a name that goes into sessions and keys (a stdio server start's, in its connections'
 * sessions `connection-<name>-<n>`; a test run's). A name in hex held a run of ten or more digits one time in two
 * hundred (`connection-5396514434f9-1`), which the contact-data detector reads as a phone number, so its trace:// URIs
 * and calls were refused as sensitive_identifier. Ten letters hold about 47 bits: a name, never a secret.
 */
export function mintLetterId(size = 10, draw: (size: number) => Uint8Array = randomBytes): string {
  return Array.from(draw(size), (byte) => LETTERS[byte % LETTERS.length]).join("");
}
