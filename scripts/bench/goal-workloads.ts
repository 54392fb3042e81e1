/**
 * The workload behind each goal of issue #14, rerun small under the profiler when the goal is not
 * met. Each reuses the measure that produced the goal's number, so the profile is of the same code.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ENGINE_IDS as REGISTERED, type EngineId } from "../../scenarios/index.js";
import { withoutVariants } from "../../scenarios/variants.js";
import { profileChildProcess, profileInProcess, type GoalWorkload } from "./explain.js";
import { measureFaultThroughput } from "./fault-throughput.js";
import { measureMcp } from "./mcp-latency.js";
import { measureSessionLength, type AdapterBench } from "./session-length.js";
import type { EngineEntry } from "./steps.js";

// The bench measures the engines without the framework variants (the comparison measures those).
const ENGINE_IDS = withoutVariants(REGISTERED);

const ROOT = resolve(fileURLToPath(new URL("../..", import.meta.url)));
const quiet = () => undefined;

export type WorkloadInputs = {
  readonly entries: readonly EngineEntry[];
  readonly adapter: AdapterBench | null;
  /** The longest session the bench measured. */
  readonly calls: number;
  readonly faultSchedules: number;
  readonly mcpCalls: number;
};

export function goalWorkloads(inputs: WorkloadInputs): Record<string, GoalWorkload> {
  const { entries, adapter, calls } = inputs;
  const session = (id: EngineId): GoalWorkload => {
    const entry = entries.filter((e) => e.id === id);
    // The anchor runs too when LangGraph is the engine: the adapter goal is a ratio of the two.
    const withAdapter = id === "langgraph" ? adapter : null;
    const workload = `one sample of a ${calls}-call session on ${id}${withAdapter === null ? "" : " and bare LangGraph"} (measureSessionLength)`;
    return {
      workload,
      profile: () =>
        profileInProcess(workload, () =>
          measureSessionLength(
            entry,
            withAdapter,
            "not profiled",
            { sizes: [calls], timedCalls: 10, samples: 1, minSampleMs: 0 },
            quiet,
          ),
        ),
    };
  };
  const faults = `${inputs.faultSchedules} fault schedules on handwritten (measureFaultThroughput)`;
  // Over stdio the server is a child process; the in-memory cases run the same server code in this one.
  const mcp = `${inputs.mcpCalls} tools/call on the project and the bare SDK server, in memory (measureMcp): the server code both MCP goals run, without the stdio pipe`;
  const compare = "tsx scripts/compare.ts --framework langgraph --quiet, the whole process (node --cpu-prof)";
  const mcpWorkload: GoalWorkload = {
    workload: mcp,
    profile: () =>
      profileInProcess(mcp, () => measureMcp({ warmup: 20, calls: inputs.mcpCalls, transports: ["in_memory"] }, quiet)),
  };
  return {
    ...Object.fromEntries(ENGINE_IDS.map((id) => [`session_growth_${id}`, session(id)])),
    handwritten_vs_bare_langgraph: session("handwritten"),
    adapter_overhead: session("langgraph"),
    handwritten_fault_schedules_per_s: {
      workload: faults,
      profile: () =>
        profileInProcess(faults, () =>
          measureFaultThroughput(
            entries.filter((e) => e.id === "handwritten"),
            {
              schedules: Object.fromEntries(
                ENGINE_IDS.map((id) => [id, id === "handwritten" ? inputs.faultSchedules : 0]),
              ) as Record<EngineId, number>,
            },
            quiet,
          ),
        ),
    },
    mcp_stdio_ratio: mcpWorkload,
    mcp_in_memory_ratio: mcpWorkload,
    compare_langgraph_wall_s: {
      workload: compare,
      profile: async () => {
        const dir = mkdtempSync(join(tmpdir(), "agent-harness-compare-"));
        try {
          const args = ["--import", "tsx", "scripts/compare.ts", "--framework", "langgraph", "--quiet"];
          return profileChildProcess(compare, [...args, "--output", join(dir, "c.json")], ROOT);
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      },
    },
  };
}
