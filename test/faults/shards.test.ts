/**
 * Fault schedules spread over shards: every index of the seed played once, on the shard that was
 * free, and a report that does not depend on how many shards there were.
 */
import { describe, expect, it } from "vitest";
import { paced } from "../setup/pace.js";
import { CHUNK_SCHEDULES, chunksOf, runSchedules } from "../../scenarios/faults/run.js";
import { playChunk } from "../../scenarios/faults/play.js";
import { onWorkers } from "../../scenarios/faults/shards.js";

const ENGINES = ["handwritten", "local_state_graph"] as const;

describe("fault schedules on shards", () => {
  it.each([
    [0, 1, 1],
    [0, 24, 2],
    [7, 100, 3],
    [0, 5000, 2],
  ])("chunks from index %i, %i schedules on %i lanes: each index once, in order", (first, total, lanes) => {
    const chunks = chunksOf(13, first, total, ENGINES, lanes);
    const indexes = chunks.flatMap((c) => Array.from({ length: c.count }, (_, i) => c.start + i));
    expect(indexes).toEqual(Array.from({ length: total }, (_, i) => first + i));
    for (const c of chunks) expect(c.count).toBeLessThanOrEqual(CHUNK_SCHEDULES);
    // Enough chunks that no lane waits long on the last one.
    expect(chunks.length).toBeGreaterThanOrEqual(Math.min(total, lanes * 4));
  });

  it(
    "gives the same report, byte for byte, on 1, 2 and 3 shards",
    async () => {
      const json = async (shards: number) =>
        JSON.stringify(await runSchedules(ENGINES, { seed: 13, schedules: 24, shards }));
      const one = await json(1);
      expect(JSON.parse(one)).toMatchObject({ schedules_per_engine: 24, cross_engine_differences: 0 });
      expect(await json(2)).toBe(one);
      expect(await json(3)).toBe(one);
    },
    paced(300_000),
  );

  it(
    "plays in a chunk from index I what a run from 0 plays at I (what --only and every shard rely on)",
    async () => {
      const engines = ["handwritten" as const];
      const whole = await playChunk({ seed: 13, start: 0, count: 24, engines });
      const part = await playChunk({ seed: 13, start: 17, count: 3, engines });
      expect(part.played[0]).toEqual(whole.played[0]?.slice(17, 20));
      // Schedules differ from one index to the next, or the comparison above proves nothing.
      expect(new Set(whole.played[0]?.map((p) => p.final_status)).size).toBeGreaterThan(1);
    },
    paced(300_000),
  );

  it(
    "loads engines on a worker, fails a chunk it refuses, naming why, and every play once the workers are gone",
    async () => {
      const shards = onWorkers(1);
      const chunk = { seed: 13, start: 0, count: 1, engines: ["handwritten" as const] };
      try {
        await shards.ready(["handwritten", "local_state_graph"]);
        await expect(shards.play(0, { ...chunk, seed: -1 })).rejects.toThrow(/seed/);
        expect((await shards.play(0, chunk)).played[0]?.length).toBe(1);
      } finally {
        await shards.close();
      }
      await expect(shards.play(0, chunk)).rejects.toThrow(/exited/);
    },
    paced(120_000),
  );
});
