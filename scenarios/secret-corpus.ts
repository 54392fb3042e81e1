/**
 * The generated secret corpus: every claimed kind (a sample of the detector's corpus), in every place a
 * run meets a value, in every claimed spelling, as a fast-check arbitrary and as a scenario any engine
 * plays. The scenario's observation is the canary over what the run stored (`stored-text.ts`), plus
 * whatever bytes the caller's store keeps beyond the run's record (database files, a schema's rows).
 */
import fc from "fast-check";
import { CORPUS, type CorpusSample } from "../contract/sensitive-corpus.js";
import { finalAnswer, toolCall, type ExtraOutput } from "../handwritten/fixtures/index.js";
import type { Environment } from "../handwritten/fixtures/environment.js";
import type { Scenario } from "./scenario.js";
import { rawPlaces, storedTexts, unicodeEscaped, type StoredText } from "./stored-text.js";

export const CORPUS_PLACES = [
  "goal",
  "tool_arguments",
  "planner_prose",
  "final_answer",
  "output_value",
  "output_key",
  "tool_error",
  "idempotency_key",
] as const;
export type CorpusPlace = (typeof CORPUS_PLACES)[number];

/**
 * How the secret is written: as it is; its characters as JSON `\u` escapes inside the value (a
 * service echoing JSON text); the value as JSON inside a string; or, in the planner's own JSON
 * text, the secret's characters as `\u` escapes (one `JSON.parse` gives it back).
 */
export const CORPUS_SPELLINGS = ["as_is", "escaped_in_value", "json_in_string", "escaped_in_planner_json"] as const;
export type CorpusSpelling = (typeof CORPUS_SPELLINGS)[number];

export type CorpusCase = {
  readonly sample: CorpusSample;
  readonly place: CorpusPlace;
  readonly spelling: CorpusSpelling;
};

// An identifier holds only what its pattern admits: the key place takes the samples an id can spell.
const ID_SAFE = /^[A-Za-z0-9._:-]{1,100}$/;
export const fitsPlace = ({ sample, place }: Pick<CorpusCase, "sample" | "place">): boolean =>
  place !== "idempotency_key" || sample.secrets.every((s) => ID_SAFE.test(s));

/** Every case the corpus can make: kind × place × spelling, a place taking only what it can hold. */
export const corpusCases: fc.Arbitrary<CorpusCase> = fc
  .record({
    sample: fc.constantFrom(...CORPUS),
    place: fc.constantFrom(...CORPUS_PLACES),
    spelling: fc.constantFrom(...CORPUS_SPELLINGS),
  })
  .filter(fitsPlace);

export const describeCase = (c: CorpusCase) => `${c.sample.kind}: ${c.sample.name} in ${c.place}, ${c.spelling}`;

/** The value a case puts in its place: the sample, spelled as the case says. */
export function spelledValue(sample: CorpusSample, spelling: CorpusSpelling): string {
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
function plannerText(raw: string, sample: CorpusSample, spelling: CorpusSpelling): string {
  if (spelling !== "escaped_in_planner_json") return raw;
  return sample.secrets.reduce(
    (text, secret) => text.split(JSON.stringify(secret).slice(1, -1)).join(unicodeEscaped(secret)),
    raw,
  );
}

const READ = { table: "sales", limit: 2 } as const;
/** The goal every case stores: finding it shows the canary read what the run stored. */
export const CORPUS_GOAL = "secret places: keep every credential out of the stores";

export type CorpusObservation = { readonly goal_found: boolean; readonly raw_found: readonly string[] };

/**
 * The case as a scenario, and what it must do to the environment first (a tool that throws).
 * `beyond` reads the bytes the caller's store keeps outside the run's record, when the run has ended.
 */
export function corpusScenario(
  c: CorpusCase,
  beyond: () => readonly StoredText[] = () => [],
): { readonly scenario: Scenario; readonly instrument?: (env: Environment) => void } {
  const { sample, place, spelling } = c;
  const value = spelledValue(sample, spelling);
  const planner = (raw: string) => plannerText(raw, sample, spelling);
  const read = toolCall("read_table", READ);
  const done = finalAnswer("done");
  let goal = CORPUS_GOAL;
  let script: string[] = [read, done];
  let extraOutput: ExtraOutput = {};
  let instrument: ((env: Environment) => void) | undefined;
  switch (place) {
    case "goal":
      goal = `${CORPUS_GOAL}: ${value}`;
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
  const scenario: Scenario = {
    name: `secret in ${place}`,
    summary: describeCase(c),
    goal,
    options: { script, extraOutput, limits: { maxSteps: 6 } },
    actions: [{ kind: "start", goal }],
    observe: (record): CorpusObservation => {
      const stored = [...storedTexts(record), ...beyond()];
      return {
        goal_found: stored.some(({ text }) => text.includes(CORPUS_GOAL)),
        raw_found: rawPlaces(stored, sample.secrets),
      };
    },
  };
  return instrument === undefined ? { scenario } : { scenario, instrument };
}
