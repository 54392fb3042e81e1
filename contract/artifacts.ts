/** Large tool outputs are stored as artifacts; the conversation gets a summary and a reference. */
import { canonicalJson, sha256Hex, type JsonValue } from "./canonical.js";
import { deepFreeze } from "./state-hash.js";

/** @default 2048 characters of canonical JSON */
export const MAX_INLINE_OUTPUT_CHARS = 2048;
const SUMMARY_CHARS = 160;

export type ArtifactStore = {
  put(ref: string, body: string): void;
  get(ref: string): string | undefined;
};

export function createMemoryArtifactStore(): ArtifactStore & { size(): number } {
  const bodies = new Map<string, string>();
  return {
    put(ref, body) {
      bodies.set(ref, body);
    },
    get(ref) {
      return bodies.get(ref);
    },
    size() {
      return bodies.size;
    },
  };
}

export type MessageContent = {
  readonly content: JsonValue;
  readonly artifact: { readonly ref: string; readonly body: string } | null;
};

/** The message content for a tool output: the output itself, or a summary and a reference. */
export function toMessageContent(output: unknown): MessageContent {
  const body = canonicalJson(output ?? null);
  // Frozen: the state's message list keeps a frozen content as it is, instead of parsing it again.
  if (body.length <= MAX_INLINE_OUTPUT_CHARS)
    return { content: deepFreeze(JSON.parse(body) as JsonValue), artifact: null };
  const ref = `artifact:sha256:${sha256Hex(body)}`;
  return {
    content: { artifact: ref, chars: body.length, summary: `${body.slice(0, SUMMARY_CHARS)}…` },
    artifact: { ref, body },
  };
}
