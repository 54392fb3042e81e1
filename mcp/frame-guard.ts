/**
 * The stdio side of the guards: splits stdin into lines in front of the SDK's transport and hands
 * each to `guards.admit`. An oversize line is answered (-32600) without ever being held in memory;
 * a bad one gets its JSON-RPC error; the connection keeps serving. Good lines pass unchanged.
 */
import { Transform, type TransformCallback } from "node:stream";
import { frameTooLarge, type FrameError } from "./frame-check.js";
import type { Guards } from "./guards.js";

export type FrameGuardOptions = {
  readonly guards: Pick<Guards, "admit" | "maxFrameBytes">;
  /** Writes an error reply to the client (the same stdout the transport writes whole lines to). */
  readonly reply: (error: FrameError) => void;
};

/** A newline-delimited stream filter: good frames pass through unchanged, bad ones are answered. */
export function createFrameGuard(options: FrameGuardOptions): Transform {
  const { guards } = options;
  let parts: Buffer[] = [];
  let size = 0;
  let oversize = false;
  const endFrame = (guard: Transform) => {
    if (oversize) {
      options.reply(frameTooLarge(guards.maxFrameBytes));
    } else {
      const line = Buffer.concat(parts).toString("utf8").replace(/\r$/, "");
      if (line.trim() !== "") {
        const verdict = guards.admit(line);
        if (verdict.kind === "reject") options.reply(verdict.reply);
        else guard.push(`${line}\n`);
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
        if (!oversize && size + piece.length > guards.maxFrameBytes) [oversize, parts, size] = [true, [], 0];
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
