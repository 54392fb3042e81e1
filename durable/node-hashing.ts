/**
 * The contract's hashing in Node: `node:crypto`, several times faster than pure JavaScript on
 * state-sized inputs. Loading this module installs it, so a Node shell imports it first
 * (durable/index.ts, scenarios/index.ts, the test setup): imports are evaluated in order, and a
 * module that hashes as it loads (a column's fixed digest) comes after. The page installs
 * `@noble/hashes` instead (web/hashing.ts). Both hash the UTF-8 bytes of the same strings, so
 * digests and seals are the same whichever wrote them.
 */
import { createHmac, hash } from "node:crypto";
// The leaf module, not the barrel: the test setup imports this before any test file's vi.mock of a
// contract module applies, and a barrel loaded here would be the unmocked one.
import { installHashing, type Hashing } from "../contract/hashing.js";

export const nodeHashing: Hashing = {
  // The one-shot `hash` skips the Hash object a createHash call builds, the most of a short input's cost.
  sha256Hex: (text) => hash("sha256", text, "hex"),
  hmacSha256Hex,
};

/**
 * HMAC-SHA256 (RFC 2104) by two one-shot hashes: sha256((K ^ opad) || sha256((K ^ ipad) || message)).
 * A seal is one HMAC per checkpoint, and createHmac's objects cost twice the two hashes. The short
 * path needs the padded key's bytes as text: a secret of at most 64 ASCII characters, whose pads are
 * ASCII too (so UTF-8 writes them as they are); any other secret goes through createHmac.
 */
function hmacSha256Hex(secret: string, message: string): string {
  const pads = padsOf(secret);
  if (pads === null) return createHmac("sha256", secret).update(message, "utf8").digest("hex");
  // The outer block is reused: the inner digest's 32 bytes ("binary", i.e. latin1: one char per byte) after the opad.
  pads.outer.write(hash("sha256", pads.inner + message, "binary"), BLOCK, "binary");
  return hash("sha256", pads.outer, "hex");
}

const BLOCK = 64;
type Pads = { readonly inner: string; readonly outer: Buffer };
/** Per secret (a process has one or two): its ipad text, and a buffer holding its opad and room for a digest. */
const padsBySecret = new Map<string, Pads | null>();

function padsOf(secret: string): Pads | null {
  let pads = padsBySecret.get(secret);
  if (pads === undefined) {
    pads = /^[\x00-\x7f]{0,64}$/.test(secret) ? padsFor(secret) : null;
    if (padsBySecret.size < 16) padsBySecret.set(secret, pads);
  }
  return pads;
}

function padsFor(secret: string): Pads {
  let inner = "";
  let outer = "";
  for (let i = 0; i < BLOCK; i++) {
    const byte = i < secret.length ? secret.charCodeAt(i) : 0;
    inner += String.fromCharCode(byte ^ 0x36);
    outer += String.fromCharCode(byte ^ 0x5c);
  }
  const buffer = Buffer.alloc(BLOCK + 32);
  buffer.write(outer, 0, "latin1");
  return { inner, outer: buffer };
}

/** Installs `nodeHashing` for the contract; idempotent, so every Node entry may call it. */
export function installNodeHashing(): void {
  installHashing(nodeHashing);
}

installNodeHashing();
