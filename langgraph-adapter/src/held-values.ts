/**
 * What the in-memory saver keeps of a value instead of its JSON bytes (`memory-serde.ts`): every part
 * that can never change, by reference, inside copies of the parts that can. A checkpoint kept so is
 * as fixed as its bytes would be — nobody can change a held part, and the copies are the saver's
 * own, copied again on every read — and it reads back equal to what JSON would read back. So a
 * step's checkpoint costs what changed in it, not the whole state: the agent state and its message
 * list, frozen by the contract, are kept by reference; so is the trace, an `AppendList`.
 *
 * A part can never change when it is JSON data that JSON reads back as itself (no undefined, -0 or
 * non-finite number, no `lc` record or `__proto__` key, which LangGraph's JsonPlus revives), frozen
 * all the way down, with plain data properties only; or an `AppendList` whose items are such values
 * (a version's items never change: the list only ever grows past them). An array's items are read
 * by index, as JSON reads them; so are a list's, without copying it out.
 */
import { AppendList } from "../../contract/index.js";

/** Objects found to never change, so each is walked once however many checkpoints share it. */
const fixed = new WeakSet<object>();

/**
 * The items each `AppendList` made by `extendList` from a list already found fixed added to it,
 * so that version is checked by those items alone, not by copying out and comparing its whole
 * history (the trace grows every step, so that was a step's cost growing with the session).
 */
const extensions = new WeakMap<AppendList<unknown>, readonly unknown[]>();

/**
 * Arrays found fixed most recently. A list grown by one step shares its items with the list before
 * it, so the items of a new list are compared by identity with those (a few ns each) and only the
 * new ones are walked.
 */
const recent: (readonly unknown[])[] = [];
const RECENT = 8;

/** True when `value` can never change and JSON would read it back as itself. */
export function isFixed(value: unknown): boolean {
  switch (typeof value) {
    case "string":
    case "boolean":
      return true;
    case "number":
      return Number.isFinite(value) && !Object.is(value, -0);
    case "object":
      return value === null || fixedObject(value);
    default:
      return false;
  }
}

function fixedObject(value: object): boolean {
  if (fixed.has(value)) return true;
  if (!Object.isFrozen(value)) return false;
  const found =
    value instanceof AppendList
      ? fixedList(value)
      : Array.isArray(value)
        ? Object.getPrototypeOf(value) === Array.prototype && fixedArray(value as readonly unknown[])
        : fixedRecord(value);
  if (found) fixed.add(value);
  return found;
}

/**
 * Lists found fixed most recently. A version appended to the newest version of a list (the agent
 * state's messages, grown by `extended` in the contract) shares its store with it, so its items
 * past the longest of these it starts with are the only ones walked, read one by one: copying the
 * version out would cost a step the whole conversation.
 */
const recentLists: AppendList<unknown>[] = [];

/**
 * `AppendList.append` gives a version the items of the list it extends, then what it keeps of each
 * new item: the item itself, or a frozen copy that reads back as the item does. So a version that
 * extends a fixed list is fixed when the items it added are; any other is walked past the fixed
 * list it starts with, if any.
 */
function fixedList(list: AppendList<unknown>): boolean {
  const added = extensions.get(list);
  if (added === undefined || !added.every((item) => isFixed(item))) {
    let from = 0;
    for (const earlier of recentLists) if (earlier.length > from && list.startsWith(earlier)) from = earlier.length;
    for (let i = from; i < list.length; i++) if (!isFixed(list.at(i))) return false;
  }
  if (list.length > 0) {
    recentLists.unshift(list);
    if (recentLists.length > RECENT) recentLists.pop();
  }
  return true;
}

/**
 * `list` with `items` appended, as an `AppendList`. When `list` was already found fixed, the new
 * version remembers `items`, so `isFixed` checks only them (`items` must never change: the
 * caller's own copy).
 */
export function extendList<T>(list: readonly T[] | AppendList<T>, items: readonly T[]): AppendList<T> {
  const next = AppendList.from(list).append(items);
  if (fixed.has(list)) extensions.set(next, items);
  return next;
}

function fixedArray(list: readonly unknown[]): boolean {
  let from = 0;
  for (const earlier of recent) {
    if (earlier.length <= from || earlier.length > list.length || earlier[0] !== list[0]) continue;
    if (sharesPrefix(list, earlier)) from = earlier.length;
  }
  for (let i = from; i < list.length; i++) if (!isFixed(list[i])) return false;
  if (list.length > 0) {
    recent.unshift(list);
    if (recent.length > RECENT) recent.pop();
  }
  return true;
}

function sharesPrefix(list: readonly unknown[], prefix: readonly unknown[]): boolean {
  for (let i = prefix.length - 1; i >= 0; i--) if (list[i] !== prefix[i]) return false;
  return true;
}

function fixedRecord(value: object): boolean {
  // A record without a prototype would read back with one: JSON makes plain records.
  if (Object.getPrototypeOf(value) !== Object.prototype || revived(value)) return false;
  // One descriptor at a time: `getOwnPropertyDescriptors` costs several times more on a state-sized record.
  if (Object.getOwnPropertySymbols(value).length > 0) return false;
  const keys = Object.getOwnPropertyNames(value);
  for (const key of keys) {
    const descriptor = Object.getOwnPropertyDescriptor(value, key);
    if (descriptor === undefined || !("value" in descriptor) || descriptor.enumerable !== true) return false;
    if (!isFixed(descriptor.value)) return false;
  }
  return true;
}

/** A record JsonPlus would not read back as a plain record: an `lc` record, or one with a `__proto__` key. */
export function revived(record: object): boolean {
  const lc = (record as Record<string, unknown>)["lc"];
  return lc === 1 || lc === 2 || Object.prototype.hasOwnProperty.call(record, "__proto__");
}

/** Marks what `kept` could not keep: the value is left to the serializer. */
export const NOT_KEPT: unique symbol = Symbol("not kept");

/** The value with every fixed part by reference inside copies of its plain records and arrays, or NOT_KEPT. */
export function kept(value: unknown): unknown {
  if (isFixed(value)) return value;
  if (typeof value !== "object" || value === null) return NOT_KEPT;
  if (Array.isArray(value)) {
    if (Object.getPrototypeOf(value) !== Array.prototype) return NOT_KEPT;
    const copy: unknown[] = [];
    for (const item of value as readonly unknown[]) {
      const inner = kept(item);
      if (inner === NOT_KEPT) return NOT_KEPT;
      copy.push(inner);
    }
    return copy;
  }
  const proto: unknown = Object.getPrototypeOf(value);
  if ((proto !== Object.prototype && proto !== null) || revived(value)) return NOT_KEPT;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const inner = kept((value as Record<string, unknown>)[key]);
    if (inner === NOT_KEPT) return NOT_KEPT;
    copy[key] = inner;
  }
  return copy;
}

/** A fresh copy of what `kept` made: fixed parts shared, the copies copied again (LangGraph mutates some). */
export function readKept(value: unknown): unknown {
  if (typeof value !== "object" || value === null || fixed.has(value)) return value;
  if (Array.isArray(value)) return (value as readonly unknown[]).map(readKept);
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) copy[key] = readKept((value as Record<string, unknown>)[key]);
  return copy;
}
