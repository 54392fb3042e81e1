/**
 * tsx scripts/sensitive/generate-keys.ts
 * Writes contract/sensitive-corpus-keys.ts: 24 private keys of every common type, made here with
 * node:crypto and ssh-keygen. They were never used for anything and guard nothing; they are the
 * detector's test data (a 4096-bit RSA key takes seconds to make, so they are made once, not per test).
 */
import { execFileSync } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const PASSPHRASE = "corpus-only-passphrase";
const OUTPUT = resolve(import.meta.dirname, "../../contract/sensitive-corpus-keys.ts");

type Made = readonly [name: string, pem: string];

function node(name: string, make: () => string): Made {
  return [name, make()];
}

const pkcs8 = { type: "pkcs8", format: "pem" } as const;
const encrypted = { ...pkcs8, cipher: "aes-256-cbc", passphrase: PASSPHRASE } as const;
const spki = { type: "spki", format: "pem" } as const;

function nodeKeys(): Made[] {
  const rsa = (bits: number, privateKeyEncoding: object) =>
    generateKeyPairSync("rsa", { modulusLength: bits, publicKeyEncoding: spki, privateKeyEncoding } as never)
      .privateKey as unknown as string;
  const ec = (namedCurve: string, privateKeyEncoding: object) =>
    generateKeyPairSync("ec", { namedCurve, publicKeyEncoding: spki, privateKeyEncoding } as never)
      .privateKey as unknown as string;
  const okp = (type: "ed25519" | "ed448" | "x25519", privateKeyEncoding: object) =>
    generateKeyPairSync(type as "ed25519", { publicKeyEncoding: spki, privateKeyEncoding } as never)
      .privateKey as unknown as string;
  const pkcs1 = { type: "pkcs1", format: "pem" } as const;
  const sec1 = { type: "sec1", format: "pem" } as const;
  return [
    node("RSA 2048, PKCS#1", () => rsa(2048, pkcs1)),
    node("RSA 2048, PKCS#8", () => rsa(2048, pkcs8)),
    node("RSA 3072, PKCS#8", () => rsa(3072, pkcs8)),
    node("RSA 4096, PKCS#1", () => rsa(4096, pkcs1)),
    node("RSA 4096, PKCS#8", () => rsa(4096, pkcs8)),
    node("RSA 2048, encrypted PKCS#8", () => rsa(2048, encrypted)),
    node("RSA 4096, encrypted PKCS#8", () => rsa(4096, encrypted)),
    node("RSA 2048, PKCS#1 with legacy PEM encryption", () =>
      rsa(2048, { ...pkcs1, cipher: "aes-128-cbc", passphrase: PASSPHRASE }),
    ),
    node("EC P-256, SEC1", () => ec("prime256v1", sec1)),
    node("EC P-256, PKCS#8", () => ec("prime256v1", pkcs8)),
    node("EC P-256, encrypted PKCS#8", () => ec("prime256v1", encrypted)),
    node("EC P-384, SEC1", () => ec("secp384r1", sec1)),
    node("EC P-384, PKCS#8", () => ec("secp384r1", pkcs8)),
    node("EC P-521, PKCS#8", () => ec("secp521r1", pkcs8)),
    node("EC secp256k1, SEC1", () => ec("secp256k1", sec1)),
    node("Ed25519, PKCS#8", () => okp("ed25519", pkcs8)),
    node("Ed25519, encrypted PKCS#8", () => okp("ed25519", encrypted)),
    node("Ed448, PKCS#8", () => okp("ed448", pkcs8)),
    node("X25519, PKCS#8", () => okp("x25519", pkcs8)),
    node(
      "DSA 2048, PKCS#8",
      () =>
        generateKeyPairSync("dsa", {
          modulusLength: 2048,
          divisorLength: 256,
          publicKeyEncoding: spki,
          privateKeyEncoding: pkcs8,
        }).privateKey,
    ),
  ];
}

function sshKeys(): Made[] {
  const dir = mkdtempSync(join(tmpdir(), "corpus-keys-"));
  try {
    const make = (name: string, args: readonly string[]): Made => {
      const file = join(dir, `k${args.join("").replace(/\W/g, "")}`);
      execFileSync("ssh-keygen", ["-q", "-C", "corpus", "-f", file, ...args], { stdio: "ignore" });
      return [name, readFileSync(file, "utf8")];
    };
    return [
      make("OpenSSH Ed25519", ["-t", "ed25519", "-N", ""]),
      make("OpenSSH RSA 4096", ["-t", "rsa", "-b", "4096", "-N", ""]),
      make("OpenSSH ECDSA P-256", ["-t", "ecdsa", "-b", "256", "-N", ""]),
      make("OpenSSH Ed25519, passphrase", ["-t", "ed25519", "-N", PASSPHRASE]),
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const keys = [...nodeKeys(), ...sshKeys()];
const body = keys.map(([name, pem]) => `  [${JSON.stringify(name)}, ${JSON.stringify(pem.trimEnd())}],`).join("\n");
writeFileSync(
  OUTPUT,
  `/**
 * Written by scripts/sensitive/generate-keys.ts: ${keys.length} private keys made for the detector's corpus
 * (node:crypto and ssh-keygen). Never used for anything, guarding nothing; not live credentials.
 */
export const CORPUS_PRIVATE_KEYS: readonly (readonly [name: string, pem: string])[] = [
${body}
];
`,
);
console.log(`wrote ${keys.length} keys to ${OUTPUT}`);
