/** evidence/hardening-ablation-v1.json: per hardened engine, what each piece of its layer holds. */
import { z } from "zod";

export const ABLATION_SCHEMA = "agent-harness.hardening-ablation.v1";
export const ABLATION_PATH = "evidence/hardening-ablation-v1.json";

export const PieceRow = z.strictObject({
  piece: z.string(),
  /** Columns whose behaviour verdict fails with this piece off, and holds with the whole layer. */
  turns: z.array(z.string()),
  /** Columns the engine could not run to their end with this piece off (an error is never a failure). */
  errors: z.array(z.string()),
  /** For a piece that turns none alone: the piece that then holds the line, or null. */
  backed_up_by: z.string().nullable(),
  /** The columns the backer turns alone (it must turn some); null without a backer. */
  backer_turns: z.array(z.string()).nullable(),
  /** The columns that fail with the piece and its backer both off and not with the backer alone; null without one. */
  turns_beyond_backer: z.array(z.string()).nullable(),
});
export type PieceRow = z.infer<typeof PieceRow>;

export const LayerRow = z.discriminatedUnion("status", [
  z.strictObject({
    engine: z.string(),
    status: z.literal("measured"),
    version: z.string(),
    /** The whole layer: the columns that fail on behaviour (none, for a layer that holds) or error. */
    whole: z.strictObject({ fails: z.array(z.string()), errors: z.array(z.string()) }),
    pieces: z.array(PieceRow),
  }),
  z.strictObject({ engine: z.string(), status: z.literal("not-measured"), reason: z.string() }),
]);
export type LayerRow = z.infer<typeof LayerRow>;

export const AblationEvidence = z.strictObject({
  schema: z.literal(ABLATION_SCHEMA),
  note: z.string(),
  columns: z.array(z.string()),
  layers: z.array(LayerRow),
});
export type AblationEvidence = z.infer<typeof AblationEvidence>;

/** What makes the evidence fail its purpose: a layer that fails a column whole, or a piece that turns nothing. */
export function ablationProblems(evidence: AblationEvidence): string[] {
  return evidence.layers.flatMap((layer) => {
    if (layer.status !== "measured") return [];
    const whole = layer.whole.fails.map((c) => `${layer.engine}: the whole layer fails ${c} on behaviour`);
    const idle = layer.pieces.flatMap((p) => {
      if (p.turns.length > 0) return [];
      if (p.backed_up_by === null) return [`${layer.engine}: ${p.piece} turns no column and names no backer`];
      if ((p.backer_turns?.length ?? 0) === 0)
        return [`${layer.engine}: ${p.piece}'s backer ${p.backed_up_by} turns no column either`];
      return [];
    });
    return [...whole, ...idle];
  });
}
