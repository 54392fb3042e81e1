import { createHash, createHmac } from "node:crypto";
import { describe, it, expect } from "vitest";
import {
  canonicalJson,
  canonicalJsonOnce,
  cloneJson,
  constantTimeEqual,
  digest,
  hmacHex,
  isImmutableJson,
  sha256Hex,
} from "./canonical.js";
import { referenceCanonical } from "../handwritten/engine/test-helpers.js";
import { isHarnessError } from "./result.js";

const nodeSha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

function thrownCode(run: () => unknown): string | null {
  try {
    run();
    return null;
  } catch (e) {
    return isHarnessError(e) ? e.code : `not a HarnessError: ${String(e)}`;
  }
}

describe("canonicalJson", () => {
  it("gives the same bytes whatever order the keys were written in, at every depth", () => {
    const a = { b: 1, a: { d: [3, { z: 1, y: 2 }], c: "x" } };
    const b = { a: { c: "x", d: [3, { y: 2, z: 1 }] }, b: 1 };
    expect(canonicalJson(a)).toBe(canonicalJson(b));
    expect(canonicalJson(a)).toBe('{"a":{"c":"x","d":[3,{"y":2,"z":1}]},"b":1}');
  });

  it("keeps array order, because arrays are ordered data", () => {
    expect(canonicalJson([2, 1])).not.toBe(canonicalJson([1, 2]));
    expect(canonicalJson([2, 1])).toBe("[2,1]");
  });

  it("writes strings, booleans, null and numbers as JSON and normalises -0 to 0", () => {
    expect(canonicalJson({ s: 'q"\n', t: true, f: false, n: null, x: 1.5, z: -0 })).toBe(
      '{"f":false,"n":null,"s":"q\\"\\n","t":true,"x":1.5,"z":0}',
    );
  });

  it("leaves out object properties whose value is undefined, as JSON.stringify does", () => {
    expect(canonicalJson({ a: 1, b: undefined })).toBe('{"a":1}');
  });

  it("accepts objects without a prototype", () => {
    const bare = Object.create(null) as Record<string, unknown>;
    bare["k"] = 1;
    expect(canonicalJson(bare)).toBe('{"k":1}');
  });

  it("rejects undefined inside an array with non_json_value", () => {
    expect(thrownCode(() => canonicalJson([1, undefined]))).toBe("non_json_value");
  });

  it("rejects a top-level undefined", () => {
    expect(thrownCode(() => canonicalJson(undefined))).toBe("non_json_value");
  });

  it("rejects functions, symbols and bigints", () => {
    expect(thrownCode(() => canonicalJson({ f: () => 1 }))).toBe("non_json_value");
    expect(thrownCode(() => canonicalJson([Symbol("s")]))).toBe("non_json_value");
    expect(thrownCode(() => canonicalJson({ n: 10n }))).toBe("non_json_value");
  });

  it("rejects NaN and the infinities", () => {
    expect(thrownCode(() => canonicalJson({ n: Number.NaN }))).toBe("non_json_value");
    expect(thrownCode(() => canonicalJson([Number.POSITIVE_INFINITY]))).toBe("non_json_value");
    expect(thrownCode(() => canonicalJson(Number.NEGATIVE_INFINITY))).toBe("non_json_value");
  });

  it("rejects class instances such as Date, Map and user classes", () => {
    class Point {
      constructor(readonly x: number) {}
    }
    expect(thrownCode(() => canonicalJson({ when: new Date(0) }))).toBe("non_json_value");
    expect(thrownCode(() => canonicalJson(new Map([["a", 1]])))).toBe("non_json_value");
    expect(thrownCode(() => canonicalJson([new Point(1)]))).toBe("non_json_value");
  });

  it("writes every string and key as JSON.stringify does, and orders keys as the reference sort, with few keys and many", () => {
    // The writer skips JSON.stringify for a string that needs no escape: quotes, backslashes,
    // controls and surrogates (paired or lone) must still come out as JSON.stringify writes them.
    const strings = [
      "plain",
      'q"uote',
      "back\\slash",
      "tab\t",
      "\u0000\u001f",
      "\u007f",
      "é€",
      "😀",
      "\ud83d",
      "\ude00x",
      "\u2028\u2029",
      "",
    ];
    const few = Object.fromEntries(strings.map((text, i) => [`${text}${i}`, text]));
    const many = Object.fromEntries(
      [...strings, "B", "a", "Z", "_", "10", "9", "ä", "aa", "a\u0000"].map((key, i) => [key, [key, i, -0, i / 3]]),
    );
    // Integer-like keys come first in Object.keys; the canonical order is by code units all the same.
    const mixed = { B: 1, a: 2, Z: 3, _: 4, "10": 5, "9": 6, ä: 7, aa: 8, "a\u0000": 9 };
    for (const value of [strings, few, many, mixed, { nested: { few, many, mixed } }])
      expect(canonicalJson(value)).toBe(referenceCanonical(value));
  });

  it("writes a value that can never change once, and anything that can change afresh each time", () => {
    const counted = (target: object) => {
      const reads = { n: 0 };
      const proxy = new Proxy(target, {
        get(t, key, receiver) {
          if (typeof key === "string") reads.n += 1;
          return Reflect.get(t, key, receiver) as unknown;
        },
      });
      return { proxy, reads };
    };
    const inner = Object.freeze({ b: 2 });
    const immutable = counted(Object.freeze({ a: 1, inner }));
    expect(canonicalJson(immutable.proxy)).toBe('{"a":1,"inner":{"b":2}}');
    const firstReads = immutable.reads.n;
    expect(canonicalJson({ x: immutable.proxy })).toBe('{"x":{"a":1,"inner":{"b":2}}}');
    expect(immutable.reads.n).toBe(firstReads);
    // Frozen on top only: a change underneath shows.
    const open = { b: 2 };
    const shallow = Object.freeze({ open });
    expect(canonicalJson(shallow)).toBe('{"open":{"b":2}}');
    open.b = 3;
    expect(canonicalJson(shallow)).toBe('{"open":{"b":3}}');
    // A getter may answer differently each time, frozen or not.
    let n = 0;
    const getter = Object.freeze({
      get n() {
        return (n += 1);
      },
    });
    expect([canonicalJson(getter), canonicalJson(getter)]).toEqual(['{"n":1}', '{"n":2}']);
    // An array's index read through a getter, even one its keys do not list, is not kept either.
    const list: unknown[] = [0];
    Object.defineProperty(list, 0, { get: () => (n += 1), enumerable: false });
    Object.freeze(list);
    expect([canonicalJson(list), canonicalJson(list)]).toEqual(["[3]", "[4]"]);
  });

  it("names the path of the offending value", () => {
    expect(() => canonicalJson({ outer: [0, { bad: Number.NaN }] })).toThrow("$.outer[1].bad");
  });

  it("says what the offending value is", () => {
    expect(() => canonicalJson({ n: Number.POSITIVE_INFINITY })).toThrow(/^\$\.n is a non-finite number\b/);
    expect(() => canonicalJson({ d: new Date(0) })).toThrow(/^\$\.d is a class instance\b/);
    expect(() => canonicalJson({ b: 1n })).toThrow(/^\$\.b is a bigint\b/);
    expect(() => canonicalJson([() => 1])).toThrow(/^\$\[0\] is a function\b/);
  });

  it("writes both zeros as 0, and edge numbers and strings as JSON.parse reads them back", () => {
    expect(canonicalJson([-0, 0, 1e21, 5e-324, -1.5, Number.MAX_SAFE_INTEGER])).toBe(
      "[0,0,1e+21,5e-324,-1.5,9007199254740991]",
    );
    expect(canonicalJson(["", "\u2028", "\ud800", "é"])).toBe('["","\u2028","\\ud800","é"]');
    expect(canonicalJson({ "": 1, "\n": 2 })).toBe('{"":1,"\\n":2}');
    expect(canonicalJson([true, false, [], {}])).toBe("[true,false,[],{}]");
  });
});

describe("canonicalJsonOnce", () => {
  it("writes the text canonicalJson writes, and the same error for what is not JSON data", () => {
    const shared = Object.freeze({ rows: Object.freeze([1, -0, "é\n"]) });
    const values: unknown[] = [
      "plain",
      3,
      null,
      [2, 1],
      { z: 1, a: { y: [shared] } },
      Object.freeze({ z: shared, a: Object.freeze({ b: null }) }),
      Object.freeze([shared, { open: true }]),
      shared,
    ];
    for (const value of values) expect(canonicalJsonOnce(value).text).toBe(referenceCanonical(value));
    const bad = Object.freeze({ a: Object.freeze([1, undefined]) });
    expect(() => canonicalJsonOnce(bad)).toThrow("$.a[1] is a undefined");
  });

  it("keeps what the value holds but not the value itself, and says whether canonicalJson would have kept it", () => {
    const inner = Object.freeze({ b: 2 });
    const outer = Object.freeze({ a: 1, inner });
    expect(canonicalJsonOnce(outer)).toEqual({ text: '{"a":1,"inner":{"b":2}}', immutable: true });
    expect([isImmutableJson(outer), isImmutableJson(inner)]).toEqual([false, true]);
    // What canonicalJson decides for the same values: kept exactly when `immutable` said so.
    canonicalJson(outer);
    expect(isImmutableJson(outer)).toBe(true);
    expect(canonicalJsonOnce(outer).immutable).toBe(true);
    const open = Object.freeze({ open: { b: 2 } });
    const getter = Object.freeze({
      get n() {
        return 1;
      },
    });
    const unfrozen = { a: inner };
    for (const value of [open, getter, unfrozen]) {
      expect(canonicalJsonOnce(value).immutable).toBe(false);
      canonicalJson(value);
      expect(isImmutableJson(value)).toBe(false);
    }
    expect(canonicalJsonOnce("text").immutable).toBe(false);
  });
});

describe("digests", () => {
  it("sha256Hex matches an independent sha256 of the UTF-8 bytes", () => {
    for (const text of ["", "abc", "ünïcode ✓"]) expect(sha256Hex(text)).toBe(nodeSha256(text));
  });

  it("digest is the sha256 of the sorted-key JSON, so key order does not change it", () => {
    expect(digest({ name: "n", content: "c" })).toBe(nodeSha256('{"content":"c","name":"n"}'));
    expect(digest({ content: "c", name: "n" })).toBe(digest({ name: "n", content: "c" }));
  });

  it("hmacHex matches an independent HMAC-SHA256", () => {
    expect(hmacHex("secret", "message")).toBe(createHmac("sha256", "secret").update("message").digest("hex"));
  });
});

describe("constantTimeEqual", () => {
  it("is true for equal strings, including two empty strings", () => {
    expect(constantTimeEqual("abcdef", "abcdef")).toBe(true);
    expect(constantTimeEqual("", "")).toBe(true);
  });

  it("is false when a single character differs, at the start, middle or end", () => {
    expect(constantTimeEqual("abcdef", "xbcdef")).toBe(false);
    expect(constantTimeEqual("abcdef", "abcxef")).toBe(false);
    expect(constantTimeEqual("abcdef", "abcdeg")).toBe(false);
  });

  it("is false for different lengths, even when one is a prefix of the other", () => {
    expect(constantTimeEqual("abc", "abcd")).toBe(false);
    expect(constantTimeEqual("abcd", "abc")).toBe(false);
    expect(constantTimeEqual("", "a")).toBe(false);
  });
});

describe("cloneJson", () => {
  it("returns a deep copy that shares nothing with its input", () => {
    const input = { a: { b: [1, 2] } };
    const copy = cloneJson(input);
    expect(copy).toEqual(input);
    copy.a.b.push(3);
    expect(input.a.b).toEqual([1, 2]);
  });
});
