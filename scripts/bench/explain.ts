/**
 * A goal the bench does not meet carries the CPU profile that explains it (issue #14: "reported as
 * measured, with the profile that explains it"). The profile is taken after the timed measures, on
 * a short rerun of the same workload, so the profiler's own cost never reaches a timed number.
 * Workloads that run in this process are sampled with the inspector; the comparison's goal is about
 * a whole process, so that one is run as a child with `--cpu-prof`.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { summariseProfile, type Profile } from "./cpu-profile.js";
import type { Goal, GoalProfile } from "./goals.js";
import { forcedCollections, recordTimedSpans, type Span } from "./stats.js";

/** How to rerun the workload behind a goal; goals without one are left unexplained (and the test says so). */
export type GoalWorkload = { readonly workload: string; readonly profile: () => Promise<GoalProfile | string> };

const TOP_FUNCTIONS = 8;
const TOP_GROUPS = 6;
const SAMPLING_INTERVAL_US = 250;

/**
 * Frames of the bench's own harness, not of the workload: the full GC forced between samples, and
 * the profiler's own start and stop (the first sample's delta counts the time before sampling began).
 */
const isHarnessFrame = (frame: Profile["nodes"][number]["callFrame"]) =>
  frame.functionName === "collectGarbage" || frame.url === "node:inspector";

/**
 * The profile without the samples taken inside a harness frame or during a forced collection, and,
 * when the work timed any region (`timed`, sorted by start), without those outside every one: the
 * set-up a measure leaves off its clock (a reference session, seeding a store, building engines).
 */
export function withoutHarness(profile: Profile, timed: readonly Span[]): Profile {
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame] as const));
  const inHarness = (id: number | undefined): boolean => {
    const frame = id === undefined ? undefined : frames.get(id);
    return frame !== undefined && (isHarnessFrame(frame) || inHarness(parent.get(id as number)));
  };
  // A sample's time: the profile's start plus the deltas so far (µs, the clock `forcedCollections` reads).
  // Samples and spans both come in time order: one pass over each.
  const forced = forcedCollections();
  let span = 0;
  let at = profile.startTime ?? Number.NEGATIVE_INFINITY;
  let region = 0;
  const samples: number[] = [];
  const timeDeltas: number[] = [];
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    while (span < forced.length && (forced[span]?.end ?? 0) < at) span++;
    const duringCollection = (forced[span]?.start ?? Number.POSITIVE_INFINITY) <= at;
    while (region < timed.length && (timed[region]?.end ?? 0) < at) region++;
    const start = timed.length > 0 ? (timed[region]?.start ?? Number.POSITIVE_INFINITY) : Number.NEGATIVE_INFINITY;
    if (inHarness(id) || duringCollection || start > at) return;
    samples.push(id);
    // A sample weighs the time since the one before it: the first of a timed region, only its part inside.
    timeDeltas.push(Math.min(delta, at - start));
  });
  return { ...profile, samples, timeDeltas };
}

function toGoalProfile(workload: string, profile: Profile, timed: readonly Span[] = []): GoalProfile {
  const sorted = [...timed].sort((a, b) => a.start - b.start);
  const summary = summariseProfile(withoutHarness(profile, sorted), TOP_FUNCTIONS);
  return {
    workload,
    sampled: timed.length > 0 ? "timed_regions" : "whole_workload",
    total_ms: summary.total_ms,
    functions: summary.functions,
    groups: summary.groups.slice(0, TOP_GROUPS),
  };
}

/** Samples `work` in this process with the V8 profiler. */
export async function profileInProcess(workload: string, work: () => Promise<unknown>): Promise<GoalProfile> {
  const session = new Session();
  session.connect();
  try {
    await session.post("Profiler.enable");
    await session.post("Profiler.setSamplingInterval", { interval: SAMPLING_INTERVAL_US });
    const stopRecording = recordTimedSpans();
    await session.post("Profiler.start");
    let profile: Profile;
    let timed: readonly Span[];
    try {
      await work();
    } finally {
      ({ profile } = (await session.post("Profiler.stop")) as unknown as { profile: Profile });
      timed = stopRecording();
    }
    return toGoalProfile(workload, profile, timed);
  } finally {
    session.disconnect();
  }
}

/** Runs `node args…` with `--cpu-prof` and summarises the largest profile it wrote (tsx may start a second process). */
export function profileChildProcess(workload: string, args: readonly string[], cwd: string): GoalProfile | string {
  const dir = mkdtempSync(join(tmpdir(), "agent-harness-prof-"));
  try {
    const run = spawnSync(process.execPath, ["--cpu-prof", "--cpu-prof-dir", dir, ...args], {
      cwd,
      encoding: "utf8",
      stdio: ["ignore", "ignore", "pipe"],
    });
    const files = readdirSync(dir)
      .filter((f) => f.endsWith(".cpuprofile"))
      .map((f) => join(dir, f))
      .sort((a, b) => statSync(b).size - statSync(a).size);
    if (files[0] === undefined) return `the profiled run wrote no profile (exit ${run.status}): ${run.stderr.trim()}`;
    return toGoalProfile(workload, JSON.parse(readFileSync(files[0], "utf8")) as Profile);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The goals, each unmet one with `profile` (or `profile_missing`, the reason it could not be taken).
 * Met goals and goals without a value carry neither.
 */
export async function explainGoals(
  goals: readonly Goal[],
  workloads: Readonly<Record<string, GoalWorkload>>,
  log: (line: string) => void,
): Promise<Goal[]> {
  const explained: Goal[] = [];
  // Goals that share a workload (same description) share one profile: the run is the same.
  const profiles = new Map<string, Awaited<ReturnType<GoalWorkload["profile"]>>>();
  for (const goal of goals) {
    const workload = workloads[goal.id];
    if (goal.met !== false) explained.push(goal);
    else if (workload === undefined) explained.push({ ...goal, profile_missing: "no workload is registered for it" });
    else {
      if (!profiles.has(workload.workload)) {
        log(`profiling the unmet goal ${goal.id}: ${workload.workload}`);
        profiles.set(workload.workload, await workload.profile());
      }
      const profile = profiles.get(workload.workload)!;
      explained.push(typeof profile === "string" ? { ...goal, profile_missing: profile } : { ...goal, profile });
    }
  }
  return explained.map((g) => (g.met === false ? { ...g, reason: reasonOf(g) } : g));
}

/** One line: what the run measured around the goal, then where its profile's time goes (or why there is none). */
export function reasonOf(goal: Goal): string {
  const heaviest = goal.profile?.groups.slice(0, 3).map((x) => `${x.name} ${x.pct}%`);
  const profile =
    heaviest === undefined
      ? `no profile: ${goal.profile_missing ?? "none taken"}`
      : `its profile's heaviest groups: ${heaviest.join(", ")}`;
  return [goal.reason, profile]
    .filter((x) => x !== undefined)
    .join("; ")
    .replace(/\s+/g, " ");
}
