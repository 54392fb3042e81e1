/**
 * A persistent append-only list: appending to the newest version of a list adds the items to a
 * store its versions share, in time and memory proportional to the items, not to the list; each
 * version keeps its length and its chain digest (`state-hash.ts`), so it reads and hashes as the
 * frozen array of its first `length` items. A history that keeps every version (a graph's
 * checkpoints) then holds each item once instead of once per version.
 *
 * The shared store is private and only ever grows past the lengths of the versions already made,
 * so no version can see a change: appending to an older version (a thread rewound to an earlier
 * checkpoint) copies that version's items into a store of its own.
 */
import { LIST_ITEMS } from "./canonical.js";
import { listDigest, pushKept, type ListDigest } from "./list-chain.js";

/** Frozen arrays made by `toArray`, so a version is copied out once however often it is read. */
const arrays = new WeakMap<AppendList<unknown>, readonly unknown[]>();

export class AppendList<T> {
  readonly #store: T[];
  readonly length: number;
  readonly #chain: string;

  private constructor(store: T[], length: number, chain: string) {
    this.#store = store;
    this.length = length;
    this.#chain = chain;
    Object.freeze(this);
  }

  /**
   * A list holding `items`: a list as it is; a plain array (seeded, or read back from a store) by a
   * copy of its items as they are (each already kept once, by `keptItem`), with its digest.
   */
  static from<T>(items: readonly T[] | AppendList<T>): AppendList<T> {
    if (items instanceof AppendList) return items;
    // A spread, not slice(): a frozen array copies through slice() on a slow path in Node 20.
    return new AppendList([...items], items.length, listDigest(items).chain);
  }

  /**
   * This list with `items` at the end, each as `keptItem` keeps it, so a caller's
   * later mutation of an item never reaches the list.
   */
  append(items: readonly T[]): AppendList<T> {
    if (items.length === 0) return this;
    // Only the newest version may extend the shared store; any other starts a store of its own.
    const store = this.#store.length === this.length ? this.#store : this.#store.slice(0, this.length);
    return new AppendList(store, this.length + items.length, pushKept(store, this.#chain, items));
  }

  /** The chain digest of the items, equal to `listDigest` of the same items in a plain array. */
  digest(): ListDigest {
    return { chain: this.#chain, length: this.length };
  }

  /**
   * True when this version's first `prefix.length` items are `prefix`'s very items, known without
   * reading them: both versions share a store, whose items below a version's length never change.
   * False says nothing (the same items may sit in another store).
   */
  startsWith(prefix: AppendList<T>): boolean {
    return prefix.#store === this.#store && prefix.length <= this.length;
  }

  /** The item at `index` (negative counts from the end, as `Array.prototype.at`), without copying the items out. */
  at(index: number): T | undefined {
    const i = index < 0 ? this.length + index : index;
    return Number.isInteger(i) && i >= 0 && i < this.length ? this.#store[i] : undefined;
  }

  /** The items as a frozen array (copied once per version, then remembered). */
  toArray(): readonly T[] {
    let array = arrays.get(this) as readonly T[] | undefined;
    if (array === undefined) {
      array = Object.freeze(this.#store.slice(0, this.length));
      arrays.set(this, array);
    }
    return array;
  }

  /** JSON.stringify writes a list as the array it reads as (a durable store's record). */
  toJSON(): readonly T[] {
    return this.toArray();
  }

  /** Canonical JSON writes it so too (`canonical.ts`). */
  [LIST_ITEMS](): readonly T[] {
    return this.toArray();
  }
}

/** `list` with `items` at the end, as an `AppendList` (a plain array is taken in once, then shared). */
export function extended<T>(list: readonly T[] | AppendList<T>, items: readonly T[]): AppendList<T> {
  return AppendList.from(list).append(items);
}

/** The items of a plain array or of a list, as a frozen array of a list or the array itself. */
export function listItems<T>(list: readonly T[] | AppendList<T>): readonly T[] {
  return list instanceof AppendList ? list.toArray() : list;
}

/** The chain digest of a plain array or of a list (`state-hash.ts`). */
export function digestOfList(list: readonly unknown[] | AppendList<unknown>): ListDigest {
  return list instanceof AppendList ? list.digest() : listDigest(list);
}
