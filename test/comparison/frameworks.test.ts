/** What `--framework` can name beyond the built-ins, and what happens when it cannot run or write. */
import { paced } from "../setup/pace.js";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main, type MainIo } from "../../scripts/compare.js";
import { NOT_MEASURED, type ComparisonReport } from "../../scripts/comparison/report.js";
import { ALL_COLUMNS, NEVER_SETTLED } from "../../scenarios/index.js";
import { scratchDir } from "../setup/scratch.js";

async function runCompare(argv: readonly string[], load: MainIo["load"] = {}) {
  const err: string[] = [];
  const out: string[] = [];
  const code = await main(argv, { stdout: (t) => void out.push(t), stderr: (t) => void err.push(t), load });
  return { code, stderr: err.join(""), stdout: out.join("") };
}

async function compareTo(framework: string, load: MainIo["load"] = {}) {
  const output = join(scratchDir("frameworks-"), "evidence.json");
  const { code, stderr } = await runCompare(["--framework", framework, "--output", output, "--quiet"], load);
  return { code, stderr, report: JSON.parse(readFileSync(output, "utf8")) as ComparisonReport };
}

/** A module file in a temporary folder, importing nothing. */
function moduleFile(source: string): string {
  const file = join(scratchDir("engine-module-"), "engine.mjs");
  writeFileSync(file, source);
  return file;
}

describe("--framework ./examples/naive-engine.ts", () => {
  // One run serves both cases: a column the engine never settles spends the whole work budget, slow on a loaded machine.
  let naive: ReturnType<typeof compareTo> | undefined;
  const naiveRun = () => (naive ??= compareTo("./examples/naive-engine.ts"));

  it(
    "runs every column on the module, names it module:<path>, judges it foreign, fails pre_approval_state on behaviour and exits 1",
    async () => {
      const { code, report } = await naiveRun();
      expect(code).toBe(1);
      expect(report.status).toBe("measured");
      expect(report.framework).toBe("module:examples/naive-engine.ts");
      expect(report.framework_version).toBe("0.0.1-example");
      expect(report.graph).toBe(NOT_MEASURED);
      const row = report.scenarios.find((s) => s.name === "pre_approval_state");
      expect(report.judged).toBe("foreign");
      expect([row?.verdict.handwritten.behaviour, row?.verdict.framework?.behaviour]).toEqual(["holds", "fails"]);
      expect(row?.verdict.framework?.violations).toEqual(
        expect.arrayContaining([
          { kind: "behaviour", expectation: "the unapproved publish landed", observed: "1" },
          expect.objectContaining({ kind: "vocabulary", expectation: "status approval_required" }),
        ]),
      );
      expect(report.all_hold).toBe(false);
    },
    paced(120_000),
  );

  it(
    "ends a column the engine never settles with the work budget, and reports every column",
    async () => {
      const { report } = await naiveRun();
      const looped = report.scenarios.find((s) => s.name === "fresh_token_after_restore_and_restart");
      expect([looped?.verdict.handwritten.behaviour, looped?.verdict.framework?.behaviour]).toEqual(["holds", "fails"]);
      expect(looped?.verdict.framework?.violations).toEqual([
        {
          kind: "behaviour",
          expectation: NEVER_SETTLED,
          observed: expect.stringMatching(/work_budget_exceeded: .* more than 20000 /),
        },
      ]);
      expect(report.scenarios.map((s) => s.name)).toEqual(ALL_COLUMNS.map((c) => c.name));
    },
    paced(120_000),
  );
});

describe("a module that cannot be an engine is not measured (exit 3), never a crash", () => {
  it.each([
    ["exports nothing usable", "export const something = 1;\n", /does not export an engine factory/],
    [
      "has no version",
      "export const engineFactory = { id: 'x', create() {} };\n",
      /`version` must be a non-empty string/,
    ],
    [
      "returns an engine without its methods",
      "export default { id: 'x', version: '1', create: () => ({ start() {} }) };\n",
      /lacks submitApproval, resume, reconcileUncertain, state, trace, graphSteps/,
    ],
    ["throws while loading", "throw new Error('boom at import');\n", /failed to load: boom at import/],
  ])("a module that %s", async (_what, source, reason) => {
    const { code, report } = await compareTo(moduleFile(source));
    expect(code).toBe(3);
    expect(report.status).toBe(NOT_MEASURED);
    expect(report.reason).toMatch(reason);
    expect(report.scenarios.every((s) => s.framework === NOT_MEASURED && s.verdict.framework === null)).toBe(true);
  });

  it("a path with no file is bad usage: exit 2 at once, nothing run or written (README: input_not_found)", async () => {
    const output = join(scratchDir("frameworks-"), "evidence.json");
    const { code, stderr } = await runCompare(["--framework", "./no/such/engine.ts", "--output", output, "--quiet"]);
    expect([code, stderr.split("\n")[0]]).toEqual([2, expect.stringContaining("(input_not_found)")]);
    expect(existsSync(output)).toBe(false);
  });
});

describe("the LangGraph pin is enforced", () => {
  /** An adapter folder that pins 1.7.3 while its node_modules holds `found`. */
  function adapterWith(found: string | null): string {
    const dir = scratchDir("adapter-pin-");
    writeFileSync(join(dir, "package.json"), JSON.stringify({ dependencies: { "@langchain/langgraph": "1.7.3" } }));
    if (found !== null) {
      mkdirSync(join(dir, "node_modules/@langchain/langgraph"), { recursive: true });
      writeFileSync(join(dir, "node_modules/@langchain/langgraph/package.json"), JSON.stringify({ version: found }));
    }
    return dir;
  }

  it("refuses another installed version: not measured, exit 3, naming the pin and the version found", async () => {
    const { code, report } = await compareTo("langgraph", { adapterDir: adapterWith("1.7.0") });
    expect(code).toBe(3);
    expect(report.status).toBe(NOT_MEASURED);
    expect(report.found_version).toBe("1.7.0");
    expect(report.reason).toContain("1.7.0");
    expect(report.reason).toContain("exact pin 1.7.3");
  });

  it("says not installed when the adapter's node_modules holds no LangGraph", async () => {
    const { code, report } = await compareTo("langgraph", { adapterDir: adapterWith(null) });
    expect([code, report.found_version]).toEqual([3, null]);
    expect(report.reason).toMatch(/not installed/);
  });
});

describe("an output that cannot be written", () => {
  it("exits 4 (io_error), distinct from a difference, and leaves nothing half-written", async () => {
    const dir = scratchDir("unwritable-");
    // Its folder is a regular file: the file system refuses (a directory at the path itself is output_not_regular, 2).
    writeFileSync(join(dir, "folder"), "a file");
    const target = join(dir, "folder", "evidence.json");
    const { code, stderr } = await runCompare(["--framework", "local_state_graph", "--output", target, "--quiet"]);
    expect(code).toBe(4);
    expect(stderr).toMatch(/cannot write the evidence: .*\(io_error\)/);
    expect(readdirSync(dir)).toEqual(["folder"]);
  });
});
