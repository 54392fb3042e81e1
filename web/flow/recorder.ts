/**
 * A transport wrapper that records every JSON-RPC message as it crosses it, in both directions.
 * Wrapped around the server's end of the in-memory pair, it logs exactly what the project's MCP
 * server received and sent. Each message is copied through JSON when it passes, so the log shows
 * the bytes of that moment even if an object is reused later.
 */
import type { JSONRPCMessage, Transport } from "@modelcontextprotocol/server";

/** `to_server`: the host's client sent it; `to_client`: the server answered or notified. */
export type WireDirection = "to_server" | "to_client";

export type WireMessage = {
  readonly direction: WireDirection;
  readonly message: JSONRPCMessage;
};

export function recordingTransport(inner: Transport, record: (entry: WireMessage) => void): Transport {
  const copy = (message: JSONRPCMessage) => JSON.parse(JSON.stringify(message)) as JSONRPCMessage;
  const outer: Transport = {
    start: () => inner.start(),
    close: () => inner.close(),
    async send(message, options) {
      record({ direction: "to_client", message: copy(message) });
      await inner.send(message, options);
    },
    setProtocolVersion: (version) => inner.setProtocolVersion?.(version),
  };
  inner.onmessage = (message, extra) => {
    record({ direction: "to_server", message: copy(message) });
    outer.onmessage?.(message, extra);
  };
  inner.onclose = () => outer.onclose?.();
  inner.onerror = (error) => outer.onerror?.(error);
  return outer;
}
