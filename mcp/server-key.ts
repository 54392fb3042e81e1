/**
 * The server's key: the HMAC secret that seals its checkpoints and signs approval tokens. A
 * configured secret wins. Without one, a server on a SQLite store (the default) keeps a generated
 * key in a file beside the store (`durable/key-file.ts`), so a second start opens what the first
 * sealed and a token signed with that key still approves; in memory nothing outlives the process,
 * so a key of its own is enough. A Postgres store is shared by servers on other machines, which
 * no file here reaches: it needs the configured secret.
 */
import { assertNever, err, ok, type Result } from "../contract/index.js";
import { keyFileFor, keyIdOf, readKeyFile, readOrCreateKeyFile, type StoreSpec } from "../durable/index.js";
import { SECRET_ENV } from "./cli.js";

export type ServerKey = {
  readonly secret: string;
  /** What messages and the store name the key by (`keyIdOf`), never the key. */
  readonly id: string;
  /** Where it came from, said on stderr at start. */
  readonly source: string;
};

export type ServerKeyError = { readonly code: string; readonly message: string };

export function serverKeyFor(
  configured: string | null,
  spec: StoreSpec,
  generate: () => string,
): Result<ServerKey, ServerKeyError> {
  const key = (secret: string, source: string) => ok({ secret, id: keyIdOf(secret), source });
  if (configured !== null) return key(configured, SECRET_ENV);
  switch (spec.kind) {
    case "memory":
      return key(generate(), "a key of this process (the memory store keeps nothing)");
    case "sqlite": {
      const file = keyFileFor(spec.path);
      const read = readOrCreateKeyFile(file, generate);
      return read.ok ? key(read.value, file) : read;
    }
    case "postgres":
      return err({
        code: "key_needed",
        message: `a postgres store needs ${SECRET_ENV}: every server on the database must hold the same key`,
      });
    default:
      return assertNever(spec);
  }
}

/** The key an approver signs with when none is configured: the one kept beside the SQLite store, never a new one. */
export function keyBesideStore(storePath: string): Result<string, ServerKeyError> {
  const read = readKeyFile(keyFileFor(storePath));
  if (read.ok || read.error.code !== "key_file_unreadable") return read;
  return err({ code: "key_needed", message: `${SECRET_ENV} is unset and ${read.error.message}` });
}
