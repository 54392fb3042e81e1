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
import { ENGINE_IDS, keepsContract, type EngineId } from "../../scenarios/engine-catalogue.js";
import { loadEngines, runScenario, type EngineSlot } from "../../scenarios/index.js";
import { corpusCases, corpusScenario, describeCase, type CorpusObservation } from "../../scenarios/secret-corpus.js";
import { paced } from "../setup/pace.js";
import { MEASURED_KINDS } from "../stores/targets.js";
import { openCaseStore, type CorpusStore } from "./corpus-stores.js";

const env = process.env;
const SEED = Number(env["SECRET_PLACES_SEED"] ?? 47);
const PATH = env["SECRET_PLACES_PATH"];
/** One engine or store alone (a reproduction); a native engine may be named, to measure it. */
const ONLY_ENGINE = env["SECRET_PLACES_ENGINE"];
const ONLY_STORE = env["SECRET_PLACES_STORE"];

const STORES: readonly CorpusStore[] = (["memory", ...MEASURED_KINDS] as const).filter((s) => (ONLY_STORE ?? s) === s);
const ENGINES: readonly EngineId[] = ENGINE_IDS.filter((id) =>
  ONLY_ENGINE === undefined ? keepsContract(id) : id === ONLY_ENGINE,
);

/** Runs one case on one engine and store; what the canary found. */
async function runCase(slot: EngineSlot & { status: "measured" }, store: CorpusStore, scratch: string, c: unknown) {
  const at = await openCaseStore(store, slot.id, scratch);
  try {
    const { scenario, instrument } = corpusScenario(c as Parameters<typeof corpusScenario>[0], at.beyond);
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
            if (slot.status !== "measured") return expect(env["CI"]).not.toBe("true");
            const leaks: string[] = [];
            let index = 0;
            await fc.check(
              fc.asyncProperty(corpusCases, async (c) => {
                const at = PATH ?? String(index);
                index += 1;
                const found = await runCase(slot, store, scratch, c);
                if (found.goal_found && found.raw_found.length === 0) return;
                const what = found.goal_found ? `raw in ${found.raw_found.join(", ")}` : "the goal is not found";
                leaks.push(
                  `${store} × ${id}: ${describeCase(c)}: ${what}; reproduce: SECRET_PLACES_STORE=${store} ` +
                    `SECRET_PLACES_ENGINE=${id} SECRET_PLACES_SEED=${SEED} SECRET_PLACES_PATH=${at} npx vitest run ${file}`,
                );
              }),
              // A path replays the one case it names.
              PATH === undefined ? { numRuns: runs, seed: SEED } : { numRuns: 1, seed: SEED, path: PATH },
            );
            process.stderr.write(`secret corpus ${store} × ${id}: ${index} cases, ${leaks.length} leaks\n`);
            for (const leak of leaks) process.stderr.write(`${leak}\n`);
            expect(leaks).toEqual([]);
            expect(index).toBe(PATH === undefined ? runs : 1);
          },
          paced(30_000 + runs * 3_000),
        );
  });
}
