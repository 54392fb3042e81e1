/**
 * The generated secret corpus through every engine that keeps the contract, on every store measured
 * here: per engine × store, `runs` cases of fast-check's kind × place × spelling from one seed (the same
 * cases on each), each in a fresh store, the canary over every byte. Every leak is counted, each said on
 * one line that reproduces it (`SECRET_PLACES_SEED` and `SECRET_PLACES_PATH` replay that one case), and
 * each engine × store prints its count of cases and leaks. Sizes are counts; the limit only scales with them.
 */
import fc from "fast-check";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINE_IDS, keepsContract, type EngineId } from "../../engines/catalogue.js";
import { loadEngines, runScenario, type EngineSlot } from "../../scenarios/index.js";
import {
  corpusCases,
  corpusScenario,
  describeCase,
  type CorpusCase,
  type CorpusObservation,
} from "../../scenarios/secret-corpus.js";
import { paced } from "../setup/pace.js";
import { absences, ciFailure } from "../setup/requirements.js";
import { MEASURED_KINDS } from "../stores/targets.js";
import { openCaseStore, type CorpusStore } from "./corpus-stores.js";

const env = process.env;
const SEED = Number(env["SECRET_PLACES_SEED"] ?? 47);
const PATH = env["SECRET_PLACES_PATH"];
/** One engine or store alone (a reproduction); a native engine may be named, to measure it. */
const ONLY_ENGINE = env["SECRET_PLACES_ENGINE"];
const ONLY_STORE = env["SECRET_PLACES_STORE"];

/** The stores measured here, or the one a reproduction names. */
export const onlyStores = <S extends string>(stores: readonly S[]): S[] =>
  stores.filter((s) => (ONLY_STORE ?? s) === s);
const STORES: readonly CorpusStore[] = onlyStores(["memory", ...MEASURED_KINDS]);
const ENGINES: readonly EngineId[] = ENGINE_IDS.filter((id) =>
  ONLY_ENGINE === undefined ? keepsContract(id) : id === ONLY_ENGINE,
);

/** Runs one case on one engine and store; what the canary found. */
async function runCase(slot: EngineSlot & { status: "measured" }, store: CorpusStore, scratch: string, c: CorpusCase) {
  const at = await openCaseStore(store, slot.id, scratch);
  try {
    const { scenario, instrument } = corpusScenario(c, at.beyond);
    const { observation } = await runScenario(slot.factory, scenario, {
      ...at.options,
      graphSteps: false,
      instrument: (made) => {
        at.options.instrument?.(made);
        instrument?.(made);
      },
    });
    return observation as CorpusObservation;
  } finally {
    await at.close();
  }
}

/** What the canary found in one case; `refused` only where the case's value is a caller's identifier. */
export type Finding = {
  readonly goal_found: boolean;
  readonly raw_found: readonly string[];
  readonly refused?: boolean | null;
};

export type CaseCheck<C> = {
  /** The engine × store, as the count and each leak name it. */
  readonly label: string;
  readonly cases: fc.Arbitrary<C>;
  readonly describe: (c: C) => string;
  readonly run: (c: C) => Promise<Finding>;
  readonly runs: number;
  /** What a reproduction sets besides the seed and path (`SECRET_PLACES_STORE=… SECRET_PLACES_ENGINE=…`), and runs. */
  readonly reproduce: string;
  readonly file: string;
};

/**
 * Runs `runs` cases from the seed (or the one case `SECRET_PLACES_PATH` names) and prints the count of
 * cases and leaks under the label; each leak is one line that reproduces it.
 */
export async function checkCases<C>(
  check: CaseCheck<C>,
): Promise<{ readonly cases: number; readonly leaks: readonly string[] }> {
  const { label, cases, describe: describeCase, run, runs, reproduce, file } = check;
  const leaks: string[] = [];
  let index = 0;
  await fc.check(
    fc.asyncProperty(cases, async (c) => {
      const at = PATH ?? String(index);
      index += 1;
      const found = await run(c);
      const what = [
        ...(found.raw_found.length > 0 ? [`raw in ${found.raw_found.join(", ")}`] : []),
        ...(found.goal_found ? [] : ["the goal is not found"]),
        ...(found.refused === false ? ["the identifier was not refused with a reason code"] : []),
      ];
      if (what.length > 0)
        leaks.push(
          `${label}: ${describeCase(c)}: ${what.join("; ")}; reproduce: ${reproduce} ` +
            `SECRET_PLACES_SEED=${SEED} SECRET_PLACES_PATH=${at} npx vitest run ${file}`,
        );
    }),
    // A path replays the one case it names.
    PATH === undefined ? { numRuns: runs, seed: SEED } : { numRuns: 1, seed: SEED, path: PATH },
  );
  process.stderr.write(`secret corpus ${label}: ${index} cases, ${leaks.length} leaks\n`);
  for (const leak of leaks) process.stderr.write(`${leak}\n`);
  return { cases: index, leaks };
}

export function describeCorpus(file: string, runs: number): void {
  const scratch = mkdtempSync(join(tmpdir(), "agent-harness-corpus-"));
  let slots: readonly EngineSlot[] = [];
  beforeAll(async () => void (slots = await loadEngines()));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  describe(`the generated secret corpus: ${runs} cases per engine × store, seed ${SEED}`, () => {
    for (const store of STORES)
      for (const id of ENGINES)
        it(
          `${store} × ${id}: no raw secret in any stored byte`,
          async () => {
            const slot = slots.find((s) => s.id === id)!;
            // An adapter not installed here is named on the run's `not measured:` line (test/setup/requirements.ts).
            if (slot.status !== "measured") return expect(ciFailure(absences(), env)).toBeNull();
            const checked = await checkCases({
              label: `${store} × ${id}`,
              cases: corpusCases,
              describe: describeCase,
              run: (c) => runCase(slot, store, scratch, c),
              runs,
              reproduce: `SECRET_PLACES_STORE=${store} SECRET_PLACES_ENGINE=${id}`,
              file,
            });
            expect(checked.leaks).toEqual([]);
            expect(checked.cases).toBe(PATH === undefined ? runs : 1);
          },
          paced(30_000 + runs * 3_000),
        );
  });
}
