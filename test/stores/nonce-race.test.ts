/**
 * Two processes claim the same nonces at the same moment, on SQLite and on Postgres: every nonce
 * is won by exactly one of them (a token spent once across workers), none by both, none by neither.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { paced } from "../setup/pace.js";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "../crash/harness.js";
import type { NonceRaceLine, NonceRaceRequest } from "./nonce-race-child.js";
import { raceChildren } from "./race-barrier.js";
import { freshStore, MEASURED_KINDS, type StoreKind } from "./targets.js";

const CHILD = join(ROOT, "test/stores/nonce-race-child.ts");
const PROCESSES = 2;
const NONCES = 300;

const scratch = mkdtempSync(join(tmpdir(), "agent-harness-nonce-race-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Each process's won nonces, after all of them claimed n0…n(NONCES-1) together. */
async function race(kind: StoreKind): Promise<string[][]> {
  const dir = mkdtempSync(join(scratch, `${kind}-`));
  const { spec, scope } = freshStore(kind, dir);
  const lines = await raceChildren<NonceRaceRequest, NonceRaceLine, "won">(
    dir,
    {
      child: CHILD,
      count: PROCESSES,
      label: `nonce race ${kind}`,
      request: (w, barrier) => ({ store: spec, scope, worker: `w${w}`, count: NONCES, barrier }),
    },
    "won",
  );
  return lines.map((line) => [...line.nonces]);
}

describe(`${PROCESSES} processes claim the same ${NONCES} nonces at once`, () => {
  for (const kind of MEASURED_KINDS) {
    it(
      `${kind}: each nonce has exactly one winner`,
      async () => {
        const won = await race(kind);
        const winners = new Map<string, number>();
        for (const nonces of won) for (const nonce of nonces) winners.set(nonce, (winners.get(nonce) ?? 0) + 1);
        const expected = Array.from({ length: NONCES }, (_, i) => `n${i}`);
        expect([...winners.keys()].sort()).toEqual(expected.sort());
        expect([...winners.values()].filter((n) => n !== 1)).toEqual([]);
        expect(won.reduce((n, nonces) => n + nonces.length, 0)).toBe(NONCES);
      },
      paced(180_000),
    );
  }
});
