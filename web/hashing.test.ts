import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { installedHashing, installHashing, isHarnessError, sha256Hex, type Hashing } from "../contract/index.js";
import { nodeHashing } from "../durable/node-hashing.js";
import { nobleHashing } from "./hashing.js";

const HOSTS: readonly (readonly [string, Hashing])[] = [
  ["node:crypto", nodeHashing],
  ["@noble/hashes", nobleHashing],
];

describe("the contract's hashing, as each host injects it", () => {
  it.each(HOSTS)("%s gives the published sha256 and HMAC-SHA256 test vectors", (_name, hashing) => {
    // FIPS 180-2 "abc", and RFC 4231 test case 2 (key "Jefe").
    expect(hashing.sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(hashing.hmacSha256Hex("Jefe", "what do ya want for nothing?")).toBe(
      "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
    );
  });

  it("gives the same hex on both hosts for any text, lone surrogates and astral characters included", () => {
    const text = fc.string({ unit: "binary", maxLength: 300 });
    fc.assert(
      fc.property(text, text, (secret, message) => {
        expect(nobleHashing.sha256Hex(message)).toBe(nodeHashing.sha256Hex(message));
        expect(nobleHashing.hmacSha256Hex(secret, message)).toBe(nodeHashing.hmacSha256Hex(secret, message));
      }),
      { numRuns: 300 },
    );
  });

  it("hashes through whatever the host installed, and refuses to hash when none is", async () => {
    const before = installedHashing();
    try {
      installHashing({ sha256Hex: (t) => `sha:${t}`, hmacSha256Hex: (s, m) => `mac:${s}:${m}` });
      expect(sha256Hex("x")).toBe("sha:x");
      installHashing(null as unknown as Hashing);
      let thrown: unknown = null;
      try {
        sha256Hex("x");
      } catch (error) {
        thrown = error;
      }
      expect(isHarnessError(thrown) && thrown.code).toBe("invalid_config");
    } finally {
      installHashing(before);
    }
  });
});
