/**
 * What `compare --framework local_state_graph` loads: none of the SQL stores for a run in memory
 * (durable/option.ts), no YAML parser for a command that reads only JSON (cli/input-depth.ts), and
 * libphonenumber-js's core functions without the wrappers of its `/max` entry (secret-scanners.ts);
 * the command and its run through require (durable/load-run.ts), so their modules skip tsx's loader
 * thread and load once; and Node's source maps off (scripts/compare.ts).
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

  it("the run loads through require: only the entry and its loader are imported", { timeout: 180_000 }, () => {
    const load = compareLoads("local_state_graph");
    expect(load.status, load.stderr).toBe(0);
    expect(load.report?.status).toBe("measured");
    expect(filesMatching(load, /^require .*\/contract\/index\.ts$/)).not.toEqual([]);
    expect(filesMatching(load, /^require .*\/local-graph\/agent\/index\.ts$/)).not.toEqual([]);
    // No package and none of the run's modules through the loader thread; the command's checks load by require
    // (loadCommand), so none of them loads twice, once imported and once required by the run.
    expect(filesMatching(load, /^import .*\/node_modules\//)).toEqual([]);
    expect(
      filesMatching(load, /^import .*\.ts$/).map((line) => line.replace(/^import .*\/([^/]+\/[^/]+)$/, "$1")),
    ).toEqual(["scripts/compare.ts", "durable/load-run.ts"]);
    expect(filesMatching(load, /^require .*\/scripts\/comparison\/(main|args)\.ts$/)).toHaveLength(2);
  });

  it("turns tsx's source maps off, unless NODE_OPTIONS asks for them", { timeout: 180_000 }, () => {
    const load = compareLoads("local_state_graph");
    expect(load.status, load.stderr).toBe(0);
    expect(filesMatching(load, /^source maps /)).toEqual(["source maps false"]);
    const asked = compareLoads("local_state_graph", [], { NODE_OPTIONS: "--enable-source-maps" });
    expect(asked.status, asked.stderr).toBe(0);
    expect(filesMatching(asked, /^source maps /)).toEqual(["source maps true"]);
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
