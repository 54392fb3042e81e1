/**
 * The contract's hashing in the page: `@noble/hashes`, pure JavaScript, since a browser has no
 * synchronous sha256. Each entry (main.ts, flow-main.ts) installs it before the first step; Node
 * installs `node:crypto` instead (durable/node-hashing.ts), with the same hex for the same text.
 */
import { hmac } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import type { Hashing } from "../contract/index.js";

export const nobleHashing: Hashing = {
  sha256Hex: (text) => bytesToHex(sha256(utf8ToBytes(text))),
  hmacSha256Hex: (secret, message) => bytesToHex(hmac(sha256, utf8ToBytes(secret), utf8ToBytes(message))),
};
