/**
 * What a connection's host hears besides answers: the audit trace as log notices at the level it
 * set (`logging/setLevel`, or a 2026-era request's own `_meta` level), `notifications/resources/updated`
 * for the traces and artifacts it subscribed to, and progress for its own calls that sent a token.
 * One feed per server carries each trace event and each artifact a call wrote, with the call it came
 * from. Each connection takes from it only what its client may read (HTTP sessions are owned); it
 * tells its own call's events on that call's stream (over HTTP, the POST's event stream, so they
 * arrive before the answer) and any other's on its standalone stream.
 */
import { LOG_LEVEL_META_KEY } from "@modelcontextprotocol/server";
import type { LoggingLevel, Server, ServerNotification } from "@modelcontextprotocol/server";
import type { TraceEvent } from "../contract/index.js";
import { auditMessage, isLoggingLevel, levelOf, passes, progressNotice } from "./audit-log.js";
import { mayReadResource, parseResourceUri, readableUri } from "./resources.js";
import type { SessionAccess } from "./session-access.js";

export type FeedItem =
  { readonly kind: "trace"; readonly event: TraceEvent } | { readonly kind: "artifact"; readonly uri: string };

type Send = (notification: ServerNotification) => Promise<void>;

/** One `tools/call` as the feed knows it: whose it is, and how to reach its request's stream. */
export type CallOrigin = {
  readonly connection: HostNotices;
  readonly send: Send;
  /** The request's own log level (2026-era `_meta`); null: the connection's. */
  readonly logLevel: LoggingLevel | null;
  /** The progress notice of the call's next event; null when the request sent no progress token. */
  readonly progress: ((event: TraceEvent) => ServerNotification) | null;
};

type Listener = (item: FeedItem, origin: CallOrigin) => void;

export type HostFeed = {
  publish(item: FeedItem, origin: CallOrigin): void;
  /** Returns the way to stop listening. */
  listen(listener: Listener): () => void;
};

export function createHostFeed(): HostFeed {
  const listeners = new Set<Listener>();
  return {
    publish(item, origin) {
      for (const listener of listeners) listener(item, origin);
    },
    listen(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

export type HostNotices = {
  /** The origin of one `tools/call` of this connection, from its request's notify and `_meta`. */
  origin(notify: Send, meta: Readonly<Record<string, unknown>> | undefined): CallOrigin;
  /** Stops hearing the feed (the connection closed). */
  close(): void;
};

/** Serves `logging/setLevel` and `resources/(un)subscribe` on `server`, and tells its host what it may hear. */
export function attachHostNotices(server: Server, feed: HostFeed, access: SessionAccess | undefined): HostNotices {
  // No level set, no log notices: a host that never asked is not sent the trace.
  let level: LoggingLevel | null = null;
  const subscribed = new Set<string>();
  server.setRequestHandler("logging/setLevel", (request) => {
    level = request.params.level;
    return {};
  });
  server.setRequestHandler("resources/subscribe", (request) => {
    // The same refusals as a read: a malformed URI, or another MCP session's trace or artifact.
    readableUri(access, request.params.uri);
    subscribed.add(request.params.uri);
    return {};
  });
  server.setRequestHandler("resources/unsubscribe", (request) => {
    subscribed.delete(request.params.uri);
    return {};
  });

  const mayHear = (uri: string) => {
    const parsed = parseResourceUri(uri);
    return parsed !== null && mayReadResource(access, uri, parsed);
  };
  const standalone: Send = (notification) => server.notification(notification);
  const hear: Listener = (item, origin) => {
    const own = origin.connection === notices;
    const threshold = item.kind === "trace" ? ((own ? origin.logLevel : null) ?? level) : null;
    const progress = item.kind === "trace" && own ? origin.progress : null;
    // A host that set no level, sent no progress token and subscribed to nothing hears nothing: most calls stop here.
    if (threshold === null && progress === null && subscribed.size === 0) return;
    const uri = item.kind === "trace" ? `trace://${item.event.session_id}` : item.uri;
    // Its own calls run in sessions it may act in; another connection's are heard only where this client may read.
    if (!own && !mayHear(uri)) return;
    const send = own ? origin.send : standalone;
    const tell = (notification: ServerNotification) => void send(notification).catch(() => undefined);
    if (item.kind === "trace") {
      if (threshold !== null && passes(levelOf(item.event), threshold)) tell(auditMessage(item.event));
      if (progress !== null) tell(progress(item.event));
    }
    if (subscribed.has(uri)) tell({ method: "notifications/resources/updated", params: { uri } });
  };
  const stop = feed.listen(hear);
  const notices: HostNotices = {
    origin(notify, meta) {
      const requested = meta?.[LOG_LEVEL_META_KEY];
      const token = meta?.progressToken;
      let count = 0;
      return {
        connection: notices,
        send: notify,
        logLevel: isLoggingLevel(requested) ? requested : null,
        // A token holding a secret never gets here: its call is refused (meta.ts readHarnessMeta).
        progress:
          typeof token === "string" || typeof token === "number"
            ? (event) => progressNotice(token, ++count, event)
            : null,
      };
    },
    close: stop,
  };
  return notices;
}
