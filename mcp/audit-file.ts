/** The audit log as a file: the one Node-only piece of the server, kept out of what the page bundles. */
import { appendFileSync } from "node:fs";
import { createObservedAuditSink, type AuditSink } from "./audit.js";

/** JSON lines appended to `path`, one event per line, written before the answer is sent. */
export function createFileAuditSink(path: string): AuditSink {
  appendFileSync(path, ""); // fail at start-up, not at the first call, when the path is unwritable
  return createObservedAuditSink((event) => appendFileSync(path, `${JSON.stringify(event)}\n`));
}
