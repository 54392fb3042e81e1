/**
 * Guards the stdio channel in front of the SDK's transport. The SDK drops a line it cannot
 * parse without answering, and closes the connection on an oversize one; the guard answers
 * each bad frame with a JSON-RPC error instead (-32700 broken JSON, -32600 not a JSON-RPC
 * message or too large) and keeps serving. It also keeps each `tools/call`'s arguments exactly
 * as they arrived, because the SDK's parser drops keys such as `__proto__` that the contract
 * must see to reject.
 */
import { Transform, type TransformCallback } from "node:stream";
import { parseJSONRPCMessage } from "@modelcontextprotocol/server";
import type { RawArguments, RequestId } from "./raw-arguments.js";

/** @default 1 MiB. Arguments over the contract's own input limit are rejected as data before this. */
export const DEFAULT_MAX_FRAME_BYTES = 1_048_576;

export type FrameError = {
  readonly jsonrpc: "2.0";
  readonly id: RequestId | null;
  readonly error: { readonly code: -32700 | -32600; readonly message: string };
};

export type FrameVerdict =
  { readonly kind: "pass"; readonly raw: unknown } | { readonly kind: "reject"; readonly reply: FrameError };

/** Decides one complete line; pure. */
export function inspectFrame(line: string): FrameVerdict {
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch {
    return reject(null, -32700, "Parse error: the line is not JSON");
  }
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

export type FrameGuardOptions = {
  readonly maxFrameBytes: number;
  /** Writes an error reply to the client (the same stdout the transport writes whole lines to). */
  readonly reply: (error: FrameError) => void;
  readonly rawArguments?: RawArguments;
};

/** A newline-delimited stream filter: good frames pass through unchanged, bad ones are answered. */
export function createFrameGuard(options: FrameGuardOptions): Transform {
  let parts: Buffer[] = [];
  let size = 0;
  let oversize = false;
  const endFrame = (guard: Transform) => {
    if (oversize) {
      options.reply(frameTooLarge(options.maxFrameBytes));
    } else {
      const line = Buffer.concat(parts).toString("utf8").replace(/\r$/, "");
      if (line.trim() !== "") {
        const verdict = inspectFrame(line);
        if (verdict.kind === "reject") options.reply(verdict.reply);
        else {
          keepArguments(verdict.raw, options.rawArguments);
          guard.push(`${line}\n`);
        }
      }
    }
    parts = [];
    size = 0;
    oversize = false;
  };
  return new Transform({
    transform(this: Transform, chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
      for (let start = 0; start < chunk.length;) {
        const newline = chunk.indexOf(0x0a, start);
        const piece = chunk.subarray(start, newline === -1 ? chunk.length : newline);
        // An oversize frame is never held in memory: its bytes are dropped as they arrive.
        if (!oversize && size + piece.length > options.maxFrameBytes) [oversize, parts, size] = [true, [], 0];
        if (!oversize) {
          parts.push(piece);
          size += piece.length;
        }
        if (newline === -1) break;
        endFrame(this);
        start = newline + 1;
      }
      done();
    },
  });
}

function keepArguments(raw: unknown, store: RawArguments | undefined): void {
  if (store === undefined || raw === null || typeof raw !== "object") return;
  const message = raw as { method?: unknown; id?: unknown; params?: unknown };
  if (message.method !== "tools/call" || (typeof message.id !== "string" && typeof message.id !== "number")) return;
  const params =
    message.params !== null && typeof message.params === "object" ? (message.params as Record<string, unknown>) : {};
  store.put(message.id, Object.hasOwn(params, "arguments") ? params.arguments : undefined);
}

function reject(id: RequestId | null, code: -32700 | -32600, message: string): FrameVerdict {
  return { kind: "reject", reply: { jsonrpc: "2.0", id, error: { code, message } } };
}
