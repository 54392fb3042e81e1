/**
 * Every claimed kind, in every place a run meets a value, in every claimed spelling (scenarios/secret-corpus.ts),
 * through every engine that keeps the contract, in memory, on SQLite and on Postgres (when a server is given),
 * with a canary over every stored byte (test/scenarios/corpus-run.ts). The fast tier runs a few cases per
 * engine × store; `SECRET_PLACES_RUNS` raises the count (the heavy tier: secret-places-heavy.test.ts).
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CORPUS } from "../../contract/sensitive-corpus.js";
import { handwrittenFactory } from "../../handwritten/engine/factory.js";
import { runScenario } from "../../scenarios/index.js";
import {
  CORPUS_PLACES,
  CORPUS_SPELLINGS,
  corpusScenario,
  describeCase,
  fitsPlace,
  type CorpusObservation,
} from "../../scenarios/secret-corpus.js";
import { rawPlaces } from "../../scenarios/stored-text.js";
import { MEASURED_KINDS } from "../stores/targets.js";
import { describeCorpus } from "./corpus-run.js";
import { openCaseStore } from "./corpus-stores.js";

describeCorpus("test/scenarios/secret-places.test.ts", Number(process.env["SECRET_PLACES_RUNS"] ?? 3));

describe("the five kinds that used to get through, and two ids (handwritten engine, in memory)", () => {
  it("each place and spelling, once for a sample of each", async () => {
    const samples = [
      "github fine-grained, shorter body",
      "sendgrid key with - and _",
      "email, IDN domain",
      "GB landline, 00 prefix",
      "GB landline, no-break spaces",
      // Identifier-shaped secrets the key place takes: the detectors miss them after `key-` unless read as an id.
      "jwt",
      "Visa, whole",
    ].map((name) => CORPUS.find((s) => s.name === name)!);
    const failures: string[] = [];
    for (const sample of samples)
      for (const place of CORPUS_PLACES)
        for (const spelling of CORPUS_SPELLINGS) {
          if (!fitsPlace({ sample, place })) continue;
          const { scenario, instrument } = corpusScenario({ sample, place, spelling });
          const { observation } = await runScenario(handwrittenFactory, scenario, {
            graphSteps: false,
            ...(instrument === undefined ? {} : { instrument }),
          });
          const found = observation as CorpusObservation;
          if (!found.goal_found || found.raw_found.length > 0)
            failures.push(
              `${describeCase({ sample, place, spelling })}: ${found.raw_found.join(",") || "goal not read"}`,
            );
        }
    expect(failures).toEqual([]);
  }, 120_000);
});

describe("the canary reads what only the store's own bytes hold", () => {
  for (const kind of MEASURED_KINDS)
    it(`${kind}: a secret in a table of no scope is in no scope row, and is found (${kind === "sqlite" ? "the file" : "the schema's rows"})`, async () => {
      const scratch = mkdtempSync(join(tmpdir(), "agent-harness-canary-"));
      const at = await openCaseStore(kind, "handwritten", scratch);
      const env = at.options.environment!({ script: [] });
      const db = at.db()!;
      const [sample] = CORPUS;
      const table = `planted_${randomBytes(4).toString("hex")}`;
      db.query(`CREATE TABLE ${table} (v TEXT)`);
      db.query(`INSERT INTO ${table} (v) VALUES (?)`, [sample!.secrets[0]!]);
      try {
        const rows = (env.storedRows?.() ?? []).map((text) => ({ where: "database_rows" as const, text }));
        expect(rawPlaces(rows, sample!.secrets)).toEqual([]);
        expect(rawPlaces(at.beyond(), sample!.secrets)).toEqual([
          kind === "sqlite" ? "database_files" : "database_rows",
        ]);
      } finally {
        db.query(`DROP TABLE ${table}`);
        await at.close();
        rmSync(scratch, { recursive: true, force: true });
      }
    });
});
