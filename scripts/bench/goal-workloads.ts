/**
 * The workload behind each goal of issue #14, rerun small under the profiler when the goal is not
 * met. Each reuses the measure that produced the goal's number, so the profile is of the same code.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import {
  ALL_COLUMNS,
  BUILT_IN_ENGINE_IDS as ENGINE_IDS,
  type BuiltInEngineId,
  type FrameworkId,
} from "../../scenarios/index.js";
import { profileChildProcess, profileInProcess, type GoalWorkload } from "./explain.js";
import { measureFaultThroughput } from "./fault-throughput.js";
import { measureMcp } from "./mcp-latency.js";
import { measureSessionLength } from "./session-length.js";
import type { AdapterBench } from "./session-runs.js";
import { measureStepOverhead, type EngineEntry } from "./steps.js";

const ROOT = resolve(fileURLToPath(new URL("../..", import.meta.url)));
const quiet = () => undefined;

export type WorkloadInputs = {
  readonly entries: readonly EngineEntry[];
  readonly adapter: AdapterBench | null;
  /** The longest session the bench measured. */
  readonly calls: number;
  /** The session length the adapter's goal is judged at (its worst; the longest when it was not measured). */
  readonly adapterCalls: number;
  /** Per engine: how many fault schedules its profile replays. */
  readonly faultSchedules: Readonly<Record<BuiltInEngineId, number>>;
  readonly mcpCalls: number;
  /** Samples of a session a profile takes: enough that their timed regions (a few ms each) fill a profile. */
  readonly sessionSamples: number;
};

export function goalWorkloads(inputs: WorkloadInputs): Record<string, GoalWorkload> {
  const { entries, adapter, calls } = inputs;
  const session = (id: BuiltInEngineId, length: number = calls): GoalWorkload => {
    const entry = entries.filter((e) => e.id === id);
    // The anchor runs too when LangGraph is the engine: the adapter goal is a ratio of the two.
    const withAdapter = id === "langgraph" ? adapter : null;
    const workload = `${inputs.sessionSamples} samples of a ${length}-call session on ${id}${withAdapter === null ? "" : " and bare LangGraph"} (measureSessionLength)`;
    return {
      workload,
      profile: () =>
        profileInProcess(workload, () =>
          measureSessionLength(
            entry,
            withAdapter,
            "not profiled",
            { sizes: [length], timedCalls: 10, samples: inputs.sessionSamples, minSampleMs: 0 },
            quiet,
          ),
        ),
    };
  };
  // In this thread (one shard), where the profiler sees the work: the same chunks a worker plays.
  const faults = (id: BuiltInEngineId): GoalWorkload => {
    const workload = `${inputs.faultSchedules[id]} fault schedules on ${id} in this thread (measureFaultThroughput, 1 shard)`;
    const schedules = Object.fromEntries(ENGINE_IDS.map((e) => [e, e === id ? inputs.faultSchedules[id] : 0]));
    return {
      workload,
      profile: () =>
        profileInProcess(workload, () =>
          measureFaultThroughput(
            entries.filter((e) => e.id === id),
            { schedules: schedules as Record<BuiltInEngineId, number>, shards: 1 },
            quiet,
          ),
        ),
    };
  };
  // Over stdio the server is a child process; the in-memory cases run the same server code in this one.
  const mcp = `${inputs.mcpCalls} tools/call on the project and the bare SDK server, in memory (measureMcp): the server code both MCP goals run, without the stdio pipe`;
  /** One pass of the step workload on handwritten (the reference every ratio needs) and `id`. */
  const steps = (id: BuiltInEngineId): GoalWorkload => {
    const workload = `one sample of the step workload on handwritten${id === "handwritten" ? "" : ` and ${id}`} (measureStepOverhead)`;
    return {
      workload,
      profile: () =>
        profileInProcess(workload, () =>
          measureStepOverhead(
            entries.filter((e) => e.id === "handwritten" || e.id === id),
            ALL_COLUMNS,
            { samples: 1, warmup: 0, minSampleMs: 0 },
            quiet,
          ),
        ),
    };
  };
  const compare = (framework: FrameworkId): GoalWorkload => {
    const workload = `tsx scripts/compare.ts --framework ${framework} --quiet, the whole process (node --cpu-prof)`;
    return {
      workload,
      profile: async () => {
        const dir = mkdtempSync(join(tmpdir(), "agent-harness-compare-"));
        try {
          const args = ["--import", "tsx", "scripts/compare.ts", "--framework", framework, "--quiet"];
          return profileChildProcess(workload, [...args, "--output", join(dir, "c.json")], ROOT);
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      },
    };
  };
  const mcpWorkload: GoalWorkload = {
    workload: mcp,
    profile: () =>
      profileInProcess(mcp, () => measureMcp({ warmup: 20, calls: inputs.mcpCalls, transports: ["in_memory"] }, quiet)),
  };
  const compareLocal = compare("local_state_graph");
  // A size has no CPU profile; what it is made of is the section's largest_inputs, named in the reason.
  const pages: GoalWorkload = {
    workload: "the pages' build (measureWebBundle)",
    profile: async () => "a size, not a time: web_bundle.largest_inputs lists the sources that weigh most in it",
  };
  return {
    handwritten_vs_floor: steps("handwritten"),
    local_vs_handwritten: steps("local_state_graph"),
    ...Object.fromEntries(ENGINE_IDS.map((id) => [`session_growth_${id}`, session(id)])),
    handwritten_vs_bare_langgraph: session("handwritten"),
    // Profiled at the length its goal is judged at.
    adapter_overhead: session("langgraph", inputs.adapterCalls),
    ...Object.fromEntries(ENGINE_IDS.map((id) => [`${id}_fault_schedules_per_core_s`, faults(id)])),
    mcp_stdio_ratio: mcpWorkload,
    mcp_in_memory_ratio: mcpWorkload,
    compare_langgraph_wall_s: compare("langgraph"),
    compare_local_wall_s: compareLocal,
    compare_local_rss_mib: compareLocal,
    web_bundle_mib: pages,
  };
}
