/**
 * The multi-worker bench's one count of effects (scripts/bench/scale/report.ts), on hand-made worlds, and its
 * `not-measured` row without a server; the runs themselves are in scale.test.ts (heavy:postgres).
 */
import { describe, expect, it } from "vitest";
import { measureScale, SCALE_NOT_MEASURED } from "../../scripts/bench/scale/measure.js";
import { SCALE_ENGINES } from "../../scripts/bench/scale/engines.js";
import { renderScale } from "../../scripts/bench/scale/table.js";
import { tallyEffects } from "../../scripts/bench/scale/report.js";

const keys = new Map<string, string | null>([
  ["s0", "k0"],
  ["s1", "k1"],
  ["s2", null],
]);

describe("the multi-worker bench's count of effects", () => {
  it("counts a session whose key has no effect, or that named none, as lost", () => {
    expect(tallyEffects(keys, { k0: 1 })).toEqual({ expected: 3, landed: 1, duplicated: 0, lost: 2 });
  });

  it("counts a second effect under a session's key, and any under a key no session named, as duplicated", () => {
    expect(tallyEffects(keys, { k0: 2, k1: 1, stray: 1 })).toEqual({ expected: 3, landed: 4, duplicated: 2, lost: 1 });
  });

  it("records every engine as not-measured, with the reason, when no server is given", async () => {
    const lines: string[] = [];
    const rows = await measureScale({ workers: [1], sessions: 1, depth: 1, world_latency_ms: 0 }, undefined, (l) =>
      lines.push(l),
    );
    expect(rows).toEqual(SCALE_ENGINES.map((e) => ({ id: e.id, status: "not-measured", reason: SCALE_NOT_MEASURED })));
    expect(renderScale(rows)).toContain(`contract_postgres: not measured: ${SCALE_NOT_MEASURED}`);
  });
});
