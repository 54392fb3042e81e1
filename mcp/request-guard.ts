/**
 * A guard around any transport, in front of the SDK: one request id in flight at a time on the
 * connection (a duplicate would get the first one's answer, or its stashed raw arguments), and
 * nothing but `ping` before a 2025-era `initialize`. Each refusal is a JSON-RPC -32600 answer;
 * the refused request never reaches a handler. Modern (2026-07-28) requests need no handshake:
 * they carry their protocol version in `_meta`.
 */
import { PROTOCOL_VERSION_META_KEY } from "@modelcontextprotocol/server";
import type { JSONRPCMessage, MessageExtraInfo, Transport, TransportSendOptions } from "@modelcontextprotocol/server";
import { inFlightRefusal, type FrameError } from "./frame-check.js";
import type { RequestId } from "./raw-arguments.js";

/** How the guards (`guards.ts`) follow each request, so what they keep per id lives exactly as long as it. */
export type RequestGuardOptions = {
  /** Runs first on every message that arrives; an error returned is answered instead of passing the message on. */
  readonly admit?: (message: JSONRPCMessage) => FrameError | null;
  /** A request passed and went on to the server. */
  readonly onPassed?: (id: RequestId, message: JSONRPCMessage) => void;
  /** A request was refused here; it never reaches a handler. */
  readonly onRefused?: (id: RequestId) => void;
  /** A request was answered. */
  readonly onAnswered?: (id: RequestId) => void;
};

/** Why a request may not reach the server now, or null. */
export function refusalOf(
  message: { readonly method: string; readonly params?: unknown },
  id: RequestId,
  state: { readonly inFlight: ReadonlySet<RequestId>; readonly initialized: boolean },
): string | null {
  if (state.inFlight.has(id)) return inFlightRefusal(id);
  if (state.initialized || message.method === "initialize" || message.method === "ping" || isModern(message.params))
    return null;
  return `Invalid Request: ${message.method} before initialize (only ping is served before it)`;
}

function isModern(params: unknown): boolean {
  if (params === null || typeof params !== "object") return false;
  const meta = (params as { _meta?: unknown })._meta;
  return meta !== null && typeof meta === "object" && Object.hasOwn(meta, PROTOCOL_VERSION_META_KEY);
}

export class GuardedTransport implements Transport {
  onclose?: (() => void) | undefined;
  onerror?: ((error: Error) => void) | undefined;
  onmessage?: (<T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void) | undefined;
  readonly #inner: Transport;
  readonly #options: RequestGuardOptions;
  readonly #inFlight = new Set<RequestId>();
  #initialized = false;

  constructor(inner: Transport, options: RequestGuardOptions = {}) {
    this.#inner = inner;
    this.#options = options;
    inner.onclose = () => this.onclose?.();
    inner.onerror = (error) => this.onerror?.(error);
    inner.onmessage = (message, extra) => this.#receive(message, extra);
  }

  get sessionId(): string | undefined {
    return this.#inner.sessionId;
  }

  setProtocolVersion = (version: string): void => this.#inner.setProtocolVersion?.(version);

  start(): Promise<void> {
    return this.#inner.start();
  }

  close(): Promise<void> {
    return this.#inner.close();
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    // An answer ends its request; the id may be used again.
    if (!("method" in message) && "id" in message && message.id !== undefined) {
      this.#inFlight.delete(message.id);
      this.#options.onAnswered?.(message.id);
    }
    return this.#inner.send(message, options);
  }

  #receive(message: JSONRPCMessage, extra?: MessageExtraInfo): void {
    const inadmissible = this.#options.admit?.(message) ?? null;
    // JSON-RPC answers a frame whose id could not be read with id null, as on every wire; the SDK's type omits it.
    if (inadmissible !== null)
      return void this.#inner.send(inadmissible as unknown as JSONRPCMessage).catch(() => undefined);
    if (!("method" in message) || !("id" in message)) return void this.onmessage?.(message, extra);
    const { id } = message;
    const refusal = refusalOf(message, id, { inFlight: this.#inFlight, initialized: this.#initialized });
    if (refusal !== null) {
      this.#options.onRefused?.(id);
      void this.#inner.send({ jsonrpc: "2.0", id, error: { code: -32600, message: refusal } }).catch(() => undefined);
      return;
    }
    if (message.method === "initialize") this.#initialized = true;
    this.#inFlight.add(id);
    this.#options.onPassed?.(id, message);
    this.onmessage?.(message, extra);
  }
}
