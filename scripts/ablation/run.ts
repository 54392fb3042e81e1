/**
 * The hardening ablation: every engine whose factory carries a layer (`EngineFactory.layer`) runs the columns
 * with the whole layer, then with each piece off in turn. A piece matters when some column's behaviour verdict
 * then fails; one that turns none names its backer, and switching both off must turn one.
 */
import type { EngineFactory } from "../../runtime/index.js";
import type { Column } from "../../scenarios/column.js";
import { judgeColumn } from "../../scenarios/column.js";
import type { EngineSlot } from "../../engines/index.js";
import { ABLATION_SCHEMA, AblationEvidence, type LayerRow, type PieceRow } from "./schema.js";

export const ABLATION_NOTE =
  "Each hardened engine is its framework's own loop plus a layer of pieces on the framework's extension points. A piece is switched off and every column runs again: `turns` lists the columns whose behaviour verdict then fails. A piece that turns none alone names the piece that backs it up: that piece must turn columns of its own, and `turns_beyond_backer` lists what switching both off turns beyond the backer alone.";

type Outcome = { readonly fails: string[]; readonly errors: string[] };

async function outcome(factory: EngineFactory<string>, columns: readonly Column[]): Promise<Outcome> {
  const fails: string[] = [];
  const errors: string[] = [];
  for (const column of columns) {
    const { verdict } = await judgeColumn(factory, column);
    if (verdict.behaviour === "fails") fails.push(column.name);
    else if (verdict.behaviour === "error") errors.push(column.name);
  }
  return { fails, errors };
}

async function ablate(
  factory: EngineFactory<string>,
  columns: readonly Column[],
  progress: (line: string) => void,
): Promise<LayerRow> {
  const layer = factory.layer;
  if (layer === undefined) throw new Error(`${factory.id} carries no layer`);
  // One run per set of pieces switched off, whoever asks for it first.
  const runs = new Map<string, Promise<Outcome>>();
  const without = (off: readonly string[]): Promise<Outcome> => {
    const key = [...off].sort().join("+");
    let run = runs.get(key);
    if (run === undefined) {
      progress(`${factory.id}: ${off.length === 0 ? "the whole layer" : `without ${off.join(" and ")}`}`);
      run = outcome(off.length === 0 ? factory : layer.without(off), columns);
      runs.set(key, run);
    }
    return run;
  };
  const whole = await without([]);
  const newly = (o: Outcome, before: Outcome = whole) => o.fails.filter((c) => !before.fails.includes(c));
  const pieces: PieceRow[] = [];
  for (const piece of layer.pieces) {
    const off = await without([piece]);
    const turns = newly(off);
    const backer = turns.length === 0 ? (layer.backedUpBy[piece] ?? null) : null;
    const beyond = backer === null ? null : newly(await without([piece, backer]), await without([backer]));
    pieces.push({
      piece,
      turns,
      errors: off.errors.filter((c) => !whole.errors.includes(c)),
      backed_up_by: backer,
      backer_turns: backer === null ? null : newly(await without([backer])),
      turns_beyond_backer: beyond,
    });
  }
  return { engine: factory.id, status: "measured", version: factory.version, whole, pieces };
}

/** The ablation over every engine slot that carries a layer, measured or not (then with its reason). */
export async function runAblation(
  slots: readonly EngineSlot[],
  columns: readonly Column[],
  progress: (line: string) => void = () => undefined,
): Promise<AblationEvidence> {
  const layers: LayerRow[] = [];
  for (const slot of slots) {
    if (slot.status !== "measured") {
      if (slot.id.endsWith("_hardened")) layers.push({ engine: slot.id, status: "not-measured", reason: slot.reason });
      continue;
    }
    if (slot.factory.layer !== undefined) layers.push(await ablate(slot.factory, columns, progress));
  }
  return AblationEvidence.parse({
    schema: ABLATION_SCHEMA,
    note: ABLATION_NOTE,
    columns: columns.map((c) => c.name),
    layers,
  });
}
