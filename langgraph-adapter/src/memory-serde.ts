/**
 * The serializer of the default MemorySaver: LangGraph's own `JsonPlusSerializer`, with two ways
 * around its cost that read back the same values.
 *
 * - Writing: a value made of JSON data is kept as it is (`held-values.ts`): its parts that can never
 *   change by reference, inside the saver's own copies of the rest. MemorySaver stores whatever
 *   `dumpsTyped` returns and hands it back to `loadsTyped` untouched, so the value travels in an
 *   empty byte array (`HeldValue`). Anything else (a Set, an Error, LangGraph's Send, undefined) is
 *   written by JsonPlus, unchanged. A checkpoint then costs what changed in it, not the whole state.
 * - Reading JsonPlus's bytes: JsonPlus revives a parsed value through an async walk (a promise per
 *   value, ~40% of a saver read), rebuilding every object only to look for its `lc: 1 | 2` records
 *   (undefined, Set, Map, Error, LangChain objects). A value holding no such record, and no
 *   `__proto__` key (which that rebuild would turn into a prototype), comes back from the walk as a
 *   copy of what `JSON.parse` gave, so `JSON.parse`'s own fresh value is the same answer.
 */
import type { SerializerProtocol } from "@langchain/langgraph-checkpoint";
import { kept, NOT_KEPT, readKept, revived } from "./held-values.js";

const decoder = new TextDecoder();

/** True when JsonPlus's reviver would return an equal copy of `value`. */
export function revivesAsItself(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return true;
  if (Array.isArray(value)) return value.every(revivesAsItself);
  if (revived(value)) return false;
  const record = value as Record<string, unknown>;
  for (const key in record) if (!revivesAsItself(record[key])) return false;
  return true;
}

/** A value kept by reference, where MemorySaver expects bytes: it stores and returns it untouched. */
export class HeldValue extends Uint8Array {
  constructor(readonly value: unknown) {
    super(0);
  }
}

export class PlainJsonFirstSerializer implements SerializerProtocol {
  constructor(private readonly jsonPlus: SerializerProtocol) {}

  async dumpsTyped(data: unknown): Promise<[string, Uint8Array]> {
    const value = kept(data);
    return value === NOT_KEPT ? this.jsonPlus.dumpsTyped(data) : ["json", new HeldValue(value)];
  }

  async loadsTyped(type: string, data: Uint8Array | string): Promise<unknown> {
    if (data instanceof HeldValue) return readKept(data.value);
    if (type !== "json") return this.jsonPlus.loadsTyped(type, data);
    const parsed: unknown = JSON.parse(typeof data === "string" ? data : decoder.decode(data));
    return revivesAsItself(parsed) ? parsed : this.jsonPlus.loadsTyped(type, data);
  }
}
