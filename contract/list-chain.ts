/**
 * The chain digest of a list, by the rule `state-hash.ts` states (`h0 = sha256("[]")`,
 * `h(i+1) = sha256(h(i) + canonicalJson(item i))`), and what a list keeps of an item appended to
 * it. Below both `state-hash.ts` and `append-list.ts`, which build on it.
 */
import { canonicalJson, canonicalJsonOnce, isImmutableJson, sha256Hex } from "./canonical.js";

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
export function chainHead(list: readonly unknown[]): string {
  let chain = known.get(list);
  if (chain === undefined) {
    chain = list.reduce<string>(chainStep, EMPTY_LIST_DIGEST);
    if (Object.isFrozen(list)) known.set(list, chain);
  }
  return chain;
}

/** Remembers the chain head of a frozen list built from a list whose head was known (`appended`). */
export function rememberChain(list: readonly unknown[], head: string): void {
  known.set(list, head);
}

/**
 * What a list keeps of an item whose canonical JSON is `text`, so that no later change by the caller
 * reaches it: the item itself when nothing in it can change; a frozen shallow copy of a record whose
 * values are all primitives or such values (a message around a frozen tool output); else a
 * deep-frozen copy parsed back from `text`.
 */
export function keptItem<T>(item: T, text: string, immutable: boolean = isImmutableJson(item)): T {
  if (typeof item !== "object" || item === null || immutable) return item;
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
 * Pushes what a list keeps of each item (`keptItem`) onto `into`; the chain head after them, from `chain`.
 * An item is written once here and never again (its list's digest stands for it), so its own text is not kept.
 */
export function pushKept<T>(into: T[], chain: string, items: readonly T[]): string {
  let head = chain;
  for (const item of items) {
    const { text, immutable } = canonicalJsonOnce(item);
    head = sha256Hex(head + text);
    into.push(keptItem(item, text, immutable));
  }
  return head;
}

/** Freezes a value and everything under it, stopping at what is frozen already (the shared parts of a state). */
export function deepFreeze<T>(value: T): T {
  // Primitives (null too) count as frozen.
  if (Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const inner of Object.values(value as Record<string, unknown>)) deepFreeze(inner);
  return value;
}
