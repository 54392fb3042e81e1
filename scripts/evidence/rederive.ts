/**
 * The course's gates, derived by running what the artifacts claim, never read from them. Each
 * comparison's claims are replayed from its own data (claims.ts); every column it lists is run
 * again here on the framework it names (bounded by the columns, seconds on the built-in engines); a
 * route comparison is run again from the route file the submission lists. A gate opens, and a metric
 * is derived (metrics.ts), only on what these runs reproduce.
 */
import { err, ok, type Result } from "../../contract/index.js";
import { createFixtureRegistry, createFixtureWorld } from "../../handwritten/fixtures/index.js";
import { checkReplayable, FIXTURE_ONLY, parseRoute, type Route } from "../../handwritten/route/index.js";
import type { EngineFactory } from "../../runtime/api.js";
import { ALL_COLUMNS } from "../../scenarios/all-columns.js";
import { isFrameworkId } from "../../engines/index.js";
import { allHold } from "../../scenarios/verdict.js";
import { ROUTE_COLUMNS } from "../../scenarios/route-columns.js";
import { loadChosenFramework, REPO_ROOT } from "../comparison/load-framework.js";
import type { PlannerChoice } from "../comparison/planner.js";
import { compare } from "../comparison/report.js";
import { ComparisonReport } from "../comparison/schema.js";
import { contradictions, disagreements } from "./claims.js";
import { APPROVAL_BINDING_COLUMNS, FAULT_RECOVERY_COLUMNS, type GateFinding, type GateReport } from "./gates.js";
import {
  isRelabelled,
  metadataGap,
  NEAR_COPY_MAX_CHANGES,
  nearCopyOf,
  shippedRouteOf,
  type ShippedRoute,
} from "./routes.js";

export type Artifact = { readonly index: number; readonly path: string; readonly text: string };
export type ArtifactFinding = {
  readonly index: number;
  readonly code: "artifact_forged" | "relabelled_route" | "near_copy_route";
  readonly message: string;
};
export type Derivation = {
  readonly gates: GateReport;
  readonly findings: readonly ArtifactFinding[];
  /** The measured comparisons whose claims held when replayed and run again here: what metrics derive from. */
  readonly verified: readonly { readonly path: string; readonly report: ComparisonReport }[];
};

export type DeriveOptions = {
  readonly shipped: readonly ShippedRoute[];
  readonly now: Date;
  /** The framework a comparison names, loaded here to run it again. */
  readonly load?: (framework: string) => Promise<Result<EngineFactory<string>, string>>;
};

/** A built-in framework by id, or a module engine by the path the evidence names (from the project root). */
export async function loadFramework(framework: string): Promise<Result<EngineFactory<string>, string>> {
  const choice = isFrameworkId(framework)
    ? ({ kind: "builtin", id: framework } as const)
    : framework.startsWith("module:")
      ? ({ kind: "module", path: framework.slice("module:".length) } as const)
      : null;
  if (choice === null) return err(`${framework} is no framework this checkout knows`);
  const loaded = await loadChosenFramework(choice, { cwd: REPO_ROOT });
  return loaded.ok ? ok(loaded.value.factory) : err(loaded.error.reason);
}

const GATE_COLUMNS = new Set<string>([...APPROVAL_BINDING_COLUMNS, ...FAULT_RECOVERY_COLUMNS]);

export async function deriveGates(artifacts: readonly Artifact[], options: DeriveOptions): Promise<Derivation> {
  const load = options.load ?? loadFramework;
  const findings: ArtifactFinding[] = [];
  const routes = new Map<string, Route>();
  const comparisons: { artifact: Artifact; report: ComparisonReport }[] = [];
  for (const artifact of artifacts) {
    const route = parseRoute(artifact.text);
    if (route.ok) routes.set(route.value.digest, route.value);
    const report = ComparisonReport.safeParse(parseJson(artifact.text));
    if (report.success) comparisons.push({ artifact, report: report.data });
  }
  for (const artifact of artifacts) {
    const route = parseRoute(artifact.text);
    const shipped = route.ok ? shippedRouteOf(route.value, options.shipped) : null;
    if (route.ok && shipped !== null && isRelabelled(route.value, shipped))
      findings.push({
        index: artifact.index,
        code: "relabelled_route",
        message: `route ${artifact.path} replays the turns of the route shipped as ${shipped.path} (a fake model's), relabelled ${route.value.model.name}: it is that route`,
      });
    const near = route.ok && shipped === null ? nearCopyOf(route.value, options.shipped) : null;
    if (near !== null)
      findings.push({
        index: artifact.index,
        code: "near_copy_route",
        message: `route ${artifact.path} calls the tools of the route shipped as ${near.shipped.path} (a fake model's) in the same order with ${near.changes} changed argument${near.changes === 1 ? "" : "s"} (at most ${NEAR_COPY_MAX_CHANGES} make a near copy): it is that route, edited`,
      });
  }
  const shown = new Set<string>();
  const verified: { path: string; report: ComparisonReport }[] = [];
  const plannerReasons: string[] = [];
  const unverifiedRoutes: string[] = [];
  for (const { artifact, report } of comparisons) {
    const named = typeof report.planner === "string" ? null : report.planner;
    const route = named === null ? null : (routes.get(named.digest) ?? null);
    const forged = (wrong: readonly string[]) => {
      if (wrong.length > 0)
        findings.push({
          index: artifact.index,
          code: "artifact_forged",
          message: `comparison ${artifact.path} says what its run does not: ${wrong.slice(0, 3).join("; ")}${wrong.length > 3 ? ` (and ${wrong.length - 3} more)` : ""}`,
        });
      return wrong.length > 0;
    };
    if (forged(contradictions(report, route)) || report.status !== "measured") continue;
    if (named !== null) {
      const verdict = await routeVerdict(report, route, named.digest, options, load);
      if (forged(verdict.wrong)) continue;
      if (verdict.ran) verified.push({ path: artifact.path, report });
      if (verdict.reason === null) unverifiedRoutes.push(`${artifact.path} (route ${named.id} from ${named.model})`);
      else plannerReasons.push(verdict.reason);
      continue;
    }
    // Every column it lists is run again: the gates and the metrics read only observations reproduced here.
    const columns = ALL_COLUMNS.filter((c) => report.scenarios.some((r) => r.name === c.name));
    if (columns.length === 0) continue;
    const factory = await load(report.framework);
    if (!factory.ok) continue;
    const rerun = await compare({
      framework: report.framework,
      factory: factory.value,
      scenarios: columns,
      commit: null,
      now: options.now,
    });
    if (forged(disagreements(report, rerun))) continue;
    verified.push({ path: artifact.path, report });
    for (const row of rerun.scenarios)
      if (GATE_COLUMNS.has(row.name) && row.equal === true && allHold([row], rerun.judged)) shown.add(row.name);
  }
  const shows = (columns: readonly string[]) => columns.every((c) => shown.has(c));
  const plannerUnverifiable = unverifiedRoutes.length > 0;
  const plannerReason = plannerUnverifiable ? null : (plannerReasons[0] ?? FIXTURE_ONLY);
  const gated: GateFinding[] = [];
  if (plannerReason !== null) gated.push({ gate: "planner", reason: plannerReason });
  if (!shows(APPROVAL_BINDING_COLUMNS))
    gated.push({ gate: "approval_binding", reason: gateReason("approval binding", APPROVAL_BINDING_COLUMNS) });
  if (!shows(FAULT_RECOVERY_COLUMNS))
    gated.push({ gate: "fault_recovery", reason: gateReason("fault recovery", FAULT_RECOVERY_COLUMNS) });
  const gates: GateReport =
    plannerReason === null
      ? {
          planner_gate: "unverifiable",
          planner_gate_reason: UNVERIFIABLE_ROUTE,
          gated,
          unverifiable: [{ gate: "planner", look_at: lookAtRoutes(unverifiedRoutes) }],
        }
      : { planner_gate: "blocked", planner_gate_reason: plannerReason, gated, unverifiable: [] };
  return { gates, findings, verified };
}

const UNVERIFIABLE_ROUTE =
  "the route replays here, holds on both engines and copies no shipped route, but that a real model recorded it cannot be proven here";
const lookAtRoutes = (routes: readonly string[]) =>
  `${routes.join(", ")}: the recording session (npm run route:record) and the provider's request log or invoice for those calls, whose ids and token counts the route's raw turns carry`;

const gateReason = (what: string, columns: readonly string[]) =>
  `no measured comparison artifact shows ${what} when its columns are run again here (${columns.join(", ")} equal and holding): add the output of npm run compare`;

/** `ran`: the route was run again here and its comparison agreed; `reason`: why it keeps the gate blocked. */
type RouteVerdict = { readonly reason: string | null; readonly wrong: readonly string[]; readonly ran: boolean };

/** Why a route comparison does not open the planner gate (null when it does), from running the route here. */
async function routeVerdict(
  report: ComparisonReport,
  route: Route | null,
  digest: string,
  options: DeriveOptions,
  load: NonNullable<DeriveOptions["load"]>,
): Promise<RouteVerdict> {
  const blocked = (reason: string, ran = false): RouteVerdict => ({ reason, wrong: [], ran });
  if (route === null)
    return blocked(
      `the comparison replays route ${digest.slice(0, 12)}…, but no artifact is that route file: list it so the checker can replay it`,
    );
  const shipped = shippedRouteOf(route, options.shipped);
  if (shipped !== null)
    return blocked(`route ${route.id} is the route shipped as ${shipped.path}, recorded from a fake model`);
  const near = nearCopyOf(route, options.shipped);
  if (near !== null)
    return blocked(`route ${route.id} is a near copy of the route shipped as ${near.shipped.path}, a fake model's`);
  const gap = metadataGap(route);
  if (gap !== null) return blocked(`route ${route.id} lacks the provider metadata a recorded route carries: ${gap}`);
  const registry = createFixtureRegistry(createFixtureWorld());
  const replayable = checkReplayable(
    route,
    registry,
    ROUTE_COLUMNS.map((c) => c.name),
  );
  if (!replayable.ok) return blocked(`route ${route.id} cannot replay here: ${replayable.error.message}`);
  const factory = await load(report.framework);
  if (!factory.ok) return blocked(`${report.framework} cannot run here to replay route ${route.id}: ${factory.error}`);
  const planner: PlannerChoice = { kind: "route", route };
  const scenarios = ROUTE_COLUMNS.filter((c) => c.name === route.scenario);
  const rerun = await compare({
    framework: report.framework,
    factory: factory.value,
    scenarios,
    planner,
    commit: null,
    now: options.now,
  });
  const wrong = disagreements(report, rerun);
  if (wrong.length > 0) return { reason: null, wrong, ran: true };
  if (rerun.planner_gate !== "open")
    return blocked(rerun.planner_gate_reason ?? `route ${route.id} keeps the gate blocked`, true);
  if (rerun.all_equal !== true || rerun.all_hold !== true)
    return blocked(`route ${route.id}, replayed here, does not hold on both engines`, true);
  return { reason: null, wrong: [], ran: true };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
