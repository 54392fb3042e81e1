import { createHmac } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nodeHashing } from "./node-hashing.js";

const reference = (secret: string, message: string) =>
  createHmac("sha256", secret).update(message, "utf8").digest("hex");

describe("nodeHashing's HMAC by two one-shot hashes", () => {
  it("equals createHmac for ASCII secrets of every length around the 64-byte block, and any message", () => {
    const message = fc.string({ unit: "binary", maxLength: 300 });
    const secret = fc.string({
      unit: fc.integer({ min: 0, max: 0x7f }).map((c) => String.fromCharCode(c)),
      maxLength: 80,
    });
    fc.assert(
      fc.property(secret, message, (s, m) => {
        expect(nodeHashing.hmacSha256Hex(s, m)).toBe(reference(s, m));
        // Again: the second call reuses the secret's pads (and the outer block buffer).
        expect(nodeHashing.hmacSha256Hex(s, m)).toBe(reference(s, m));
      }),
      { numRuns: 400 },
    );
    for (const length of [0, 1, 63, 64, 65, 200])
      expect(nodeHashing.hmacSha256Hex("k".repeat(length), "m")).toBe(reference("k".repeat(length), "m"));
  });

  it("equals createHmac for secrets the short path does not take (non-ASCII)", () => {
    for (const secret of ["é", "s€cret", "\ud800", "😀".repeat(20)])
      expect(nodeHashing.hmacSha256Hex(secret, "message é")).toBe(reference(secret, "message é"));
  });
});
