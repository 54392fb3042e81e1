/**
 * What the detector does with its corpus (contract/sensitive-corpus.ts), kind by kind: each sample
 * found (`scanText`), redacted whole (`redactText` leaves none of its secret parts) and refused as
 * a tool call's argument (`validatePlannerOutput` says `sensitive_input`); and the plain samples
 * that must stay untouched. Deterministic: the same code and corpus give the same report.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { z } from "zod";
import { createRegistry, DEFAULT_INPUT_LIMITS, defineTool, validatePlannerOutput } from "../../contract/index.js";
import { PHONE_REGIONS } from "../../contract/secret-scanners.js";
import { CORPUS, PLAIN_SAMPLES, SENSITIVE_KINDS, type CorpusSample } from "../../contract/sensitive-corpus.js";
import { CORPUS_PRIVATE_KEYS } from "../../contract/sensitive-corpus-keys.js";
import { isSensitiveText, redactText, REDACTED, scanText } from "../../contract/sensitive.js";

export const SENSITIVE_CORPUS_SCHEMA = "agent-harness.sensitive-corpus.v1";

const Tally = z.strictObject({
  samples: z.number().int(),
  detected: z.number().int(),
  redacted: z.number().int(),
  refused_as_input: z.number().int(),
});

export const SensitiveCorpusReport = z.strictObject({
  schema: z.literal(SENSITIVE_CORPUS_SCHEMA),
  produced_by: z.string(),
  detector: z.strictObject({
    secretlint_preset: z.string(),
    libphonenumber: z.string(),
    phone_regions: z.array(z.string()),
  }),
  kinds: z.record(z.enum(SENSITIVE_KINDS), Tally),
  /** Generated keys (node:crypto, ssh-keygen) whose every placement in the corpus was redacted whole. */
  private_keys: z.strictObject({ keys: z.number().int(), fully_redacted: z.number().int() }),
  plain: z.strictObject({ samples: z.number().int(), flagged: z.array(z.string()) }),
  /** Every sample not found, not redacted whole or not refused, by name. */
  misses: z.array(z.strictObject({ kind: z.enum(SENSITIVE_KINDS), name: z.string(), failed: z.array(z.string()) })),
});
export type SensitiveCorpusReport = z.infer<typeof SensitiveCorpusReport>;

const registry = createRegistry([
  defineTool({
    name: "send_note",
    description: "sends a note",
    risk: "idempotent_write",
    input: z.strictObject({ note: z.string() }),
    timeoutMs: 1000,
    execute: async () => ({ sent: true }),
  }),
]);

// Large enough for the corpus's largest sample, so that the sensitive-data check, not a size limit, refuses it.
const LIMITS = { ...DEFAULT_INPUT_LIMITS, maxBytes: 1 << 20, maxStringLength: 1 << 20 };

type Outcome = { readonly detected: boolean; readonly redacted: boolean; readonly refused: boolean };

/** `text` as a reader decoding its JSON `\\u` escapes at every depth would see it: a secret spelled so is one. */
const spelledOut = (text: string) =>
  text.replace(/\\+u([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

export function judgeSample(sample: CorpusSample): Outcome {
  const redactedText = redactText(sample.text);
  const call = JSON.stringify({ type: "tool_call", tool: "send_note", arguments: { note: sample.text } });
  const result = validatePlannerOutput(registry, call, LIMITS);
  return {
    detected: isSensitiveText(sample.text),
    redacted:
      redactedText.includes(REDACTED) &&
      [redactedText, spelledOut(redactedText)].every((text) =>
        sample.secrets.every((secret) => !text.includes(secret)),
      ),
    refused: !result.ok && result.error.code === "sensitive_input",
  };
}

const version = (name: string) => {
  const require = createRequire(import.meta.url);
  const path = require.resolve(`${name}/package.json`);
  return (JSON.parse(readFileSync(path, "utf8")) as { version: string }).version;
};

export function measureCorpus(): SensitiveCorpusReport {
  const kinds = Object.fromEntries(
    SENSITIVE_KINDS.map((kind) => [kind, { samples: 0, detected: 0, redacted: 0, refused_as_input: 0 }]),
  ) as SensitiveCorpusReport["kinds"];
  const misses: SensitiveCorpusReport["misses"] = [];
  const outcomes = new Map<CorpusSample, Outcome>();
  for (const sample of CORPUS) {
    const outcome = judgeSample(sample);
    outcomes.set(sample, outcome);
    const tally = kinds[sample.kind];
    tally.samples++;
    tally.detected += Number(outcome.detected);
    tally.redacted += Number(outcome.redacted);
    tally.refused_as_input += Number(outcome.refused);
    const failed = (["detected", "redacted", "refused"] as const).filter((what) => !outcome[what]);
    if (failed.length > 0) misses.push({ kind: sample.kind, name: sample.name, failed });
  }
  // A key counts when each sample that carries it (alone, in a large text, in JSON, escaped) lost all of it.
  const fullyRedacted = CORPUS_PRIVATE_KEYS.filter(([, pem]) => {
    const bodyLine = pem.split("\n")[1];
    const carrying = CORPUS.filter((s) => s.kind === "private-key" && s.secrets.includes(bodyLine ?? pem));
    return carrying.length > 0 && carrying.every((s) => outcomes.get(s)?.redacted === true);
  }).length;
  return {
    schema: SENSITIVE_CORPUS_SCHEMA,
    produced_by:
      "scripts/sensitive-corpus.ts: every sample of contract/sensitive-corpus.ts scanned (scanText), redacted (redactText: none of the sample's secret parts may remain) and sent as a tool call's argument (validatePlannerOutput must answer sensitive_input).",
    detector: {
      secretlint_preset: version("@secretlint/secretlint-rule-preset-recommend"),
      libphonenumber: version("libphonenumber-js"),
      phone_regions: Object.keys(PHONE_REGIONS),
    },
    kinds,
    private_keys: { keys: CORPUS_PRIVATE_KEYS.length, fully_redacted: fullyRedacted },
    plain: {
      samples: PLAIN_SAMPLES.length,
      flagged: PLAIN_SAMPLES.filter((text) => scanText(text).length > 0 || redactText(text) !== text),
    },
    misses,
  };
}
