/**
 * The contract's hashing work, counted. Every digest and seal goes through the installed `Hashing`
 * (contract/hashing.ts), so wrapping it counts them, and the characters they cover, without
 * touching the code measured. A count is the same on every machine and under any load: a run that
 * re-serialised a session's history at every fact shows here, whatever the clock says.
 */
import { installedHashing, installHashing } from "../../contract/index.js";

/** Digests (sha256 and HMAC) computed, and the UTF-16 characters of the texts they covered. */
export type HashWork = { readonly digests: number; readonly chars: number };

/** Runs `body` with every digest and seal of this process counted; nothing else may run meanwhile. */
export async function countHashing<T>(body: () => Promise<T>): Promise<{ readonly value: T; readonly work: HashWork }> {
  const base = installedHashing();
  let digests = 0;
  let chars = 0;
  installHashing({
    sha256Hex: (text) => {
      digests += 1;
      chars += text.length;
      return base.sha256Hex(text);
    },
    hmacSha256Hex: (secret, message) => {
      digests += 1;
      chars += message.length;
      return base.hmacSha256Hex(secret, message);
    },
  });
  try {
    const value = await body();
    return { value, work: { digests, chars } };
  } finally {
    installHashing(base);
  }
}
