/**
 * Canonical JSON and digests. Object keys are sorted, so the same value always has the same
 * bytes and the same sha256, whatever order a planner or a framework wrote its keys in.
 */
import { installedHashing } from "./hashing.js";
import { assertNever, HarnessError } from "./result.js";

export type JsonValue = null | boolean | number | string | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/** Serialises plain JSON data with sorted keys; throws on anything that is not JSON data. */
export function canonicalJson(value: unknown): string {
  return write(value, "$");
}

function write(value: unknown, path: string): string {
  if (value === null) return "null";
  const type = typeof value;
  switch (type) {
    case "boolean":
    case "string":
      return JSON.stringify(value);
    case "number":
      // JSON.stringify writes -0 as 0, so the two zeros have one canonical form.
      if (!Number.isFinite(value)) throw nonJson(path, "a non-finite number");
      return JSON.stringify(value);
    case "object": {
      if (Array.isArray(value)) {
        return `[${value.map((item, i) => write(item, `${path}[${i}]`)).join(",")}]`;
      }
      const proto = Object.getPrototypeOf(value) as unknown;
      if (proto !== Object.prototype && proto !== null) throw nonJson(path, "a class instance");
      const record = value as Record<string, unknown>;
      const keys = Object.keys(record)
        .filter((k) => record[k] !== undefined)
        .sort();
      return `{${keys.map((k) => `${JSON.stringify(k)}:${write(record[k], `${path}.${k}`)}`).join(",")}}`;
    }
    case "bigint":
    case "symbol":
    case "undefined":
    case "function":
      throw nonJson(path, `a ${type}`);
    default:
      return assertNever(type);
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
