/**
 * The checkpoint hash rule, once. A state's hash must identify it, be the same on every engine,
 * and cost the same at the tenth fact as at the ten-thousandth, so the lists a session grows are
 * never re-serialised:
 *
 * - a list (every top-level array of the state: `messages`, `used_approvals`, and any added
 *   later) is hashed as a chain: `h0 = sha256("[]")`, `h(i+1) = sha256(h(i) + canonicalJson(item i))`
 *   (hex digests, so the concatenation is unambiguous);
 * - `checkpoint_hash` = sha256 of the canonical JSON of the state without `checkpoint_hash`,
 *   each top-level array replaced by `{ "chain": h(n), "length": n }`.
 *
 * A list built with `appended` carries its chain head (computed from its predecessor's in one
 * step); any other list (read back from JSON, built by hand) is hashed from its first item, once,
 * and remembered. Both give the same digest, so a state hashes alike however it was made.
 */
import { canonicalJson, canonicalRecordWithLists, isImmutableJson, sha256Hex } from "./canonical.js";

/** The version of the rule above; evidence written under another rule has other hashes. */
export const STATE_HASH_RULE = "chain-v1";

/** sha256("[]"), written out: a module computes no digest as it loads, before its host has installed hashing. */
export const EMPTY_LIST_DIGEST = "4f53cda18c2baa0c0354bb5f9a3ecbe5ed12ab4d8e11ba873c2f11161202b945";

export type ListDigest = { readonly chain: string; readonly length: number };

/** Chain heads of lists seen before. Lists are frozen before they are remembered, so the entry cannot go stale. */
const known = new WeakMap<readonly unknown[], string>();

/** One link of the chain: the head after `item` is appended to a list whose head is `head`. */
export function chainStep(head: string, item: unknown): string {
  return sha256Hex(head + canonicalJson(item));
}

/** The chain head of a list: remembered, or computed from the first item (then remembered). */
export function listDigest(list: readonly unknown[]): ListDigest {
  return { chain: chainHead(list), length: list.length };
}

/** `listDigest(list).chain`, without the record around it. */
function chainHead(list: readonly unknown[]): string {
  let chain = known.get(list);
  if (chain === undefined) {
    chain = list.reduce<string>(chainStep, EMPTY_LIST_DIGEST);
    if (Object.isFrozen(list)) known.set(list, chain);
  }
  return chain;
}

/**
 * What a list keeps of an item whose canonical JSON is `text`, so that no later change by the caller
 * reaches it: the item itself when nothing in it can change; a frozen shallow copy of a record whose
 * values are all primitives or such values (a message around a frozen tool output); else a
 * deep-frozen copy parsed back from `text`.
 */
export function keptItem<T>(item: T, text: string): T {
  if (typeof item !== "object" || item === null || isImmutableJson(item)) return item;
  if (Array.isArray(item) || Object.getPrototypeOf(item) !== Object.prototype) return parsedCopy(text);
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(item)) {
    const value = (item as Record<string, unknown>)[key];
    // undefined and -0 are written as nothing and as 0: only the parsed copy reads as the text does.
    const plain =
      value === null ||
      typeof value === "string" ||
      typeof value === "boolean" ||
      (typeof value === "number" && !Object.is(value, -0)) ||
      (typeof value === "object" && isImmutableJson(value));
    if (!plain) return parsedCopy(text);
    copy[key] = value;
  }
  return Object.freeze(copy) as T;
}

const parsedCopy = <T>(text: string): T => deepFreeze(JSON.parse(text) as T);

/**
 * A new frozen list: `list` with a frozen copy of `item` (`keptItem`) at the end, its chain head computed
 * from `list`'s in one step. The copy keeps a caller's later mutation of `item` out of the state.
 */
export function appended<T>(list: readonly T[], item: T): readonly T[] {
  const text = canonicalJson(item);
  const head = chainHead(list);
  const next = Object.freeze([...list, keptItem(item, text)]);
  known.set(next, sha256Hex(head + text));
  return next;
}

/**
 * `appended` for several items in turn (the trace lists the graph engines keep beside the state),
 * with one copy of the list for all of them: the same items and the same chain head.
 */
export function appendedAll<T>(list: readonly T[], items: readonly T[]): readonly T[] {
  if (items.length === 0) return list;
  if (items.length === 1) return appended(list, items[0] as T);
  // A spread, not slice(): Node 20 copies a frozen array through slice() on a slow path, ~100× slower.
  const next = [...list];
  const head = pushKept(next, chainHead(list), items);
  Object.freeze(next);
  known.set(next, head);
  return next;
}

/** Pushes what a list keeps of each item (`keptItem`) onto `into`; the chain head after them, from `chain`. */
export function pushKept<T>(into: T[], chain: string, items: readonly T[]): string {
  let head = chain;
  for (const item of items) {
    const text = canonicalJson(item);
    head = sha256Hex(head + text);
    into.push(keptItem(item, text));
  }
  return head;
}

/** The hash of a state under the rule above, leaving out its own `checkpoint_hash`. */
export function hashStateFields(state: Readonly<Record<string, unknown>>): string {
  return sha256Hex(canonicalRecordWithLists(state, "checkpoint_hash", listDigestText));
}

/** The canonical JSON of a list's `ListDigest`, `{"chain":…,"length":…}`, as the rule above writes it in place of the list. */
export function listDigestText(list: readonly unknown[]): string {
  // A hex digest and an integer need no escaping: the text canonicalJson writes for the digest.
  return `{"chain":"${chainHead(list)}","length":${list.length}}`;
}

/** Freezes a value and everything under it, stopping at what is frozen already (the shared parts of a state). */
export function deepFreeze<T>(value: T): T {
  // Primitives (null too) count as frozen.
  if (Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const inner of Object.values(value as Record<string, unknown>)) deepFreeze(inner);
  return value;
}
