/**
 * The digest and MAC the contract computes with, injected by its host rather than imported: Node
 * installs `node:crypto` (durable/node-hashing.ts), the page installs `@noble/hashes`
 * (web/hashing.ts), so the core runs unchanged in both and carries neither. Every implementation
 * hashes the UTF-8 bytes of its strings (a lone surrogate as U+FFFD), so the same text has the
 * same hex digest whichever host computed it, and stored hashes and seals stay valid across them.
 */
import { HarnessError } from "./result.js";

export type Hashing = {
  /** Lower-case hex sha256 of a string's UTF-8 bytes. */
  readonly sha256Hex: (text: string) => string;
  /** Lower-case hex HMAC-SHA256 of `message`'s UTF-8 bytes under `secret`'s UTF-8 bytes. */
  readonly hmacSha256Hex: (secret: string, message: string) => string;
};

let installed: Hashing | null = null;

/** Sets the implementation every digest and seal of this process uses; a host calls it before any contract call. */
export function installHashing(hashing: Hashing): void {
  installed = hashing;
}

/** The installed implementation; hashing before a host installed one is a configuration error. */
export function installedHashing(): Hashing {
  if (installed === null)
    throw new HarnessError(
      "invalid_config",
      "no hashing installed: a host calls installHashing (node:crypto in Node, @noble/hashes in the page) before the contract hashes",
    );
  return installed;
}
