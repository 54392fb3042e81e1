/**
 * Reading one HTTP request body under the frame bound. A body over the bound is not kept, but it
 * is read to its end (discarded) before the 413 goes out: a server that stops reading mid-body
 * and answers leaves the rest of the body in the connection, where it is neither a request nor
 * ignorable, so Node drops the connection and the client's next request on it fails with
 * ECONNRESET. Past `DRAIN_FACTOR` times the bound the rest is not worth reading: the 413 says
 * `Connection: close` and the connection ends after it.
 */
import type { IncomingMessage } from "node:http";

/** How much more than the bound is read and discarded to keep the connection usable. */
export const DRAIN_FACTOR = 8;

export type Body =
  | { readonly kind: "body"; readonly bytes: Buffer }
  /** `drained`: the whole body was read, so the connection can carry the next request. */
  | { readonly kind: "too_large"; readonly drained: boolean };

export function readBody(req: IncomingMessage, max: number): Promise<Body> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    let size = 0;
    const done = (body: Body) => {
      req.off("data", onData);
      req.off("end", onEnd);
      resolve(body);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= max) return void parts.push(chunk);
      parts.length = 0;
      // Stop reading: the answer closes the connection, so what is left of the body goes with it.
      if (size > max * DRAIN_FACTOR) {
        req.pause();
        done({ kind: "too_large", drained: false });
      }
    };
    const onEnd = () =>
      done(size > max ? { kind: "too_large", drained: true } : { kind: "body", bytes: Buffer.concat(parts) });
    req.on("data", onData);
    req.on("end", onEnd);
    // Kept after the answer too: a client that goes away mid-body is no failure of the server.
    req.on("error", reject);
  });
}
