/**
 * The contract's hashing in Node: `node:crypto`, several times faster than pure JavaScript on
 * state-sized inputs. Loading this module installs it, so a Node shell imports it first
 * (durable/index.ts, scenarios/index.ts, the test setup): imports are evaluated in order, and a
 * module that hashes as it loads (a column's fixed digest) comes after. The page installs
 * `@noble/hashes` instead (web/hashing.ts). Both hash the UTF-8 bytes of the same strings, so
 * digests and seals are the same whichever wrote them.
 */
import { createHmac, hash } from "node:crypto";
// Only the hashing module: a test setup imports this file, and must not load the rest of the
// contract before a test file mocks a module of it.
import { installHashing, type Hashing } from "../contract/hashing.js";

export const nodeHashing: Hashing = {
  // The one-shot `hash` skips the Hash object a createHash call builds, the most of a short input's cost.
  sha256Hex: (text) => hash("sha256", text, "hex"),
  hmacSha256Hex: (secret, message) => createHmac("sha256", secret).update(message, "utf8").digest("hex"),
};

/** Installs `nodeHashing` for the contract; idempotent, so every Node entry may call it. */
export function installNodeHashing(): void {
  installHashing(nodeHashing);
}

installNodeHashing();
