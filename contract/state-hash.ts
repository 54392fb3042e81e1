/**
 * The checkpoint hash rule, once. A state's hash must identify it, be the same on every engine,
 * and cost the same at the tenth fact as at the ten-thousandth, so the lists a session grows are
 * never re-serialised:
 *
 * - a list (every top-level array of the state: `messages`, `used_approvals`, and any added
 *   later; an `AppendList` counts as the array of its items) is hashed as a chain: `h0 = sha256("[]")`, `h(i+1) = sha256(h(i) + canonicalJson(item i))`
 *   (hex digests, so the concatenation is unambiguous);
 * - `checkpoint_hash` = sha256 of the canonical JSON of the state without `checkpoint_hash`,
 *   each top-level array replaced by `{ "chain": h(n), "length": n }`.
 *
 * A list built with `appended` or an `AppendList` carries its chain head (computed from its predecessor's in one
 * step); any other list (read back from JSON, built by hand) is hashed from its first item, once,
 * and remembered. Both give the same digest, so a state hashes alike however it was made.
 */
import { canonicalJson, canonicalRecordWithLists, sha256Hex } from "./canonical.js";
import { AppendList } from "./append-list.js";
import { chainHead, keptItem, rememberChain } from "./list-chain.js";

export { chainStep, deepFreeze, EMPTY_LIST_DIGEST, keptItem, listDigest, pushKept } from "./list-chain.js";
export type { ListDigest } from "./list-chain.js";

/** The version of the rule above; evidence written under another rule has other hashes. */
export const STATE_HASH_RULE = "chain-v1";

/**
 * A new frozen list: `list` with a frozen copy of `item` (`keptItem`) at the end, its chain head computed
 * from `list`'s in one step. The copy keeps a caller's later mutation of `item` out of the state.
 */
export function appended<T>(list: readonly T[], item: T): readonly T[] {
  const text = canonicalJson(item);
  const head = chainHead(list);
  const next = Object.freeze([...list, keptItem(item, text)]);
  rememberChain(next, sha256Hex(head + text));
  return next;
}

/** The hash of a state under the rule above, leaving out its own `checkpoint_hash`. */
export function hashStateFields(state: Readonly<Record<string, unknown>>): string {
  return sha256Hex(canonicalRecordWithLists(state, "checkpoint_hash", listDigestText));
}

/**
 * The canonical JSON of a list's `ListDigest`, `{"chain":…,"length":…}`, as the rule above writes it
 * in place of the list; null for a value that is not a list (an array or an `AppendList`).
 */
export function listDigestText(value: unknown): string | null {
  // A hex digest and an integer need no escaping: the text canonicalJson writes for the digest.
  if (Array.isArray(value)) return `{"chain":"${chainHead(value as readonly unknown[])}","length":${value.length}}`;
  if (!(value instanceof AppendList)) return null;
  const { chain, length } = value.digest();
  return `{"chain":"${chain}","length":${length}}`;
}
