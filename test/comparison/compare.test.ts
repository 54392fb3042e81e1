import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { applyFacts, beginCall, DEFAULT_INPUT_LIMITS, factForBegin, ok, replayContent } from "../../contract/index.js";
import { createAgentNodes, localGraphFactory } from "../../local-graph/agent/index.js";
import { REQUIRED_COLUMNS, type EngineFactory } from "../../scenarios/index.js";
import { main } from "../../scripts/compare.js";
import { compare, exitCodeFor, NOT_MEASURED } from "../../scripts/comparison/report.js";
import { paced } from "../setup/pace.js";
import { scratchDir } from "../setup/scratch.js";

const silent = () => {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { stdout: (t: string) => void out.push(t), stderr: (t: string) => void err.push(t) }, out, err };
};

describe("compare.ts usage", () => {
  it("answers --help with the usage and exit 0", async () => {
    const { io, out } = silent();
    expect(await main(["--help"], io)).toBe(0);
    expect(out.join("")).toContain("--framework");
  });

  it.each([
    [["--framework", "crewai"], "unknown_framework"],
    [["--frame", "local_state_graph"], "unknown_flag"],
    [[], "missing_framework"],
    [["--framework", "local_state_graph", "extra"], "unknown_flag"],
  ])("rejects %j as bad usage with exit 2 and reason %s", async (argv, code) => {
    const { io, err } = silent();
    expect(await main(argv, io)).toBe(2);
    expect(err.join("")).toContain(`(${code})`);
  });
});

describe("compare.ts run again with the same results", () => {
  it(
    "leaves the evidence byte-identical, says so, and prints JSON only on --json",
    async () => {
      const dir = scratchDir("compare-twice-");
      const output = join(dir, "evidence.json");
      const argv = ["--framework", "local_state_graph", "--output", output, "--quiet"];
      const first = silent();
      expect(await main(argv, { ...first.io, now: () => new Date("2026-12-01T00:00:00Z") })).toBe(0);
      const written = readFileSync(output, "utf8");
      const second = silent();
      expect(await main(argv, { ...second.io, now: () => new Date("2026-12-06T00:00:00Z") })).toBe(0);
      expect(readFileSync(output, "utf8")).toBe(written);
      expect(first.err.join("")).toContain(`evidence written to ${output}`);
      expect(second.err.join("")).toContain(`${output} unchanged`);
      expect([first.out.join(""), second.out.join("")]).toEqual(["", ""]);
      const printed = silent();
      expect(await main([...argv, "--json"], printed.io)).toBe(0);
      expect(JSON.parse(printed.out.join(""))).toMatchObject({ framework: "local_state_graph", status: "measured" });
    },
    paced(120_000),
  );
});

describe("compare.ts when LangGraph cannot load", () => {
  it("records not-measured with the reason, exit 3, and still runs the handwritten engine first", async () => {
    const dir = scratchDir("no-langgraph-");
    const shim = join(dir, "adapter.mjs");
    writeFileSync(shim, 'export { langgraphFactory } from "@langchain/langgraph-not-installed-here";\n');
    const output = join(dir, "evidence.json");
    const { io } = silent();
    const code = await main(["--framework", "langgraph", "--output", output, "--quiet"], {
      ...io,
      load: { adapterModule: shim },
    });
    expect(code).toBe(3);
    const report = JSON.parse(readFileSync(output, "utf8"));
    expect(report.status).toBe(NOT_MEASURED);
    expect(report.framework).toBe("langgraph");
    expect(report.reason).toMatch(/not installed/);
    expect(report.all_equal).toBeNull();
    // Asked of git while the columns ran: HEAD's commit, as git itself names it.
    expect(report.commit).toBe(execFileSync("git", ["rev-parse", "HEAD"], { encoding: "utf8" }).trim());
    for (const row of report.scenarios) {
      expect(row.framework).toBe(NOT_MEASURED);
      expect(row.equal).toBeNull();
      expect(row.handwritten).toHaveProperty("final_status");
    }
  });
});

describe("compare.ts detects a broken engine", () => {
  // A broken engine: once the run stops for approval, it skips the approval and executes anyway.
  it("marks the column false and exits 1 when an engine executes a high-risk call before approval", async () => {
    const factory: EngineFactory = {
      ...localGraphFactory,
      create(env) {
        const base = localGraphFactory.create(env);
        const nodes = createAgentNodes({ ...env, inputLimits: DEFAULT_INPUT_LIMITS });
        return {
          ...base,
          async start(session_id, goal) {
            const started = await base.start(session_id, goal);
            if (!started.ok || started.value.status !== "approval_required") return started;
            const state = started.value;
            // The bug under test: skip the approval and go straight to the ledger and the executor.
            const authorized = applyFacts(state, [{ type: "approval_accepted" }], {
              at: env.clock.now(),
              ids: env.ids,
            }).state;
            if (authorized.status !== "authorized") return started;
            const begun = applyFacts(
              authorized,
              [factForBegin(beginCall(env, session_id, authorized.step, authorized.call), replayContent(env))],
              { at: env.clock.now(), ids: env.ids },
            );
            const executed = await nodes.execute({ agent: begun.state, trace: [], outcomes: [] }, () => ({
              kind: "decline",
            }));
            return ok(executed.agent ?? begun.state);
          },
        };
      },
    };
    const report = await compare({
      framework: "local_state_graph",
      factory,
      scenarios: REQUIRED_COLUMNS,
      commit: null,
      now: new Date(0),
    });
    const column = report.scenarios.find((row) => row.name === "pre_approval_state");
    expect(column?.equal).toBe(false);
    expect(report.all_equal).toBe(false);
    expect(exitCodeFor(report)).toBe(1);
    expect(report.scenarios.filter((row) => row.equal === true).map((r) => r.name)).toEqual([
      "schema_failure_side_effects",
      "idempotency_replay",
      "interrupted_checkpoint",
    ]);
  });
});
