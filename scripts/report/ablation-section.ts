/**
 * The hardening ablation (evidence/hardening-ablation-v1.json) as a table: per hardened engine and piece of its
 * layer, how many columns fail on behaviour with that piece off, and for a piece that turns none, its backer.
 */
import type { ReportEvidence } from "./evidence.js";
import { para, section, table, type CellContent } from "./html.js";
import { code, m, type MessageKey } from "./i18n.js";

const HEADERS: readonly MessageKey[] = [
  "bench.engine",
  "ablation.piece",
  "ablation.turns",
  "ablation.columns",
  "ablation.backedUpBy",
];

export function ablationSection(read: ReportEvidence["ablation"]): string {
  const heading = m("ablation.heading");
  if (read === null) return section("ablation", heading, para(m("ablation.missing")));
  const rows = read.data.layers.flatMap((layer): CellContent[][] => {
    if (layer.status !== "measured") return [[code(layer.engine), "–", "–", code(layer.reason), "–"]];
    return layer.pieces.map((p): CellContent[] => [
      code(layer.engine),
      code(p.piece),
      p.turns.length,
      code(p.turns.join(", ") || "–"),
      p.backed_up_by === null
        ? "–"
        : code(`${p.backed_up_by} (${p.backer_turns?.length ?? 0}; +${p.turns_beyond_backer?.length ?? 0})`),
    ]);
  });
  const body = `${para(m("ablation.lead", { file: read.file }))}${table(
    HEADERS.map((key) => m(key)),
    rows,
  )}`;
  return section("ablation", heading, body);
}
