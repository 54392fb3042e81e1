/**
 * Canonical JSON and digests. Object keys are sorted, so the same value always has the same
 * bytes and the same sha256, whatever order a planner or a framework wrote its keys in.
 */
import { installedHashing } from "./hashing.js";
import { assertNever, HarnessError } from "./result.js";

export type JsonValue = null | boolean | number | string | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/** Serialises plain JSON data with sorted keys; throws on anything that is not JSON data. */
export function canonicalJson(value: unknown): string {
  try {
    return write(value);
  } catch (error) {
    if (!(error instanceof NotJson)) throw error;
    const path = error.path.map((step) => (typeof step === "number" ? `[${step}]` : `.${step}`)).join("");
    throw nonJson(`$${path}`, error.what);
  }
}

/**
 * What `write` throws at a value that is not JSON data; each enclosing array or object adds its
 * index or key on the way out, so the path of the value is built only when there is an error.
 */
class NotJson {
  readonly path: (string | number)[] = [];
  constructor(readonly what: string) {}
}

function write(value: unknown): string {
  if (value === null) return "null";
  const type = typeof value;
  switch (type) {
    case "boolean":
    case "string":
      return JSON.stringify(value);
    case "number":
      // JSON.stringify writes -0 as 0, so the two zeros have one canonical form.
      if (!Number.isFinite(value)) throw new NotJson("a non-finite number");
      return JSON.stringify(value);
    case "object": {
      if (Array.isArray(value)) return writeArray(value as readonly unknown[]);
      const proto = Object.getPrototypeOf(value) as unknown;
      if (proto !== Object.prototype && proto !== null) throw new NotJson("a class instance");
      return writeRecord(value as Readonly<Record<string, unknown>>);
    }
    case "bigint":
    case "symbol":
    case "undefined":
    case "function":
      throw new NotJson(`a ${type}`);
    default:
      return assertNever(type);
  }
}

function writeArray(list: readonly unknown[]): string {
  let out = "[";
  for (let i = 0; i < list.length; i++) {
    if (i > 0) out += ",";
    // A hole is written as nothing, as Array.prototype.join writes it.
    if (i in list) out += writeAt(i, list[i]);
  }
  return `${out}]`;
}

function writeRecord(record: Readonly<Record<string, unknown>>): string {
  let out = "{";
  for (const key of Object.keys(record).sort()) {
    const item = record[key];
    if (item === undefined) continue;
    out += `${out.length > 1 ? "," : ""}${JSON.stringify(key)}:${writeAt(key, item)}`;
  }
  return `${out}}`;
}

/** Writes the item at `step` of an array or object, adding `step` to the path of a value that is not JSON data. */
function writeAt(step: string | number, item: unknown): string {
  try {
    return write(item);
  } catch (error) {
    if (error instanceof NotJson) error.path.unshift(step);
    throw error;
  }
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
