/**
 * What a secret column observes: one sample of every kind the detector claims, and where the run
 * stored any of them raw (`stored-text.ts`: every byte the run left, the engine's own storage
 * included). The observation names samples and places, never a value, so the evidence holds none.
 */
import { messagesOf, REDACTED } from "../contract/index.js";
import { CORPUS, type CorpusSample, type SensitiveKind } from "../contract/sensitive-corpus.js";
import { codeOf, toolMessagesOf } from "./observe.js";
import { fingerprint, type RunRecord } from "./scenario.js";
import { spellings, storedTexts } from "./stored-text.js";

/** One sample of every claimed kind (the record's type makes a kind without one a compile error). */
const CHOSEN: Readonly<Record<SensitiveKind, string>> = {
  "private-key": "EC P-256, SEC1",
  token: "github classic token",
  assignment: "password in doubly escaped json",
  "auth-header": "bearer header",
  "connection-url": "database url",
  email: "email",
  phone: "CN mobile, national",
  financial: "IBAN DE, grouped",
};

export const SECRET_SAMPLES: readonly CorpusSample[] = Object.entries(CHOSEN).map(([kind, name]) => {
  const found = CORPUS.find((s) => s.kind === kind && s.name === name);
  if (found === undefined) throw new Error(`the corpus has no ${kind} sample named ${name}`);
  return found;
});

/** The column's goal, stored with every checkpoint: finding it shows the search read what the run stored. */
export const GOAL = "secret column: keep every credential out of the stores";

const NEEDLES = SECRET_SAMPLES.map((s) => ({
  sample: `${s.kind}: ${s.name}`,
  spellings: s.secrets.flatMap(spellings),
}));

/** How the run stored its goal (its first message): with `[redacted]` in it, and its clean words kept. */
const storedGoal = (record: RunRecord) => {
  const first = messagesOf(record.final)[0];
  const text = first?.role === "user" ? first.content : "";
  return { redacted: text.includes(REDACTED), kept: text.startsWith(GOAL) };
};

export function observeSecrets(record: RunRecord) {
  const stored = storedTexts(record);
  const found = stored.flatMap(({ where, text }) =>
    NEEDLES.filter((n) => n.spellings.some((s) => text.includes(s))).map((n) => `${n.sample} in ${where}`),
  );
  return {
    samples: NEEDLES.map((n) => n.sample),
    raw_found: [...new Set(found)].sort(),
    goal_found: stored.some(({ text }) => text.includes(GOAL)),
    tool_messages: toolMessagesOf(record).map((m) => ({
      tool: m.tool,
      status: m.status,
      code: codeOf(m.content),
      redacted: JSON.stringify(m.content).includes(REDACTED),
    })),
    final: record.final.status === "done" ? { redacted: record.final.final.includes(REDACTED) } : null,
    goal: storedGoal(record),
    side_effects: record.env.world.data.effects,
    executor_calls: record.env.world.data.calls,
    ...fingerprint(record),
  };
}

export type SecretObservation = ReturnType<typeof observeSecrets>;
