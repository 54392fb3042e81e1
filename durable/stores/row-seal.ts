/**
 * Every row the contract trusts — ledger entries, used nonces, checkpoints, graph checkpoints and
 * trace events — carries an HMAC under the store key over its text and its place (table, scope,
 * key or stream and position). Someone who can write the database but holds no key cannot make a
 * row that opens: an edited row, a row inserted by hand, a row copied to another key, session or
 * position, or two rows swapped, is `store_tampered` naming the row. Rows are read through their
 * schema first (`rows.ts`), so a row that is not even the right shape stays `store_row_invalid`.
 *
 * What a seal cannot tell is a row that is simply gone, or put back as it was earlier at its own
 * place: the ledger answers a recorded intent with no entry as `uncertain` (`decideDispatch`),
 * a log refuses a gap in its positions, and a whole store rolled back is the restore check's.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { StoreError } from "../errors.js";
import type { RowContext } from "../sql/rows.js";

// A label of its own: a row seal is never mistaken for a checkpoint seal or an approval MAC under the same secret.
const LABEL = "store-row-seal-v1";

export type RowPlace = readonly (string | number)[];

export type RowSeals = {
  /** The seal of `text` stored at `place`. */
  seal(place: RowPlace, text: string): string;
  /** Throws `store_tampered` naming the row unless `seal` is the seal of `text` at `place`. */
  check(place: RowPlace, text: string, seal: unknown, where: RowContext): void;
};

/** Seals under `secret`; Node's HMAC, since a row is sealed on every write and checked on every read. */
export function rowSeals(secret: string): RowSeals {
  const seal = (place: RowPlace, text: string) =>
    createHmac("sha256", secret)
      .update(`${LABEL}\n${JSON.stringify(place)}\n`)
      .update(text)
      .digest("hex");
  return {
    seal,
    check(place, text, stored, where) {
      if (typeof stored !== "string" || stored.length === 0) throw tampered(where, "carries no seal");
      const expected = Buffer.from(seal(place, text), "hex");
      const given = Buffer.from(stored, "hex");
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        throw tampered(where, "does not match its seal (edited, written without the store key, or moved)");
    },
  };
}

export function tampered(where: RowContext, why: string): StoreError {
  return new StoreError("store_tampered", where.store, `${where.row} ${why}`);
}
