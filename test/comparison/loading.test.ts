/**
 * What `compare --framework local_state_graph` loads: none of the SQL stores for a run in memory
 * (durable/option.ts), no YAML parser for a command that reads only JSON (cli/input-depth.ts), and
 * libphonenumber-js's core functions without the wrappers of its `/max` entry (secret-scanners.ts);
 * and the run through require (durable/load-run.ts), so its modules skip tsx's loader thread.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compareLoads, filesMatching } from "./loaded-files.js";

describe("compare --framework local_state_graph loads only what the run needs", () => {
  it("no SQL store, no YAML parser, no libphonenumber-js/max wrapper", { timeout: 180_000 }, () => {
    const load = compareLoads("local_state_graph");
    expect(load.status, load.stderr).toBe(0);
    expect(load.report?.status).toBe("measured");
    // The hook saw the run: the contract and the phone metadata were loaded.
    expect(filesMatching(load, /\/contract\/index\.ts$/)).not.toEqual([]);
    expect(filesMatching(load, /\/libphonenumber-js\/metadata\.max\.json(\.js)?$/)).not.toEqual([]);
    expect(filesMatching(load, /\/durable\/(open|environment)\.ts$|\/durable\/(sql|stores)\//)).toEqual([]);
    expect(filesMatching(load, /\/node_modules\/yaml\//)).toEqual([]);
    expect(filesMatching(load, /\/libphonenumber-js\/max\//)).toEqual([]);
  });

  it("the run loads through require: only the entry's command-line guards are imported", { timeout: 180_000 }, () => {
    const load = compareLoads("local_state_graph");
    expect(load.status, load.stderr).toBe(0);
    expect(load.report?.status).toBe("measured");
    expect(filesMatching(load, /^require .*\/contract\/index\.ts$/)).not.toEqual([]);
    expect(filesMatching(load, /^require .*\/local-graph\/agent\/index\.ts$/)).not.toEqual([]);
    // No package and none of the run's modules (the contract, the engines, the columns) through the loader thread.
    expect(filesMatching(load, /^import .*\/node_modules\//)).toEqual([]);
    expect(
      filesMatching(load, /^import .*\/(contract\/index|runtime|handwritten|local-graph|scenarios\/all-columns)/),
    ).toEqual([]);
  });

  it("with a SQL store the run loads through import, as the stores it imports later do", { timeout: 180_000 }, () => {
    const dir = mkdtempSync(join(tmpdir(), "compare-store-"));
    try {
      const load = compareLoads("local_state_graph", ["--store", `sqlite:${join(dir, "compare.db")}`]);
      expect(load.status, load.stderr).toBe(0);
      expect(load.report?.status).toBe("measured");
      // One copy of the contract, the one the stores share with the run.
      expect(filesMatching(load, /^import .*\/contract\/index\.ts$/)).not.toEqual([]);
      expect(filesMatching(load, /^require .*\/contract\/index\.ts$/)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
