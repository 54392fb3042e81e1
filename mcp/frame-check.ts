/**
 * What a frame is before the SDK parses it: one stdio line, one HTTP body, or an in-memory
 * message written out as the text it would be on a wire. Pure and browser-safe; the guards
 * (`guards.ts`) decide every transport's frames with it.
 */
import { parseJSONRPCMessage } from "@modelcontextprotocol/server";
import type { RequestId } from "./raw-arguments.js";

export { DEFAULT_MAX_FRAME_BYTES } from "./limits.js";

export type FrameError = {
  readonly jsonrpc: "2.0";
  readonly id: RequestId | null;
  readonly error: { readonly code: -32700 | -32600; readonly message: string };
};

export type FrameVerdict =
  { readonly kind: "pass"; readonly raw: unknown } | { readonly kind: "reject"; readonly reply: FrameError };

/** Decides one complete frame; pure. The SDK would drop broken JSON unanswered, so it is answered here. */
export function inspectFrame(line: string): FrameVerdict {
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch {
    return reject(null, -32700, "Parse error: the line is not JSON");
  }
  return inspectMessage(raw);
}

/** Decides a frame's parsed value: a JSON-RPC message passes as it is, anything else gets -32600 (with its id if it has one). */
export function inspectMessage(raw: unknown): FrameVerdict {
  try {
    parseJSONRPCMessage(raw);
  } catch {
    const id =
      raw !== null && typeof raw === "object" && !Array.isArray(raw) ? (raw as { id?: unknown }).id : undefined;
    const known = typeof id === "string" || (typeof id === "number" && Number.isSafeInteger(id)) ? id : null;
    return reject(known, -32600, "Invalid Request: not a JSON-RPC 2.0 request, notification or response");
  }
  return { kind: "pass", raw };
}

export function frameTooLarge(maxFrameBytes: number): FrameError {
  return {
    jsonrpc: "2.0",
    id: null,
    error: { code: -32600, message: `Invalid Request: message larger than ${maxFrameBytes} bytes` },
  };
}

/** Whether a frame's UTF-8 bytes exceed `max`; encodes only a text that could. */
export function overBytes(text: string, max: number): boolean {
  if (text.length > max) return true;
  return text.length * 3 > max && new TextEncoder().encode(text).byteLength > max;
}

export function inFlightRefusal(id: RequestId): string {
  return `Invalid Request: request id ${JSON.stringify(id)} is already in flight`;
}

/** The id and raw arguments of a `tools/call` request, or null for any other message. */
export function callArguments(raw: unknown): { readonly id: RequestId; readonly args: unknown } | null {
  if (raw === null || typeof raw !== "object") return null;
  const message = raw as { method?: unknown; id?: unknown; params?: unknown };
  if (message.method !== "tools/call" || (typeof message.id !== "string" && typeof message.id !== "number"))
    return null;
  const params =
    message.params !== null && typeof message.params === "object" ? (message.params as Record<string, unknown>) : {};
  return { id: message.id, args: Object.hasOwn(params, "arguments") ? params.arguments : undefined };
}

export function reject(id: RequestId | null, code: -32700 | -32600, message: string): FrameVerdict {
  return { kind: "reject", reply: { jsonrpc: "2.0", id, error: { code, message } } };
}
