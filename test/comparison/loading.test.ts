/**
 * What `compare --framework local_state_graph` loads: none of the SQL stores for a run in memory
 * (durable/option.ts), no YAML parser for a command that reads only JSON (cli/input-depth.ts), and
 * libphonenumber-js's core functions without the wrappers of its `/max` entry (secret-scanners.ts);
 * the command through require (durable/load-run.ts) and its run from one bundle of its sources
 * (scripts/comparison/bundle.ts) that shares the command's modules, so nothing skips to tsx's loader
 * thread or loads twice; and Node's source maps off (scripts/compare.ts).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { paced } from "../setup/pace.js";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compareLoads, filesMatching } from "./loaded-files.js";

describe("compare --framework local_state_graph loads only what the run needs", () => {
  it("no SQL store, no YAML parser, no libphonenumber-js/max wrapper", { timeout: paced(180_000) }, () => {
    const load = compareLoads("local_state_graph");
    expect(load.status, load.stderr).toBe(0);
    expect(load.report?.status).toBe("measured");
    // The hook saw the run: the contract and the phone metadata were bundled.
    expect(filesMatching(load, /^bundle .*\/contract\/index\.ts$/)).not.toEqual([]);
    expect(filesMatching(load, /^bundle .*\/libphonenumber-js\/metadata\.max\.json(\.js)?$/)).not.toEqual([]);
    expect(filesMatching(load, /\/durable\/(open|environment)\.ts$|\/durable\/(sql|stores)\//)).toEqual([]);
    expect(filesMatching(load, /\/node_modules\/yaml\//)).toEqual([]);
    expect(filesMatching(load, /\/libphonenumber-js\/max\//)).toEqual([]);
  });

  it(
    "the run loads from its bundle: only the entry, its loader and its exit (which imports nothing) are imported",
    { timeout: paced(180_000) },
    () => {
      const load = compareLoads("local_state_graph");
      expect(load.status, load.stderr).toBe(0);
      expect(load.report?.status).toBe("measured");
      expect(filesMatching(load, /^bundle .*\/contract\/index\.ts$/)).not.toEqual([]);
      expect(filesMatching(load, /^bundle .*\/local-graph\/agent\/index\.ts$/)).not.toEqual([]);
      // Nothing of the run by require or through the loader thread, and no file both required and bundled: one copy.
      expect(filesMatching(load, /^(require|import) .*\/(contract\/index|runtime|local-graph|handwritten)\//)).toEqual(
        [],
      );
      const required = new Set(filesMatching(load, /^require /).map((line) => line.slice("require ".length)));
      expect(filesMatching(load, /^bundle /).filter((line) => required.has(line.slice("bundle ".length)))).toEqual([]);
      expect(filesMatching(load, /^import .*\/node_modules\//)).toEqual([]);
      expect(
        filesMatching(load, /^import .*\.ts$/).map((line) => line.replace(/^import .*\/([^/]+\/[^/]+)$/, "$1")),
      ).toEqual(["scripts/compare.ts", "cli/exit.ts", "durable/load-run.ts"]);
      // The command's checks load by require (loadCommand) and the bundle shares them: none of them twice.
      expect(filesMatching(load, /^require .*\/scripts\/comparison\/(main|args)\.ts$/)).toHaveLength(2);
      expect(filesMatching(load, /^bundle .*\/scripts\/comparison\/(main|args)\.ts$/)).toEqual([]);
      expect(filesMatching(load, /^bundle .*\/scripts\/comparison\/run\.ts$/)).toHaveLength(1);
    },
  );

  it(
    "a refusal loads the checks only: not how the run loads, nor the bundle's machinery",
    { timeout: paced(180_000) },
    () => {
      const load = compareLoads("crewai");
      expect(load.status, load.stderr).toBe(2);
      expect(load.stderr).toContain("(unknown_framework)");
      expect(filesMatching(load, /^require .*\/scripts\/comparison\/args\.ts$/)).toHaveLength(1);
      expect(
        filesMatching(load, /\/scripts\/comparison\/(bundled-run|bundle|bundle-build)\.ts$|\/durable\/spec\.ts$/),
      ).toEqual([]);
      expect(filesMatching(load, /^bundle /)).toEqual([]);
    },
  );

  it("loads the run module by module when source maps are asked for", { timeout: paced(180_000) }, () => {
    const load = compareLoads("local_state_graph", [], { NODE_OPTIONS: "--enable-source-maps" });
    expect(load.status, load.stderr).toBe(0);
    expect(filesMatching(load, /^require .*\/contract\/index\.ts$/)).not.toEqual([]);
    expect(filesMatching(load, /^bundle /)).toEqual([]);
  });

  it("turns tsx's source maps off, unless NODE_OPTIONS asks for them", { timeout: paced(180_000) }, () => {
    const load = compareLoads("local_state_graph");
    expect(load.status, load.stderr).toBe(0);
    expect(filesMatching(load, /^source maps /)).toEqual(["source maps false"]);
    const asked = compareLoads("local_state_graph", [], { NODE_OPTIONS: "--enable-source-maps" });
    expect(asked.status, asked.stderr).toBe(0);
    expect(filesMatching(asked, /^source maps /)).toEqual(["source maps true"]);
  });

  it(
    "with a SQL store the run loads through import, as the stores it imports later do",
    { timeout: paced(180_000) },
    () => {
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
    },
  );
});
