/** The exit codes of `scripts/fault-schedules.ts`: usage errors are 2, an output that cannot be written is 4. */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { paced } from "../setup/pace.js";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { BUILT_IN_ENGINE_IDS } from "../../scenarios/index.js";
import { adapterInstall } from "../../engines/index.js";
import { main } from "../../scripts/fault-schedules.js";

describe("fault-schedules exit codes", () => {
  const quietly = async (argv: string[]) => {
    const err = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const out = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    try {
      return { code: await main(argv), stderr: err.mock.calls.map((c) => String(c[0])).join("") };
    } finally {
      err.mockRestore();
      out.mockRestore();
    }
  };

  it.each([
    [["--schedules", "0"]],
    [["--schedules", ""]],
    [["--seed", " "]],
    [["--only", "-1"]],
    [["--schedules", "1e3"]],
    [["--shards", "0"]],
    [["--shards", "257"]],
  ])("refuses %j as a usage error (2) before running anything", async (argv) => {
    const run = await quietly(argv);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/Usage:/);
  });

  it("answers 4 when --output cannot be written", async () => {
    const run = await quietly(["--schedules", "1", "--output", "/dev/null/report.json"]);
    expect(run.code).toBe(4);
    expect(run.stderr).toMatch(/cannot write \/dev\/null\/report\.json/);
  });

  it(
    "plays the built-in engines its help names, not the framework variants (compare and matrix measure those)",
    async () => {
      const dir = mkdtempSync(join(tmpdir(), "faults-cli-"));
      try {
        const output = join(dir, "report.json");
        const run = await quietly(["--schedules", "3", "--shards", "1", "--output", output]);
        const report = JSON.parse(readFileSync(output, "utf8")) as { engines: Record<string, unknown> };
        expect(Object.keys(report.engines)).toEqual(
          adapterInstall("langgraph-adapter").installed
            ? BUILT_IN_ENGINE_IDS
            : BUILT_IN_ENGINE_IDS.filter((id) => id !== "langgraph"),
        );
        expect(run.code, run.stderr).toBe(0);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    paced(120_000),
  );

  it("documents every exit code in --help", async () => {
    const out = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    try {
      expect(await main(["--help"])).toBe(0);
      expect(String(out.mock.calls[0]?.[0])).toMatch(
        /0 no violation, 1 a violation, 2 bad usage.*\n?.*4 I\/O failure/s,
      );
    } finally {
      out.mockRestore();
    }
  });
});
