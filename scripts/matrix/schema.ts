/** evidence/framework-matrix-v1.json: per column, per engine, whether the column's expected signal holds. */
import { z } from "zod";

export const MATRIX_SCHEMA = "framework-matrix-v1";
export const MATRIX_PATH = "evidence/framework-matrix-v1.json";

/** A column on one engine: it holds, it fails (naming each expectation it broke), or it was not measured (and why). */
export const Verdict = z.discriminatedUnion("verdict", [
  z.strictObject({ verdict: z.literal("holds") }),
  z.strictObject({ verdict: z.literal("fails"), violated: z.array(z.string()).min(1) }),
  z.strictObject({ verdict: z.literal("not_measured"), reason: z.string().min(1) }),
]);
export type Verdict = z.infer<typeof Verdict>;

export const MatrixEngine = z.strictObject({
  id: z.string(),
  /** The version of the framework that ran ("local" for the engines in this repository), or null when not loaded. */
  version: z.string().nullable(),
  status: z.enum(["measured", "not_measured"]),
  reason: z.string().nullable(),
  holds: z.number().int(),
  fails: z.number().int(),
  not_measured: z.number().int(),
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
      expected: z.string(),
      engines: z.record(z.string(), Verdict),
    }),
  ),
});
export type FrameworkMatrix = z.infer<typeof FrameworkMatrix>;

/** Fields that change from run to run by design; everything else regenerates byte for byte. */
export const MATRIX_VOLATILE_FIELDS = ["generated_at", "commit"] as const;
