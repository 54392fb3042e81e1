/**
 * The serializer of the default MemorySaver: LangGraph's own `JsonPlusSerializer`, with a faster
 * way to read back the plain JSON that the harness's checkpoints and writes almost always are.
 * JsonPlus revives a parsed value through an async walk (a promise per value, ~40% of a saver
 * read), rebuilding every object only to look for its `lc: 1 | 2` records (undefined, Set, Map,
 * Error, LangChain objects). A value holding no such record, and no `__proto__` key (which that
 * rebuild would turn into a prototype), comes back from the walk as a copy of what `JSON.parse`
 * gave, so `JSON.parse`'s own fresh value is the same answer. Anything else goes through JsonPlus.
 * Writing is JsonPlus's, unchanged, so the stored bytes are the same.
 */
import type { SerializerProtocol } from "@langchain/langgraph-checkpoint";

const decoder = new TextDecoder();

/** True when JsonPlus's reviver would return an equal copy of `value`. */
export function revivesAsItself(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return true;
  if (Array.isArray(value)) return value.every(revivesAsItself);
  const record = value as Record<string, unknown>;
  if (record["lc"] === 1 || record["lc"] === 2 || Object.prototype.hasOwnProperty.call(record, "__proto__"))
    return false;
  for (const key in record) if (!revivesAsItself(record[key])) return false;
  return true;
}

export class PlainJsonFirstSerializer implements SerializerProtocol {
  constructor(private readonly jsonPlus: SerializerProtocol) {}

  dumpsTyped(data: unknown): Promise<[string, Uint8Array]> {
    return this.jsonPlus.dumpsTyped(data);
  }

  async loadsTyped(type: string, data: Uint8Array | string): Promise<unknown> {
    if (type !== "json") return this.jsonPlus.loadsTyped(type, data);
    const parsed: unknown = JSON.parse(typeof data === "string" ? data : decoder.decode(data));
    return revivesAsItself(parsed) ? parsed : this.jsonPlus.loadsTyped(type, data);
  }
}
