/**
 * Canonical JSON and digests. Object keys are sorted, so the same value always has the same
 * bytes and the same sha256, whatever order a planner or a framework wrote its keys in.
 */
import { installedHashing } from "./hashing.js";
import { assertNever, HarnessError } from "./result.js";

export type JsonValue = null | boolean | number | string | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/** Serialises plain JSON data with sorted keys; throws on anything that is not JSON data. */
export function canonicalJson(value: unknown): string {
  return guarded(write, value);
}

/** What `canonicalJsonOnce` answers: the canonical JSON, and whether nothing in the value can ever change. */
export type WrittenOnce = { readonly text: string; readonly immutable: boolean };

/**
 * `canonicalJson` of a value whose text will not be asked for again (an event appended to a trace):
 * the same text, but the value's own text is not kept (what it holds is, as `canonicalJson` keeps
 * it), so a value written once costs no memo entry. `immutable` is what `isImmutableJson` would
 * then have answered: whether the value is one whose text `canonicalJson` would have kept.
 */
export function canonicalJsonOnce(value: unknown): WrittenOnce {
  const text = guarded(writeOnce, value);
  if (typeof value !== "object" || value === null) return { text, immutable: false };
  const immutable = frozenText.has(value) || (Object.isFrozen(value) && isImmutable(value));
  return { text, immutable };
}

/** `write`, without keeping the outer value's text (see `canonicalJsonOnce`). */
function writeOnce(value: unknown): string {
  if (typeof value !== "object" || value === null || !Object.isFrozen(value)) return write(value);
  return writeFrozen(value, false);
}

/** `writer`'s text of `value`, or the error naming the path of the first value that is not JSON data. */
function guarded(writer: (value: unknown) => string, value: unknown): string {
  try {
    return writer(value);
  } catch (error) {
    if (!(error instanceof NotJson)) throw error;
    // The path is looked for only now, by a second walk in the same order, so the writer carries none.
    const found = pathOfFirstNonJson(value) ?? { path: [], what: error.what };
    const path = found.path.map((step) => (typeof step === "number" ? `[${step}]` : `.${step}`)).join("");
    throw nonJson(`$${path}`, found.what);
  }
}

/**
 * The method by which a persistent list (`AppendList`) gives its items: canonical JSON writes such
 * a list as the array of its items, as JSON.stringify writes it through its `toJSON`.
 */
export const LIST_ITEMS: unique symbol = Symbol("list items");

type ItemsOf = { readonly [LIST_ITEMS]: () => readonly unknown[] };

/** The items of a persistent list, or null for any other object. */
function listItemsOf(value: object): readonly unknown[] | null {
  return LIST_ITEMS in value ? (value as ItemsOf)[LIST_ITEMS]() : null;
}

/** What `write` throws at a value that is not JSON data. */
class NotJson {
  constructor(readonly what: string) {}
}

/** Why `value` itself (not what it holds) is not JSON data, or null. */
function notJsonReason(value: unknown): string | null {
  if (value === null) return null;
  const type = typeof value;
  switch (type) {
    case "boolean":
    case "string":
      return null;
    case "number":
      return Number.isFinite(value) ? null : "a non-finite number";
    case "object": {
      if (Array.isArray(value)) return null;
      const proto = Object.getPrototypeOf(value) as unknown;
      const plain = proto === Object.prototype || proto === null || LIST_ITEMS in (value as object);
      return plain ? null : "a class instance";
    }
    case "bigint":
    case "symbol":
    case "undefined":
    case "function":
      return `a ${type}`;
    default:
      return assertNever(type);
  }
}

/** Characters JSON.stringify escapes in a string: quote, backslash, controls, and (lone) surrogates. */
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/**
 * Keys are a small set (the contract's field names, a tool's argument names): each is written once
 * as the text that opens its member, `"key":`, and as that of a later member, `,"key":`, so a
 * member costs one concatenation more than its value's text.
 */
type KeyText = { readonly first: string; readonly later: string };
const keyTexts = new Map<string, KeyText>();
const MAX_KEY_TEXTS = 4096;

function keyText(key: string): KeyText {
  let text = keyTexts.get(key);
  if (text === undefined) {
    const quoted = JSON.stringify(key);
    text = { first: `${quoted}:`, later: `,${quoted}:` };
    if (keyTexts.size < MAX_KEY_TEXTS) keyTexts.set(key, text);
  }
  return text;
}

function write(value: unknown): string {
  switch (typeof value) {
    case "string":
      // The same text JSON.stringify writes, without its call for the common string that needs no escape.
      return NEEDS_ESCAPE.test(value) ? JSON.stringify(value) : `"${value}"`;
    case "number":
      // String() writes numbers as JSON.stringify does, and -0 as 0, so the two zeros have one canonical form.
      if (!Number.isFinite(value)) throw new NotJson("a non-finite number");
      return String(value);
    case "boolean":
      return value ? "true" : "false";
    case "object": {
      if (value === null) return "null";
      if (Object.isFrozen(value)) return writeFrozen(value);
      if (Array.isArray(value)) return writeArray(value as readonly unknown[]);
      return writeObject(value);
    }
    default:
      throw new NotJson(notJsonReason(value) ?? "not JSON data");
  }
}

/** The text of an object that is not an array: a plain record's, or a persistent list's as its array of items. */
function writeObject(value: object): string {
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto === Object.prototype || proto === null) return writeRecord(value as Readonly<Record<string, unknown>>);
  const items = listItemsOf(value);
  if (items === null) throw new NotJson("a class instance");
  return writeArray(items);
}

/**
 * The text of each immutable value written before, by identity: the parts a state shares with the
 * state before it (its call, intent, batch, pending approval) are written once, not at every fact.
 * Only a value that can never change is kept: frozen, its properties plain data (a getter could
 * answer differently), and everything it holds a primitive or a value kept here.
 */
const frozenText = new WeakMap<object, string>();

/** True for a value whose canonical JSON is kept above: it and everything it holds can never change. */
export function isImmutableJson(value: unknown): boolean {
  return typeof value === "object" && value !== null && frozenText.has(value);
}

/** The text of a frozen value, remembered (unless `keep` is false) when nothing in it can change. */
function writeFrozen(value: object, keep = true): string {
  const known = frozenText.get(value);
  if (known !== undefined) return known;
  const text = Array.isArray(value) ? writeArray(value as readonly unknown[]) : writeObject(value);
  if (keep && isImmutable(value)) frozenText.set(value, text);
  return text;
}

/**
 * Whether every property the writer reads is plain data holding nothing that could change: an
 * array's indices below its length, a record's own enumerable keys (what `writeArray` and
 * `writeRecord` read; a frozen value's set of them cannot change). One descriptor at a time:
 * `getOwnPropertyDescriptors` builds them all at once, several times slower on the hot path.
 */
function isImmutable(value: object): boolean {
  // A persistent list's items are not its properties: its text is written afresh.
  if (LIST_ITEMS in value) return false;
  const keys = Array.isArray(value) ? null : Object.keys(value);
  const count = keys === null ? (value as readonly unknown[]).length : keys.length;
  for (let i = 0; i < count; i++) {
    const descriptor = Object.getOwnPropertyDescriptor(value, keys === null ? i : (keys[i] as string));
    // A hole of a frozen array stays a hole.
    if (descriptor === undefined) continue;
    if (!("value" in descriptor)) return false;
    const inner = descriptor.value as unknown;
    if (typeof inner === "object" && inner !== null && !frozenText.has(inner)) return false;
  }
  return true;
}

function writeArray(list: readonly unknown[]): string {
  let out = "[";
  for (let i = 0; i < list.length; i++) {
    if (i > 0) out += ",";
    // A hole is written as nothing, as Array.prototype.join writes it.
    if (i in list) out += write(list[i]);
  }
  return `${out}]`;
}

function writeRecord(record: Readonly<Record<string, unknown>>): string {
  return writeMembers(record, null, null);
}

/** How a record with lists writes a list in its place: the text, or null for a value that is not a list. */
export type ListText = (value: unknown) => string | null;

/** A record's members in key order, without `omit`, each list written by `listText` when one is given. */
function writeMembers(
  record: Readonly<Record<string, unknown>>,
  omit: string | null,
  listText: ListText | null,
): string {
  let out = "{";
  let first = true;
  for (const key of sortedKeys(record)) {
    const item = record[key];
    if (item === undefined || key === omit) continue;
    // Only an object can be a list: a primitive goes straight to the writer.
    const text = (listText === null || typeof item !== "object" ? null : listText(item)) ?? write(item);
    const opening = keyText(key);
    out += (first ? opening.first : opening.later) + text;
    first = false;
  }
  return `${out}}`;
}

/**
 * The canonical JSON of `record` with `omit` left out and each list value written as `listText`
 * writes it: what the state hash reads (`state-hash.ts`), written without first building the
 * record it stands for. Any other value is written as `canonicalJson` writes it.
 */
export function canonicalRecordWithLists(
  record: Readonly<Record<string, unknown>>,
  omit: string,
  listText: ListText,
): string {
  try {
    return writeMembers(record, omit, listText);
  } catch (error) {
    if (!(error instanceof NotJson)) throw error;
    // Rare: the record that was meant, built now, so the error names the same path canonicalJson's would.
    const meant: Record<string, unknown> = {};
    for (const key of Object.keys(record)) {
      const item = record[key];
      if (key !== omit) meant[key] = listText(item) ?? item;
    }
    return canonicalJson(meant);
  }
}

/**
 * The record's keys in UTF-16 code-unit order, as `Array.prototype.sort` orders strings. A state's
 * records have a dozen keys: an insertion sort of those beats the general sort's setup.
 */
function sortedKeys(record: object): string[] {
  const keys = Object.keys(record);
  if (keys.length > 16) return keys.sort();
  for (let i = 1; i < keys.length; i++) {
    const key = keys[i] as string;
    let j = i - 1;
    while (j >= 0 && (keys[j] as string) > key) {
      keys[j + 1] = keys[j] as string;
      j--;
    }
    keys[j + 1] = key;
  }
  return keys;
}

/** The path of the first value, in the writer's order, that is not JSON data (null when there is none). */
function pathOfFirstNonJson(value: unknown): { path: (string | number)[]; what: string } | null {
  const what = notJsonReason(value);
  if (what !== null) return { path: [], what };
  if (typeof value !== "object" || value === null) return null;
  const items = Array.isArray(value) ? (value as readonly unknown[]) : listItemsOf(value);
  const steps: [string | number, unknown][] =
    items !== null
      ? items.flatMap((item, i) => (i in items ? [[i, item] as [number, unknown]] : []))
      : Object.keys(value)
          .sort()
          .flatMap((key) => {
            const item = (value as Record<string, unknown>)[key];
            return item === undefined ? [] : [[key, item] as [string, unknown]];
          });
  for (const [step, item] of steps) {
    const inner = pathOfFirstNonJson(item);
    if (inner !== null) return { path: [step, ...inner.path], what: inner.what };
  }
  return null;
}

function nonJson(path: string, what: string): HarnessError {
  return new HarnessError("non_json_value", `${path} is ${what}, not JSON data`);
}

/** Hex sha256 of a string's UTF-8 bytes, by the host's implementation (`hashing.ts`). */
export function sha256Hex(text: string): string {
  return installedHashing().sha256Hex(text);
}

/** Hex sha256 of the canonical JSON of a value. */
export function digest(value: unknown): string {
  return sha256Hex(canonicalJson(value));
}

/** Hex HMAC-SHA256 of a message under a secret. */
export function hmacHex(secret: string, message: string): string {
  return installedHashing().hmacSha256Hex(secret, message);
}

/** Compares two strings in time that depends only on their length. */
export function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** A deep copy through canonical JSON; the result shares nothing with the input. */
export function cloneJson<T>(value: T): T {
  return JSON.parse(canonicalJson(value)) as T;
}
