/**
 * The contract's hashing in Node: `node:crypto`, several times faster than pure JavaScript on
 * state-sized inputs. Every Node host installs it as it loads (durable/index.ts, scenarios/index.ts,
 * the test setup); the page installs `@noble/hashes` instead (web/hashing.ts). Both hash the UTF-8
 * bytes of the same strings, so digests and seals are the same whichever wrote them.
 */
import { createHmac, hash } from "node:crypto";
import { installHashing, type Hashing } from "../contract/index.js";

export const nodeHashing: Hashing = {
  // The one-shot `hash` skips the Hash object a createHash call builds, the most of a short input's cost.
  sha256Hex: (text) => hash("sha256", text, "hex"),
  hmacSha256Hex: (secret, message) => createHmac("sha256", secret).update(message, "utf8").digest("hex"),
};

/** Installs `nodeHashing` for the contract; idempotent, so every Node entry may call it. */
export function installNodeHashing(): void {
  installHashing(nodeHashing);
}
