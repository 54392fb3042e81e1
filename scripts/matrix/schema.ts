/**
 * evidence/framework-matrix-v1.json (the file keeps its name; the schema inside is v2): per column, per engine,
 * the behaviour verdict and the vocabulary apart, or why the engine was not measured.
 */
import { z } from "zod";
import { ColumnFamily } from "../../scenarios/families.js";
import { EngineVerdict, Judged } from "../../scenarios/verdict.js";

// v2: a cell carries behaviour and vocabulary apart, and an engine that threw is `error`, never `fails`.
export const MATRIX_SCHEMA = "framework-matrix-v2";
export const MATRIX_PATH = "evidence/framework-matrix-v1.json";

/** A column on one engine: its verdict (verdict.ts), or not measured and why. */
export const Verdict = z.union([
  EngineVerdict,
  z.strictObject({ behaviour: z.literal("not_measured"), reason: z.string().min(1) }),
]);
export type Verdict = z.infer<typeof Verdict>;

export const MatrixEngine = z.strictObject({
  id: z.string(),
  /** The version of the framework that ran ("local" for the engines in this repository), or null when not loaded. */
  version: z.string().nullable(),
  /** What its verdicts charge it with: behaviour and vocabulary (contract), or behaviour alone (foreign). */
  judged: Judged,
  status: z.enum(["measured", "not_measured"]),
  reason: z.string().nullable(),
  /** Behaviour verdicts, counted. */
  holds: z.number().int(),
  fails: z.number().int(),
  error: z.number().int(),
  not_measured: z.number().int(),
  /** Vocabulary, counted apart: charged to a contract engine, shown for a foreign one. */
  vocabulary_conforms: z.number().int(),
  vocabulary_differs: z.number().int(),
});
export type MatrixEngine = z.infer<typeof MatrixEngine>;

export const FrameworkMatrix = z.strictObject({
  schema: z.literal(MATRIX_SCHEMA),
  note: z.string(),
  generated_at: z.string(),
  commit: z.string().nullable(),
  planner: z.string(),
  store: z.string(),
  engines: z.array(MatrixEngine),
  columns: z.array(
    z.strictObject({
      name: z.string(),
      family: ColumnFamily,
      expected: z.string(),
      engines: z.record(z.string(), Verdict),
    }),
  ),
});
export type FrameworkMatrix = z.infer<typeof FrameworkMatrix>;

/** Fields that change from run to run by design; everything else regenerates byte for byte. */
export const MATRIX_VOLATILE_FIELDS = ["generated_at", "commit"] as const;
