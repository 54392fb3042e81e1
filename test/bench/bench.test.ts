/**
 * The benchmark's evidence: its shape, and that every ratio and target in it is computed from
 * its own numbers. Nothing here asserts a timing; the targets are read, never enforced.
 */
import { spawnSync } from "node:child_process";
import { paced } from "../setup/pace.js";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { refusalCases } from "../../scenarios/cli-refusals.js";
import { BUILT_IN_ENGINE_IDS as ENGINE_IDS } from "../../scenarios/index.js";
import {
  parseBenchArgs,
  DEFAULT_OUTPUT,
  MEASURES,
  ONLY_OUTPUT,
  PARTS,
  QUICK_OUTPUT,
  QUICK_SCALE_OUTPUT,
  QUICK_STORES_OUTPUT,
  SCALE_OUTPUT,
} from "../../scripts/bench/args.js";
import { casesToMeasure } from "../../scripts/bench/cli-refusal.js";
import { groupOf } from "../../scripts/bench/cpu-profile.js";
import { explainGoals, profileInProcess, withoutHarness } from "../../scripts/bench/explain.js";
import { goalWorkloads } from "../../scripts/bench/goal-workloads.js";
import { goalsOf, worstAdapterPoint, type Goal, type GoalInputs } from "../../scripts/bench/goals.js";
import { STORES_BENCH_SCHEMA } from "../../scripts/bench/stores-evidence.js";
import { ScaleBenchReportSchema } from "../../scripts/bench/scale/evidence.js";
import { postgresUrl } from "../stores/targets.js";
import { BenchReport, TARGETS } from "../../scripts/bench/report.js";
import { ANCHOR_ID } from "../../scripts/bench/sections.js";
import {
  collectGarbage,
  elapsedUs,
  percentile,
  ratio,
  round,
  summarize,
  untimedUs,
} from "../../scripts/bench/stats.js";
import { renderTables } from "../../scripts/bench/table.js";
import type { WebBundleSection } from "../../scripts/bench/web-bundle.js";
import { WEB_BUDGET_BYTES } from "../../web/build.js";

const ROOT = resolve(fileURLToPath(new URL("../..", import.meta.url)));
const EVIDENCE = join(ROOT, "evidence", "bench-v3.json");

/** Every ratio, target and derived number in a report, recomputed from the report's own numbers. */
function inconsistencies(report: BenchReport): string[] {
  const problems: string[] = [];
  const same = (what: string, actual: number | null, expected: number | null) => {
    if (actual !== expected) problems.push(`${what}: recorded ${actual}, recomputed ${expected}`);
  };
  const checkSummary = (
    what: string,
    s: { n: number; median: number; min: number; max: number; p25: number; p75: number; samples: readonly number[] },
  ) => {
    if (s.samples.length !== s.n) problems.push(`${what}: n ${s.n} but ${s.samples.length} samples`);
    if (!(s.min <= s.p25 && s.p25 <= s.median && s.median <= s.p75 && s.p75 <= s.max))
      problems.push(`${what}: min ≤ p25 ≤ median ≤ p75 ≤ max does not hold`);
    const recomputed = round(
      percentile(
        [...s.samples].sort((a, b) => a - b),
        50,
      ),
    );
    if (Math.abs(recomputed - s.median) > 0.002)
      problems.push(`${what}: median ${s.median}, samples give ${recomputed}`);
  };

  const steps = report.step_overhead;
  checkSummary("floor", steps.floor.us_per_step);
  checkSummary("floor cpu", steps.floor.cpu_us_per_step);
  const hw = steps.engines.handwritten;
  if (hw.status !== "measured") problems.push("the handwritten engine is the reference and must be measured");
  for (const [id, e] of Object.entries(steps.engines)) {
    if (e.status !== "measured" || hw.status !== "measured") continue;
    checkSummary(`${id} µs/step`, e.us_per_step);
    checkSummary(`${id} cpu µs/step`, e.cpu_us_per_step);
    same(`${id} ratio_to_floor`, e.ratio_to_floor, ratio(e.us_per_step.median, steps.floor.us_per_step.median));
    same(
      `${id} cpu_ratio_to_floor`,
      e.cpu_ratio_to_floor,
      ratio(e.cpu_us_per_step.median, steps.floor.cpu_us_per_step.median),
    );
    same(
      `${id} ratio_to_handwritten`,
      e.ratio_to_handwritten,
      id === "handwritten" ? null : ratio(e.us_per_step.median, hw.us_per_step.median),
    );
    same(
      `${id} cpu_ratio_to_handwritten`,
      e.cpu_ratio_to_handwritten,
      id === "handwritten" ? null : ratio(e.cpu_us_per_step.median, hw.cpu_us_per_step.median),
    );
    const graph = e.graph_steps_per_pass;
    same(
      `${id} us_per_graph_step`,
      e.us_per_graph_step,
      graph === null || graph === 0 ? null : round((e.us_per_step.median * steps.steps_per_pass) / graph),
    );
  }
  if (steps.floor.items_per_pass !== steps.steps_per_pass)
    problems.push("the floor does not cover one item per step of the workload");
  if (steps.per_scenario.reduce((sum, s) => sum + s.steps, 0) !== steps.steps_per_pass)
    problems.push("per-scenario steps do not add up to steps_per_pass");
  if (!steps.traces_identical || steps.trace_mismatches.length > 0)
    problems.push(`engines left different traces: ${steps.trace_mismatches.join("; ")}`);

  for (const [id, g] of Object.entries(report.growth.engines)) {
    if ("status" in g) continue;
    const measured = g.points.filter((p) => p.status === "measured");
    const smallest = measured[0]?.us_per_step.median ?? null;
    for (const p of measured) {
      checkSummary(`growth ${id} N=${p.requested}`, p.us_per_step);
      same(
        `growth ${id} N=${p.requested} ratio_to_smallest`,
        p.ratio_to_smallest,
        smallest === null ? null : ratio(p.us_per_step.median, smallest),
      );
      if (p.checkpoints_before_run.min > p.checkpoints_before_run.max)
        problems.push(`growth ${id} N=${p.requested}: min > max checkpoints`);
      if (!p.capped && p.checkpoints_before_run.min < p.requested)
        problems.push(`growth ${id} N=${p.requested}: fewer checkpoints than requested, but not marked capped`);
    }
  }

  const mcp = report.mcp;
  for (const transport of ["in_memory", "stdio"] as const) {
    const find = (server: string) => mcp.results.find((r) => r.transport === transport && r.server === server);
    const project = find("project");
    const bare = find("bare_sdk");
    same(
      `mcp ${transport} overhead`,
      mcp.project_overhead_us[transport],
      project?.status === "measured" && bare?.status === "measured"
        ? round(project.median_us - bare.median_us, 1)
        : null,
    );
  }
  for (const r of mcp.results) {
    if (r.status === "measured" && !(r.min_us <= r.median_us && r.median_us <= r.p99_us && r.p99_us <= r.max_us))
      problems.push(`mcp ${r.transport} ${r.server}: min ≤ median ≤ p99 ≤ max does not hold`);
  }

  for (const [id, c] of Object.entries(report.comparison.frameworks)) {
    if (c.status !== "measured") continue;
    checkSummary(`comparison ${id} wall`, c.wall_ms);
    checkSummary(`comparison ${id} rss`, c.max_rss_mib);
    if (c.exit_codes.length !== c.runs)
      problems.push(`comparison ${id}: ${c.runs} runs but ${c.exit_codes.length} exit codes`);
  }

  problems.push(...sessionInconsistencies(report, same, checkSummary));

  const t = report.targets;
  const local = steps.engines.local_state_graph;
  same(
    "target handwritten_vs_floor ratio",
    t.handwritten_vs_floor.ratio,
    hw.status === "measured" ? hw.ratio_to_floor : null,
  );
  same(
    "target handwritten_vs_floor cpu_ratio",
    t.handwritten_vs_floor.cpu_ratio,
    hw.status === "measured" ? hw.cpu_ratio_to_floor : null,
  );
  same(
    "target local_vs_handwritten ratio",
    t.local_vs_handwritten.ratio,
    local.status === "measured" ? local.ratio_to_handwritten : null,
  );
  same(
    "target local_vs_handwritten cpu_ratio",
    t.local_vs_handwritten.cpu_ratio,
    local.status === "measured" ? local.cpu_ratio_to_handwritten : null,
  );
  for (const [name, target] of [
    ["handwritten_vs_floor", t.handwritten_vs_floor],
    ["local_vs_handwritten", t.local_vs_handwritten],
  ] as const) {
    const met = (r: number | null) => (r === null ? null : r <= target.max);
    if (target.met !== met(target.ratio))
      problems.push(`target ${name}: met is ${target.met} for ratio ${target.ratio} ≤ ${target.max}`);
    if (target.met_by_cpu !== met(target.cpu_ratio))
      problems.push(`target ${name}: met_by_cpu is ${target.met_by_cpu} for ${target.cpu_ratio} ≤ ${target.max}`);
  }
  return problems;
}

type Same = (what: string, actual: number | null, expected: number | null) => void;
type CheckSummary = (what: string, s: BenchReport["step_overhead"]["floor"]["us_per_step"]) => void;

/** Session length, adapter overhead and the goals: every ratio and verdict recomputed from the medians. */
function sessionInconsistencies(report: BenchReport, same: Same, checkSummary: CheckSummary): string[] {
  const problems: string[] = [];
  const s = report.session_length;
  const point = (id: keyof typeof s.engines, calls: number) => {
    const e = s.engines[id];
    return e.status === "measured" ? (e.points.find((p) => p.calls === calls) ?? null) : null;
  };
  for (const [id, e] of Object.entries(s.engines)) {
    if (e.status !== "measured") continue;
    if (e.points.map((p) => p.calls).join() !== s.sizes.join())
      problems.push(`session ${id}: points are not the sizes`);
    for (const p of e.points) {
      checkSummary(`session ${id} N=${p.calls}`, p.us_per_fact);
      checkSummary(`session ${id} N=${p.calls} cpu`, p.cpu_us_per_fact);
      if (p.us_per_graph_step !== null) checkSummary(`session ${id} N=${p.calls} graph step`, p.us_per_graph_step);
      if (p.same_final_hash === false)
        problems.push(`session ${id} N=${p.calls}: final hash differs from the reference`);
      if (p.seeded_calls !== Math.max(0, p.calls - s.timed_calls))
        problems.push(`session ${id} N=${p.calls}: seeded_calls`);
    }
  }
  for (const o of report.adapter_overhead.points) {
    same(
      `adapter N=${o.calls} adapter`,
      o.adapter_us_per_graph_step,
      point("langgraph", o.calls)?.us_per_graph_step?.median ?? null,
    );
    same(
      `adapter N=${o.calls} bare`,
      o.bare_us_per_graph_step,
      point(ANCHOR_ID, o.calls)?.us_per_graph_step?.median ?? null,
    );
    // The ratio pairs the two sides sample by sample (they were taken side by side), not their medians.
    const a = point("langgraph", o.calls)?.us_per_graph_step?.samples ?? [];
    const b = point(ANCHOR_ID, o.calls)?.us_per_graph_step?.samples ?? [];
    if (a.length !== b.length) problems.push(`adapter N=${o.calls}: ${a.length} samples against ${b.length}`);
    checkSummary(`adapter N=${o.calls} paired ratios`, o.paired_ratios);
    a.forEach((x, i) =>
      same(`adapter N=${o.calls} pair ${i}`, o.paired_ratios.samples[i] ?? null, ratio(x, b[i] ?? 0)),
    );
    same(`adapter N=${o.calls} pairs`, o.paired_ratios.n, a.length);
    same(`adapter N=${o.calls} ratio`, o.ratio, o.paired_ratios.median);
  }
  const hi = Math.max(...s.sizes);
  const lo = Math.min(...s.sizes);
  const div = (a: number | null | undefined, b: number | null | undefined) =>
    a === null || a === undefined || b === null || b === undefined ? null : ratio(a, b);
  const mcp = (transport: string) => {
    const find = (server: string) => report.mcp.results.find((r) => r.transport === transport && r.server === server);
    const [p, b] = [find("project"), find("bare_sdk")];
    return p?.status === "measured" && b?.status === "measured" ? ratio(p.median_us, b.median_us) : null;
  };
  const pages = report.web_bundle;
  const compare = report.comparison.frameworks.langgraph;
  const compareLocal = report.comparison.frameworks.local_state_graph;
  const stepRatio = (id: "handwritten" | "local_state_graph") => {
    const e = report.step_overhead.engines[id];
    return e.status !== "measured" ? null : id === "handwritten" ? e.ratio_to_floor : e.ratio_to_handwritten;
  };
  const expected: Record<string, number | null> = {
    handwritten_vs_floor: stepRatio("handwritten"),
    local_vs_handwritten: stepRatio("local_state_graph"),
    handwritten_vs_bare_langgraph: div(
      point("handwritten", hi)?.us_per_fact.median,
      point(ANCHOR_ID, hi)?.us_per_graph_step?.median,
    ),
    // Judged at the worst session length, not the longest.
    adapter_overhead:
      report.adapter_overhead.points.length === 0
        ? null
        : Math.max(...report.adapter_overhead.points.map((o) => o.ratio)),
    mcp_stdio_ratio: mcp("stdio"),
    mcp_in_memory_ratio: mcp("in_memory"),
    compare_langgraph_wall_s: compare.status === "measured" ? round(compare.wall_ms.median / 1000) : null,
    compare_local_wall_s: compareLocal.status === "measured" ? round(compareLocal.wall_ms.median / 1000) : null,
    compare_local_rss_mib: compareLocal.status === "measured" ? compareLocal.max_rss_mib.median : null,
    cli_refusal_worst_s: report.cli_refusal.all_refused ? round(report.cli_refusal.worst_ms / 1000) : null,
    web_bundle_mib: pages.status === "measured" ? round(pages.bytes / (1024 * 1024), 3) : null,
  };
  if (pages.status === "measured") {
    same(
      "web_bundle bytes",
      pages.bytes,
      pages.files.reduce((sum, f) => sum + f.bytes, 0),
    );
    same("web_bundle budget", pages.budget_bytes, WEB_BUDGET_BYTES);
  }
  const refusal = report.cli_refusal;
  const slowest = Math.max(...refusal.cases.map((c) => c.wall_ms.median));
  same("cli_refusal worst_ms", refusal.worst_ms, round(slowest));
  if (refusal.all_refused !== refusal.cases.every((c) => c.refused)) problems.push("cli_refusal all_refused");
  for (const c of refusal.cases) {
    const recomputed = round(
      percentile(
        [...c.wall_ms.samples].sort((a, b) => a - b),
        50,
      ),
    );
    if (Math.abs(recomputed - c.wall_ms.median) > 0.002) problems.push(`cli_refusal ${c.script}: median`);
  }
  for (const id of ENGINE_IDS) {
    expected[`session_growth_${id}`] = div(point(id, hi)?.us_per_fact.median, point(id, lo)?.us_per_fact.median);
    const faults = report.fault_throughput.engines[id];
    expected[`${id}_fault_schedules_per_core_s`] = faults.status === "measured" ? faults.schedules_per_core_s : null;
    if (faults.status === "measured") {
      same(`${id} fault schedules/s`, faults.schedules_per_s, Math.round((faults.schedules / faults.ms) * 1000));
      same(
        `${id} fault schedules/s per core`,
        faults.schedules_per_core_s,
        Math.round((faults.schedules / faults.busy_ms) * 1000),
      );
    }
  }
  if (
    report.goals
      .map((g) => g.id)
      .sort()
      .join() !== Object.keys(expected).sort().join()
  )
    problems.push(`goals are ${report.goals.map((g) => g.id).join(", ")}`);
  for (const g of report.goals) {
    same(`goal ${g.id} value`, g.value, expected[g.id] ?? null);
    const met = g.value === null ? null : g.kind === "max" ? g.value <= g.bound : g.value >= g.bound;
    if (g.met !== met) problems.push(`goal ${g.id}: met is ${g.met} for ${g.value} (${g.kind} ${g.bound})`);
  }
  return problems;
}

/**
 * Every unmet goal carries its profile (or why none could be taken) and a one-line reason that names
 * its profile's heaviest group; no other goal carries either.
 */
function unexplained(report: BenchReport): string[] {
  const problems: string[] = [];
  for (const g of report.goals) {
    const carries = [g.profile, g.profile_missing].filter((x) => x !== undefined).length;
    if (g.met === false && carries !== 1) problems.push(`goal ${g.id} is not met and carries no profile`);
    if (g.met !== false && carries !== 0) problems.push(`goal ${g.id} is not unmet but carries a profile`);
    const heaviest = g.profile?.groups[0]?.name ?? g.profile_missing;
    if (g.met === false && (g.reason === undefined || /\n/.test(g.reason) || !g.reason.includes(heaviest ?? "\0")))
      problems.push(`goal ${g.id} is not met and gives no one-line reason naming ${heaviest}`);
    if (g.met !== false && g.reason !== undefined) problems.push(`goal ${g.id} is not unmet but gives a reason`);
    const p = g.profile;
    if (p === undefined) continue;
    for (const [what, rows] of [
      ["functions", p.functions],
      ["groups", p.groups],
    ] as const) {
      if (rows.length === 0) problems.push(`goal ${g.id}: its profile lists no ${what}`);
      if (rows.some((r, i) => i > 0 && r.ms > (rows[i - 1]?.ms ?? Infinity)))
        problems.push(`goal ${g.id}: profile ${what} are not sorted by time`);
      const share = rows.reduce((sum, r) => sum + r.pct, 0);
      if (rows.some((r) => r.pct < 0 || r.ms > p.total_ms) || share > 100.5)
        problems.push(`goal ${g.id}: profile ${what} add up to ${share}% of ${p.total_ms} ms`);
    }
  }
  return problems;
}

/** The JSON names the machine by its hardware and runtime only. */
function leaks(text: string): string[] {
  const home = homedir();
  return [ROOT, home.length > 1 ? home : null, "/home/", "/Users/", tmpdir()].filter(
    (s): s is string => s !== null && text.includes(s),
  );
}

describe("bench statistics", () => {
  it("takes interpolated percentiles, medians and spread", () => {
    expect(percentile([1, 2, 3, 4], 50)).toBe(2.5);
    expect(percentile([5], 99)).toBe(5);
    const s = summarize([3, 1, 2, 10, 4]);
    expect(s).toMatchObject({ n: 5, median: 3, min: 1, max: 10, p25: 2, p75: 4, iqr_pct: 66.7 });
    expect(s.samples).toEqual([3, 1, 2, 10, 4]);
  });

  it("computes ratios from rounded medians, so the JSON can be checked against itself", () => {
    expect(ratio(round(1.23456), round(0.5))).toBe(2.47);
    expect(ratio(1, 0)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe("explainGoals", () => {
  const goal = (id: string, met: boolean): Goal => ({
    id,
    says: id,
    value: 2,
    bound: 1,
    kind: "max",
    met,
    from: "test",
  });

  it("profiles a workload once when two unmet goals share it, and never for a met goal", async () => {
    const runs: string[] = [];
    const workload = (name: string) => ({
      workload: name,
      profile: async () => (runs.push(name), `${name} profile not taken`),
    });
    const goals = [goal("a", false), goal("b", false), goal("c", true), goal("d", false)];
    const shared = workload("the shared session");
    const explained = await explainGoals(
      goals,
      { a: shared, b: shared, c: workload("the met one"), d: workload("its own") },
      () => {},
    );
    expect(runs).toEqual(["the shared session", "its own"]);
    expect(explained.map((g) => g.profile_missing ?? null)).toEqual([
      "the shared session profile not taken",
      "the shared session profile not taken",
      null,
      "its own profile not taken",
    ]);
    expect(explained.map((g) => g.reason ?? null)).toEqual([
      "no profile: the shared session profile not taken",
      "no profile: the shared session profile not taken",
      null,
      "no profile: its own profile not taken",
    ]);
  });

  it("gives an unmet goal the run's own numbers around it, then its profile's heaviest groups", async () => {
    const groups = [
      { name: "@langchain/langgraph-checkpoint", where: "", ms: 40, pct: 40 },
      { name: "(native, GC, idle)", where: "", ms: 30, pct: 30 },
    ];
    const profile = { workload: "w", sampled: "whole_workload" as const, total_ms: 100, functions: [], groups };
    const [explained] = await explainGoals(
      [{ ...goal("session_growth_langgraph", false), reason: "bare LangGraph grows 42.8× per graph step" }],
      { session_growth_langgraph: { workload: "w", profile: async () => profile } },
      () => {},
    );
    expect(explained?.reason).toBe(
      "bare LangGraph grows 42.8× per graph step; its profile's heaviest groups: @langchain/langgraph-checkpoint 40%, (native, GC, idle) 30%",
    );
  });
});

describe("profileInProcess", () => {
  it("leaves out the full collections the harness forces, which a profile files under its root, not under collectGarbage", async () => {
    // A heap that takes a full collection some time to mark, held across the profile.
    const held = Array.from({ length: 200_000 }, (_, i) => ({ i, text: `item ${i}` }));
    let sum = 0;
    // Settle the heap first: a collection the earlier tests of this file left due would otherwise run
    // inside the profile, and be billed there rightly, as a collection nobody forced.
    expect(collectGarbage()).toBe(true);
    const profile = await profileInProcess("forced collections and a little work", async () => {
      for (let round = 0; round < 8; round++) {
        expect(collectGarbage()).toBe(true);
        for (let i = 0; i < 2_000_000; i++) sum += i % 7;
      }
    });
    expect(sum).toBeGreaterThan(0);
    expect(held).toHaveLength(200_000);
    const gc = profile.functions.find((f) => f.name === "(garbage collector)")?.ms ?? 0;
    // Eight full collections of this heap would be most of the profile; the loops (a few ms each) allocate nothing.
    expect(gc).toBeLessThan(profile.total_ms / 4);
  });
});

describe("profileInProcess, of a workload that times regions", () => {
  // Named spins, so the profile can tell them apart: each burns ~60 ms of CPU.
  const spin = (step: (n: number) => number): number => {
    let n = 0;
    for (const end = performance.now() + 60; performance.now() < end;) for (let i = 0; i < 100_000; i++) n = step(n);
    return n;
  };
  function spinOffTheClock(): number {
    return spin(function offTheClock(n) {
      return (n * 31 + 7) % 1_000_003;
    });
  }
  function spinOnTheClock(): number {
    return spin(function onTheClock(n) {
      return (n * 17 + 3) % 1_000_033;
    });
  }
  const msOf = (p: { functions: readonly { name: string; ms: number }[] }, name: string) =>
    p.functions.find((f) => f.name === name)?.ms ?? 0;

  it("keeps only the samples inside the regions the work timed, and every sample of work that timed none", async () => {
    const timed = await profileInProcess("set-up, then a timed region", async () => {
      spinOffTheClock();
      const start = process.hrtime.bigint();
      spinOnTheClock();
      elapsedUs(start);
    });
    expect(timed.sampled).toBe("timed_regions");
    expect(msOf(timed, "onTheClock") + msOf(timed, "spin")).toBeGreaterThan(20);
    expect(msOf(timed, "offTheClock")).toBe(0);

    const whole = await profileInProcess("no timed region", async () => {
      spinOffTheClock();
      spinOnTheClock();
      untimedUs(process.hrtime.bigint());
    });
    expect(whole.sampled).toBe("whole_workload");
    expect(Math.min(msOf(whole, "onTheClock"), msOf(whole, "offTheClock"))).toBeGreaterThan(10);
    // Two spins against one: the timed profile holds about half of the time.
    expect(timed.total_ms).toBeLessThan(whole.total_ms * 0.75);
  });
});

describe("the profile of the adapter's goal", () => {
  it("is taken at the session length the goal is judged at, its worst, and the growth goals' at the longest", () => {
    const point = (calls: number, r: number) => ({
      calls,
      adapter_us_per_graph_step: 1,
      bare_us_per_graph_step: 1,
      ratio: r,
      paired_ratios: summarize([r]),
    });
    const worst = worstAdapterPoint({ definition: "d", points: [point(10, 1.1), point(100, 1.3), point(1000, 1.2)] });
    expect(worst?.calls).toBe(100);
    const faultSchedules = Object.fromEntries(ENGINE_IDS.map((id) => [id, 1])) as Record<
      (typeof ENGINE_IDS)[number],
      number
    >;
    const workloads = goalWorkloads({
      entries: [],
      adapter: null,
      calls: 1000,
      adapterCalls: 100,
      faultSchedules,
      mcpCalls: 1,
      sessionSamples: 7,
    });
    expect(workloads["adapter_overhead"]?.workload).toContain("7 samples of a 100-call session on langgraph");
    expect(workloads["session_growth_handwritten"]?.workload).toContain("of a 1000-call session on handwritten");
  });
});

describe("withoutHarness", () => {
  it("weighs the first sample of a timed region by its time inside the region, not since the sample before", () => {
    const frame = (functionName: string) => ({ functionName, url: "", lineNumber: 0 });
    const profile = {
      startTime: 0,
      nodes: [
        { id: 1, callFrame: frame("(root)"), children: [2] },
        { id: 2, callFrame: frame("work") },
      ],
      // Samples at 10, 1,010 and 1,110 µs; the region the work timed is 1,000 to 1,200.
      samples: [2, 2, 2],
      timeDeltas: [10, 1_000, 100],
    };
    const kept = withoutHarness(profile, [{ start: 1_000, end: 1_200 }]);
    expect(kept.timeDeltas).toEqual([10, 100]);
    expect(withoutHarness(profile, []).timeDeltas).toEqual([10, 1_000, 100]);
  });
});

describe("groupOf", () => {
  it("files a frame of one of compare's bundles under the entry the bundle was built from", () => {
    const dir = mkdtempSync(join(tmpdir(), "bench-groups-"));
    try {
      const cache = join(dir, "node_modules", ".cache", "agent-harness", "compare");
      mkdirSync(cache, { recursive: true });
      writeFileSync(
        join(cache, "0123456789abcdef.json"),
        JSON.stringify({ entry: "langgraph-adapter/src/packages.cjs" }),
      );
      expect(groupOf(pathToFileURL(join(cache, "0123456789abcdef.cjs")).href)).toBe(
        "bundle of langgraph-adapter/src/packages.cjs",
      );
      // A record that names no entry (built before entries were kept) still names the bundle, not the cache folder.
      writeFileSync(join(cache, "fedcba9876543210.json"), JSON.stringify({ key: "k" }));
      expect(groupOf(pathToFileURL(join(cache, "fedcba9876543210.cjs")).href)).toBe("bundle of compare's run");
      expect(groupOf(pathToFileURL(join(dir, "node_modules", "@langchain", "core", "x.cjs")).href)).toBe(
        "@langchain/core",
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("goalsOf", () => {
  const sessions = (bare: readonly [number, number], langgraph: readonly [number, number]) => {
    const point = (calls: number, us: number) => ({
      calls,
      us_per_fact: { median: us },
      us_per_graph_step: { median: us, samples: [us] },
    });
    const engine = ([lo, hi]: readonly [number, number]) => ({
      status: "measured",
      points: [point(10, lo), point(1000, hi)],
    });
    return {
      sizes: [10, 1000],
      engines: {
        handwritten: engine([1, 1]),
        local_state_graph: engine([1, 1]),
        langgraph: engine(langgraph),
        [ANCHOR_ID]: engine(bare),
      },
    } as unknown as GoalInputs["session_length"];
  };

  it("judges the adapter's overhead at its worst session length, and says where that was", () => {
    const goals = goalsOf({ session_length: sessions([100, 1000], [300, 1100]) });
    const overhead = goals.find((g) => g.id === "adapter_overhead");
    expect(overhead).toMatchObject({ value: 3, met: false });
    expect(overhead?.reason).toBe("worst at 10 calls: 300 µs per graph step against bare LangGraph's 100 µs");
  });

  it("names what bare LangGraph alone would spend on a LangGraph fault schedule's graph steps", () => {
    const engine = (schedules_per_core_s: number, graph_steps_per_schedule: number | null) => ({
      status: "measured",
      schedules: 30,
      shards: 2,
      ms: 300,
      schedules_per_s: 100,
      busy_ms: 600,
      schedules_per_core_s,
      violations: 0,
      graph_steps_per_schedule,
    });
    const fault_throughput = {
      definition: "",
      seed: 13,
      engines: { handwritten: engine(200, null), local_state_graph: engine(100, 40), langgraph: engine(20, 50) },
    } as unknown as GoalInputs["fault_throughput"];
    // 50 graph steps at bare LangGraph's 400 µs (its point at 10 calls, the shortest) are 20 ms: at most 50 per second.
    const goals = goalsOf({ fault_throughput, session_length: sessions([400, 1000], [500, 1100]) });
    expect(goals.find((g) => g.id === "langgraph_fault_schedules_per_core_s")?.reason).toBe(
      "a schedule takes 50 ms of one core; bare LangGraph alone would spend 20 ms on its 50 graph steps (400 µs each, session_length's bare_langgraph at 10 calls): at most 50 per second per core before the harness does anything",
    );
    // Only LangGraph's goal names LangGraph; without the sessions, the schedule's time alone.
    expect(goals.find((g) => g.id === "local_state_graph_fault_schedules_per_core_s")?.reason).toBe(
      "a schedule takes 10 ms of one core",
    );
    expect(goalsOf({ fault_throughput }).find((g) => g.id === "langgraph_fault_schedules_per_core_s")?.reason).toBe(
      "a schedule takes 50 ms of one core",
    );
  });

  it("names bare LangGraph's own growth on langgraph's session goal, and gives a met goal no reason", () => {
    const goals = goalsOf({ session_length: sessions([100, 1000], [100, 1100]) });
    expect(goals.find((g) => g.id === "session_growth_langgraph")?.reason).toBe(
      "a fact costs 100 µs at 10 calls and 1,100 µs at 1000; bare LangGraph grows 10× per graph step over the same lengths, on the same MemorySaver",
    );
    expect(goals.find((g) => g.id === "session_growth_handwritten")).toMatchObject({ met: true });
    expect(goals.find((g) => g.id === "session_growth_handwritten")?.reason).toBeUndefined();
  });

  it("weighs the pages in MiB against the budget web/build.ts enforces, and names the heaviest sources when over", () => {
    const pages = (bytes: number): WebBundleSection => ({
      status: "measured",
      definition: "",
      budget_bytes: WEB_BUDGET_BYTES,
      bytes,
      modules: 3,
      files: [{ name: "main.js", bytes }],
      largest_inputs: [
        { path: "node_modules/zod/v4/core/schemas.js", bytes: 300 * 1024 },
        { path: "contract/facts.ts", bytes: 20 * 1024 },
      ],
    });
    const [under] = goalsOf({ web_bundle: pages(1024 * 1024) });
    expect(under).toMatchObject({ id: "web_bundle_mib", value: 1, bound: 1.5, met: true });
    expect(under?.reason).toBeUndefined();
    const [over] = goalsOf({ web_bundle: pages(2 * 1024 * 1024) });
    expect(over).toMatchObject({ value: 2, met: false });
    expect(over?.reason).toBe(
      "1 file; the sources weighing most in them: node_modules/zod/v4/core/schemas.js 300 KiB, contract/facts.ts 20 KiB",
    );
    const [broken] = goalsOf({ web_bundle: { status: "not-measured", definition: "", reason: "a Node import" } });
    expect(broken).toMatchObject({ value: null, met: null });
  });
});

/** The entry points a refusal section measured: each script once, and every script of the table. */
function entryPointsOnce(cases: readonly { readonly script: string }[], table: readonly { readonly script: string }[]) {
  const scripts = cases.map((c) => c.script);
  return {
    repeated: scripts.length - new Set(scripts).size,
    covered: new Set(scripts),
    all: new Set(table.map((c) => c.script)),
  };
}

describe("the refusal measure's cases", () => {
  it("are the whole table in a full run, and each entry point's first case in a quick one", () => {
    const scratch = mkdtempSync(join(tmpdir(), "bench-refusal-cases-"));
    try {
      const table = refusalCases(scratch);
      expect(casesToMeasure(table, "all")).toEqual(table);
      const quick = casesToMeasure(table, "first_per_script");
      const { repeated, covered, all } = entryPointsOnce(quick, table);
      expect(repeated).toBe(0);
      expect(covered).toEqual(all);
      for (const c of quick) expect(table.find((t) => t.script === c.script)).toBe(c);
      expect(quick.length).toBeLessThan(table.length);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});

describe("bench.ts usage", () => {
  it("accepts --quick and --output, and keeps a quick run away from the committed evidence", () => {
    const stores = "evidence/bench-stores-v1.json";
    const all = { only: null, parts: ["engines", "stores", "scale"] };
    expect(parseBenchArgs([])).toEqual({
      ok: true,
      value: {
        kind: "run",
        quick: false,
        output: DEFAULT_OUTPUT,
        storesOutput: stores,
        scaleOutput: "evidence/bench-scale-v1.json",
        ...all,
      },
    });
    expect(parseBenchArgs(["--quick"])).toEqual({
      ok: true,
      value: {
        kind: "run",
        quick: true,
        output: QUICK_OUTPUT,
        storesOutput: QUICK_STORES_OUTPUT,
        scaleOutput: QUICK_SCALE_OUTPUT,
        ...all,
      },
    });
    expect(QUICK_STORES_OUTPUT).not.toContain("evidence");
    expect(QUICK_SCALE_OUTPUT).not.toContain("evidence");
    const argv = ["--quick", "--output", "x.json", "--stores-output", "s.json", "--scale-output", "w.json"];
    expect(parseBenchArgs(argv)).toEqual({
      ok: true,
      value: { kind: "run", quick: true, output: "x.json", storesOutput: "s.json", scaleOutput: "w.json", ...all },
    });
    expect(parseBenchArgs(["--help"])).toEqual({ ok: true, value: { kind: "help" } });
  });

  it("runs only the measures --only names, and never writes them over the committed evidence", () => {
    expect(DEFAULT_OUTPUT).toBe("evidence/bench-v3.json");
    expect(parseBenchArgs(["--only", "step_overhead, mcp"])).toEqual({
      ok: true,
      value: {
        kind: "run",
        quick: false,
        output: ONLY_OUTPUT,
        storesOutput: "evidence/bench-stores-v1.json",
        scaleOutput: SCALE_OUTPUT,
        only: ["step_overhead", "mcp"],
        parts: PARTS,
      },
    });
    expect(ONLY_OUTPUT).not.toContain("evidence");
    expect(parseBenchArgs(["--quick", "--only", "growth", "--output", "g.json"])).toMatchObject({
      ok: true,
      value: { quick: true, output: "g.json", only: ["growth"] },
    });
    for (const measure of MEASURES) expect(parseBenchArgs(["--only", measure]).ok).toBe(true);
  });

  it("runs only the parts --part names, in the bench's order, and not beside --only", () => {
    expect(SCALE_OUTPUT).toBe("evidence/bench-scale-v1.json");
    expect(parseBenchArgs(["--part", "scale"])).toMatchObject({ ok: true, value: { parts: ["scale"], only: null } });
    expect(parseBenchArgs(["--part", "scale, engines"])).toMatchObject({
      ok: true,
      value: { parts: ["engines", "scale"] },
    });
    for (const part of PARTS) expect(parseBenchArgs(["--part", part]).ok).toBe(true);
  });

  it.each([
    [["--part", "multi"]],
    [["--part", "scale", "--only", "mcp"]],
    [["--scale-output", ""]],
    [["--fast"]],
    [["--output", ""]],
    [["--stores-output", " "]],
    [["extra"]],
    [["--only", "steps"]],
    [["--only", "step_overhead,"]],
  ])("refuses %j", (argv) => {
    expect(parseBenchArgs(argv).ok).toBe(false);
  });
});

describe.runIf(existsSync(EVIDENCE))("the committed evidence/bench-v3.json", () => {
  const text = existsSync(EVIDENCE) ? readFileSync(EVIDENCE, "utf8") : "{}";

  it("matches the schema, comes from a full run, and records the targets", () => {
    const report = BenchReport.parse(JSON.parse(text));
    expect(report.mode).toBe("full");
    expect(report.targets).toMatchObject(TARGETS);
    expect(report.growth.sizes).toEqual([10, 1_000, 100_000]);
    expect(report.session_length.sizes).toEqual([10, 100, 1_000]);
    expect(report.goals.map((g) => g.id)).toContain("adapter_overhead");
    expect(report.step_overhead.engines.handwritten.status).toBe("measured");
    expect(report.step_overhead.engines.local_state_graph.status).toBe("measured");
  });

  it("holds ratios and targets computed from its own numbers", () => {
    expect(inconsistencies(BenchReport.parse(JSON.parse(text)))).toEqual([]);
  });

  it("explains every unmet goal with a profile of its workload", () => {
    expect(unexplained(BenchReport.parse(JSON.parse(text)))).toEqual([]);
  });

  it("would be caught with an unmet goal that carries no profile, or a met one that does (the check bites)", () => {
    const report = BenchReport.parse(JSON.parse(text));
    const functions = [{ name: "f", where: "x", ms: 5, pct: 50 }];
    const profile = { workload: "w", sampled: "whole_workload" as const, total_ms: 10, functions, groups: [] };
    const goals = report.goals.map((g, i) =>
      i === 0
        ? { ...g, met: false, profile: undefined, profile_missing: undefined, reason: undefined }
        : { ...g, met: true, profile, reason: "r" },
    );
    const problems = unexplained({ ...report, goals });
    expect(problems[0]).toMatch(/is not met and carries no profile$/);
    expect(problems[1]).toMatch(/is not met and gives no one-line reason/);
    expect(problems).toContain(`goal ${goals[1]?.id} is not unmet but gives a reason`);
    expect(problems).toContain(`goal ${goals[1]?.id} is not unmet but carries a profile`);
    expect(problems).toContain(`goal ${goals[1]?.id}: its profile lists no groups`);
  });

  it("would be caught with a ratio or a verdict that does not follow from its numbers (the check bites)", () => {
    const report = BenchReport.parse(JSON.parse(text));
    const hw = report.step_overhead.engines.handwritten;
    if (hw.status !== "measured") throw new Error("handwritten not measured");
    const skewed: BenchReport = {
      ...report,
      step_overhead: {
        ...report.step_overhead,
        engines: { ...report.step_overhead.engines, handwritten: { ...hw, ratio_to_floor: hw.ratio_to_floor + 0.5 } },
      },
      targets: {
        ...report.targets,
        local_vs_handwritten: { ...report.targets.local_vs_handwritten, met: !report.targets.local_vs_handwritten.met },
      },
      goals: report.goals.map((g) =>
        g.id === "adapter_overhead"
          ? { ...g, met: !g.met }
          : g.id === "mcp_stdio_ratio"
            ? { ...g, value: g.bound + 1, met: true }
            : g,
      ),
    };
    expect(inconsistencies(skewed)).toEqual([
      expect.stringMatching(/^handwritten ratio_to_floor: recorded /),
      // The skewed ratio is also the goal handwritten_vs_floor's value.
      expect.stringMatching(/^goal handwritten_vs_floor value: recorded /),
      expect.stringMatching(/^goal mcp_stdio_ratio value: recorded /),
      expect.stringMatching(/^goal adapter_overhead: met is /),
      expect.stringMatching(/^goal mcp_stdio_ratio: met is /),
      expect.stringMatching(/^target handwritten_vs_floor ratio: recorded /),
      expect.stringMatching(/^target local_vs_handwritten: met is /),
    ]);
  });

  it("holds the goals its sections decide, and a part of them decides only its own goals", () => {
    const report = BenchReport.parse(JSON.parse(text));
    // The parsed sections are what goalsOf takes: the schema and the sections' types key the same engines.
    const inputs: GoalInputs = report;
    const ids = (goals: readonly { readonly id: string }[]) => goals.map((g) => g.id);
    expect(ids(goalsOf(inputs))).toEqual(ids(report.goals));
    expect(ids(goalsOf({ step_overhead: report.step_overhead }))).toEqual([
      "handwritten_vs_floor",
      "local_vs_handwritten",
    ]);
    expect(ids(goalsOf({ mcp: report.mcp }))).toEqual(["mcp_stdio_ratio", "mcp_in_memory_ratio"]);
    expect(goalsOf({})).toEqual([]);
  });

  it("names no user, home or repository path", () => {
    expect(leaks(text)).toEqual([]);
  });

  it("renders its tables", () => {
    const table = renderTables(BenchReport.parse(JSON.parse(text)));
    expect(table).toContain("Per-step overhead");
    expect(table).toContain("Targets");
    expect(table).toContain("3. Session length");
    expect(table).toContain("Goals of issues #14 and #27");
  });
});

describe("npm run bench -- --quick", () => {
  it(
    "writes a valid, self-consistent file, and the stores' file (timings are not checked)",
    () => {
      const dir = mkdtempSync(join(tmpdir(), "bench-quick-"));
      try {
        const output = join(dir, "bench.json");
        const storesOutput = join(dir, "bench-stores.json");
        const scaleOutput = join(dir, "bench-scale.json");
        const run = spawnSync(
          join(ROOT, "node_modules", ".bin", "tsx"),
          [
            "scripts/bench.ts",
            "--quick",
            "--output",
            output,
            "--stores-output",
            storesOutput,
            "--scale-output",
            scaleOutput,
          ],
          // A loaded two-core machine running another test file beside this one needs minutes.
          { cwd: ROOT, encoding: "utf8", timeout: paced(420_000) },
        );
        expect(run.signal, `the quick bench was stopped (${run.signal}): it ran past the timeout`).toBeNull();
        expect(run.status, run.stderr).toBe(0);
        expect(run.stdout).toContain("Targets (read from this run, never asserted)");
        const text = readFileSync(output, "utf8");
        const report = BenchReport.parse(JSON.parse(text));
        expect(report.mode).toBe("quick");
        expect(inconsistencies(report)).toEqual([]);
        expect(unexplained(report)).toEqual([]);
        // --quick times one bad input per entry point, and every entry point.
        const refusals = entryPointsOnce(report.cli_refusal.cases, refusalCases(join(dir, "table")));
        expect(refusals.repeated).toBe(0);
        expect(refusals.covered).toEqual(refusals.all);
        expect(leaks(text)).toEqual([]);
        const stores = JSON.parse(readFileSync(storesOutput, "utf8")) as { schema: string; command: string };
        expect(stores).toMatchObject({ schema: STORES_BENCH_SCHEMA, command: "npm run bench -- --quick" });
        expect(run.stdout).toContain(`stores evidence written to ${storesOutput}`);
        // The multi-worker figure: measured with a server, not-measured with its reason without one.
        const scale = ScaleBenchReportSchema.parse(JSON.parse(readFileSync(scaleOutput, "utf8")));
        expect(scale.command).toBe("npm run bench -- --quick");
        expect(scale.engines.map((e) => e.status)).toEqual(
          scale.engines.map(() => (postgresUrl === undefined ? "not-measured" : "measured")),
        );
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    paced(450_000),
  );
});
