/**
 * Every claimed kind, in every place a run meets a value, in every claimed spelling: a fast-check
 * property over kind × place × spelling, each case one run of the handwritten engine in memory,
 * and a canary check over every stored byte (checkpoints, trace, ledger, artifacts, executor,
 * engine storage) for the sample's secret parts, as written and as a reader decoding escapes sees them.
 * `SECRET_PLACES_RUNS` raises the number of cases (the normal tests run a small size).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CORPUS, type CorpusSample } from "../../contract/sensitive-corpus.js";
import { handwrittenFactory } from "../../handwritten/engine/factory.js";
import { finalAnswer, toolCall, type ExtraOutput } from "../../handwritten/fixtures/index.js";
import type { Environment } from "../../handwritten/fixtures/environment.js";
import { runScenario, type Action, type Scenario } from "../../scenarios/index.js";
import { spellings, storedTexts } from "../../scenarios/stored-text.js";

const PLACES = [
  "goal",
  "tool_arguments",
  "planner_prose",
  "final_answer",
  "output_value",
  "output_key",
  "tool_error",
  "idempotency_key",
] as const;
type Place = (typeof PLACES)[number];

/**
 * How the secret is written: as it is; its characters as JSON `\u` escapes inside the value (a
 * service echoing JSON text); the value as JSON inside a string; or, in the planner's own JSON
 * text, the secret's characters as `\u` escapes (one `JSON.parse` gives it back).
 */
const SPELLINGS = ["as_is", "escaped_in_value", "json_in_string", "escaped_in_planner_json"] as const;
type Spelling = (typeof SPELLINGS)[number];

const unicodeEscaped = (text: string) =>
  [...text].map((c) => [...c].map((u) => `\\u${u.charCodeAt(0).toString(16).padStart(4, "0")}`).join("")).join("");
/** What a reader decoding every `\u` escape at every depth sees: the canary reads stored text so too. */
function spelledOut(text: string): string {
  let plain = text;
  for (let round = 0; round < 4; round++)
    plain = plain.replace(/\\+u([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return plain;
}

function spelledValue(sample: CorpusSample, spelling: Spelling): string {
  switch (spelling) {
    case "escaped_in_value":
      return sample.secrets.reduce((text, secret) => text.split(secret).join(unicodeEscaped(secret)), sample.text);
    case "json_in_string":
      return JSON.stringify({ note: sample.text });
    case "as_is":
    case "escaped_in_planner_json":
      return sample.text;
  }
}

/** Planner JSON text with every JSON-encoded secret part written as `\u` escapes instead. */
function plannerText(raw: string, sample: CorpusSample, spelling: Spelling): string {
  if (spelling !== "escaped_in_planner_json") return raw;
  return sample.secrets.reduce(
    (text, secret) => text.split(JSON.stringify(secret).slice(1, -1)).join(unicodeEscaped(secret)),
    raw,
  );
}

const READ = { table: "sales", limit: 2 } as const;
const GOAL = "secret places: keep every credential out of the stores";

type Case = { readonly sample: CorpusSample; readonly place: Place; readonly spelling: Spelling };

function scenarioOf({ sample, place, spelling }: Case): {
  scenario: Scenario;
  instrument?: (env: Environment) => void;
} {
  const value = spelledValue(sample, spelling);
  const planner = (raw: string) => plannerText(raw, sample, spelling);
  const read = toolCall("read_table", READ);
  const done = finalAnswer("done");
  let goal = GOAL;
  let script: string[] = [read, done];
  let extraOutput: ExtraOutput = {};
  let instrument: ((env: Environment) => void) | undefined;
  switch (place) {
    case "goal":
      goal = `${GOAL}: ${value}`;
      break;
    case "tool_arguments":
      script = [planner(toolCall("save_artifact", { name: "note", content: value })), done];
      break;
    case "planner_prose":
      script = [planner(`Noting first: ${JSON.stringify(value)}\n${read}`), read, done];
      break;
    case "final_answer":
      script = [read, planner(finalAnswer(`the answer: ${value}`))];
      break;
    case "output_value":
      extraOutput = { read_table: { echoed: value } };
      break;
    case "output_key":
      extraOutput = { read_table: { [value]: "echoed" } };
      break;
    case "tool_error":
      // The executor's call observer runs inside the tool call: what it throws is the tool's error.
      instrument = (env) =>
        env.world.observeCalls((tool) => {
          if (tool === "read_table") throw new Error(`upstream refused: ${value}`);
        });
      break;
    case "idempotency_key":
      script = [planner(toolCall("save_artifact", { name: "note", content: "clean" }, `key-${value}`)), done];
      break;
  }
  const actions: Action[] = [{ kind: "start", goal }];
  return {
    scenario: {
      name: `secret in ${place}`,
      summary: `${sample.kind}: ${sample.name} in ${place}, ${spelling}`,
      goal,
      options: { script, extraOutput, limits: { maxSteps: 6 } },
      actions,
      observe: (record) => {
        const stored = storedTexts(record);
        const needles = sample.secrets.flatMap(spellings);
        return {
          goal_found: stored.some(({ text }) => text.includes(GOAL)),
          raw_found: stored
            .filter(({ text }) => [text, spelledOut(text)].some((t) => needles.some((n) => t.includes(n))))
            .map(({ where }) => where),
        };
      },
    },
    ...(instrument === undefined ? {} : { instrument }),
  };
}

async function rawFound(c: Case): Promise<{ goal_found: boolean; raw_found: string[] }> {
  const { scenario, instrument } = scenarioOf(c);
  const { observation } = await runScenario(handwrittenFactory, scenario, {
    graphSteps: false,
    ...(instrument === undefined ? {} : { instrument }),
  });
  return observation as { goal_found: boolean; raw_found: string[] };
}

const RUNS = Number(process.env.SECRET_PLACES_RUNS ?? 120);
// An identifier holds only what its pattern admits: the key place takes the samples an id can spell.
const ID_SAFE = /^[A-Za-z0-9._:-]{1,100}$/;

describe("kind × place × spelling: no raw secret in any stored byte (handwritten engine, in memory)", () => {
  it(`${RUNS} generated cases`, async () => {
    const cases = fc
      .record({
        sample: fc.constantFrom(...CORPUS),
        place: fc.constantFrom(...PLACES),
        spelling: fc.constantFrom(...SPELLINGS),
      })
      .filter(({ sample, place }) => place !== "idempotency_key" || sample.secrets.every((s) => ID_SAFE.test(s)));
    await fc.assert(
      fc.asyncProperty(cases, async (c) => {
        const found = await rawFound(c);
        expect(found, `${c.sample.kind}: ${c.sample.name} in ${c.place}, ${c.spelling}`).toEqual({
          goal_found: true,
          raw_found: [],
        });
      }),
      { numRuns: RUNS, seed: Number(process.env.SECRET_PLACES_SEED ?? 47) },
    );
  }, 120_000);

  it("each place and spelling, once for a sample of each of the five kinds that used to get through, and two ids", async () => {
    const named = (name: string) => CORPUS.find((s) => s.name === name)!;
    const samples = [
      "github fine-grained, shorter body",
      "sendgrid key with - and _",
      "email, IDN domain",
      "GB landline, 00 prefix",
      "GB landline, no-break spaces",
      // Identifier-shaped secrets the key place takes: the detectors miss them after `key-` unless read as an id.
      "jwt",
      "Visa, whole",
    ].map(named);
    const failures: string[] = [];
    for (const sample of samples)
      for (const place of PLACES)
        for (const spelling of SPELLINGS) {
          if (place === "idempotency_key" && !sample.secrets.every((s) => ID_SAFE.test(s))) continue;
          const found = await rawFound({ sample, place, spelling });
          if (!found.goal_found || found.raw_found.length > 0)
            failures.push(`${sample.name} in ${place}, ${spelling}: ${found.raw_found.join(",") || "goal not read"}`);
        }
    expect(failures).toEqual([]);
  }, 120_000);
});
