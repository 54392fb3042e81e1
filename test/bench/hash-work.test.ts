/**
 * The contract's hashing per fact does not grow with the session: a count, not a time, so it holds
 * on any machine under any load. A fact that re-read the session's messages or trace (a list
 * re-serialised instead of carried by its chain digest, a seal over the whole state) would hash
 * characters in proportion to the session and fail here.
 */
import { describe, expect, it } from "vitest";
import { paced } from "../setup/pace.js";
import { digest } from "../../contract/index.js";
import { CORE_FACTORIES } from "../../scenarios/core-engines.js";
import { isBuiltInEngineId } from "../../scenarios/index.js";
import type { EngineEntry } from "../../scripts/bench/steps.js";
import { countHashing } from "../../scripts/bench/hash-work.js";
import type { SessionLengthSection } from "../../scripts/bench/sections.js";
import { measureSessionLength } from "../../scripts/bench/session-length.js";

const SHORT = 10;
const LONG = 400;

const hashingAt = (section: SessionLengthSection, id: "handwritten" | "local_state_graph", calls: number) => {
  const engine = section.engines[id];
  if (engine.status !== "measured") throw new Error(`${id} not measured: ${engine.reason}`);
  const point = engine.points.find((p) => p.calls === calls);
  if (point?.hashing_per_fact == null) throw new Error(`${id}: no hashing count at ${calls} calls`);
  return point.hashing_per_fact;
};

describe("the contract's hashing per fact", () => {
  it("counts every digest and seal of a body, and only of that body", async () => {
    const { value, work } = await countHashing(async () => digest({ a: "xy" }));
    expect(value).toMatch(/^[0-9a-f]{64}$/);
    expect(work).toEqual({ digests: 1, chars: '{"a":"xy"}'.length });
    digest({ after: true });
    expect(work.digests).toBe(1);
  });

  it(
    `is the same at ${LONG} calls as at ${SHORT}, on the contract's own engines`,
    async () => {
      const entries = CORE_FACTORIES.flatMap((factory): EngineEntry[] => {
        const { id } = factory;
        return isBuiltInEngineId(id) ? [{ id, factory }] : [];
      });
      const section = await measureSessionLength(
        entries,
        null,
        "not loaded in this test",
        { sizes: [SHORT, LONG], timedCalls: 5, samples: 1, minSampleMs: 0 },
        () => undefined,
      );
      for (const id of ["handwritten", "local_state_graph"] as const) {
        const short = hashingAt(section, id, SHORT);
        const long = hashingAt(section, id, LONG);
        expect(short.digests, id).toBeGreaterThan(1);
        expect(long.digests / short.digests, `${id}: digests per fact`).toBeLessThanOrEqual(1.1);
        expect(long.chars / short.chars, `${id}: characters hashed per fact`).toBeLessThanOrEqual(1.2);
      }
    },
    paced(120_000),
  );
});
