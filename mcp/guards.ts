/**
 * Every guard a message passes before the server sees it, the same on every transport (stdio,
 * Streamable HTTP, in memory): a bound on the frame, an answer for a frame that is not a JSON-RPC
 * message (the SDK would drop it or close the connection), each `tools/call`'s arguments kept
 * exactly as they arrived (the SDK's parser drops keys such as `__proto__` that the contract must
 * see to reject), one request id in flight, and nothing but ping before initialize. The server
 * takes a call's arguments only from here, so a call that skipped the guards cannot run.
 */
import type { Transport } from "@modelcontextprotocol/server";
import {
  callArguments,
  DEFAULT_MAX_FRAME_BYTES,
  frameTooLarge,
  inFlightRefusal,
  inspectFrame,
  inspectMessage,
  overBytes,
  reject,
  type FrameVerdict,
} from "./frame-check.js";
import { createRawArguments, type RawArguments, type RequestId } from "./raw-arguments.js";
import { GuardedTransport } from "./request-guard.js";

/**
 * `text`: the wire's frames are admitted before the SDK parses them (stdio lines, HTTP bodies).
 * `objects`: the transport hands over messages as objects (in memory), so each is admitted on
 * arrival: measured as the text it would be on a wire, checked and kept as the object it is.
 */
export type FrameSource = "text" | "objects";

export type GuardsOptions = { readonly frames: FrameSource; readonly maxFrameBytes?: number };

export type Guards = {
  readonly frames: FrameSource;
  readonly maxFrameBytes: number;
  /** Decides one frame; a pass keeps its `tools/call` arguments as they arrived. */
  admit(text: string): FrameVerdict;
  /** After the transport handled an admitted frame: arguments it never passed on (it refused the message) are dropped. */
  settle(verdict: FrameVerdict): void;
  /** The arguments of a call that came through every guard, once. */
  take: RawArguments["take"];
  /** The transport as the server must see it, behind the request guard (and, for `objects`, admission). */
  transport(inner: Transport): Transport;
};

export function createGuards(options: GuardsOptions): Guards {
  const maxFrameBytes = options.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES;
  const raw = createRawArguments();
  const keep = (verdict: FrameVerdict): FrameVerdict => {
    const call = verdict.kind === "pass" ? callArguments(verdict.raw) : null;
    if (call !== null && !raw.keep(call.id, call.args)) return reject(call.id, -32600, inFlightRefusal(call.id));
    return verdict;
  };
  const tooLarge: FrameVerdict = { kind: "reject", reply: frameTooLarge(maxFrameBytes) };
  const admit = (text: string): FrameVerdict => (overBytes(text, maxFrameBytes) ? tooLarge : keep(inspectFrame(text)));
  const admitObject = (message: unknown) => {
    let text: string | null = null;
    try {
      text = JSON.stringify(message);
    } catch (error) {
      // Nested too deep to write out here; as on a wire, the contract's depth limit answers it.
      if (!(error instanceof RangeError)) throw error;
    }
    const verdict = text !== null && overBytes(text, maxFrameBytes) ? tooLarge : keep(inspectMessage(message));
    return verdict.kind === "reject" ? verdict.reply : null;
  };
  const isCall = (message: unknown) => callArguments(message) !== null;
  return {
    frames: options.frames,
    maxFrameBytes,
    admit,
    settle(verdict) {
      const call = verdict.kind === "pass" ? callArguments(verdict.raw) : null;
      if (call !== null) raw.drop(call.id, "undelivered");
    },
    take: (id) => raw.take(id),
    transport: (inner) =>
      new GuardedTransport(inner, {
        ...(options.frames === "objects" ? { admit: admitObject } : {}),
        onPassed: (id: RequestId, message) => (isCall(message) ? raw.deliver(id) : undefined),
        // Each drop touches only its own request's entry: a refused frame's never reached the server,
        // an answered request's did; a frame admitted meanwhile under the same id keeps its own.
        onRefused: (id) => raw.drop(id, "undelivered"),
        onAnswered: (id) => raw.drop(id, "delivered"),
      }),
  };
}
