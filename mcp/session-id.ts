/** Apart from http-sessions.ts, which the light entry points load: the identifier check brings the detectors. */
import { randomUUID } from "node:crypto";
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
