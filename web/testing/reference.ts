/**
 * Test support (never bundled into the page): the expected run for given settings, computed in
 * Node by the handwritten engine's own runner, which calls the same reducer. Faults are injected
 * through the engine tests' `observedRegistry` (not the page's wrapper), drawing the same seeded
 * PRNG per executor call, so the page's driver and this reference share only the reducer, the
 * contract and the schedule's definition.
 */
import { approvePending, type AgentState, type TraceEvent } from "../../contract/index.js";
import { createHandwrittenEngine } from "../../handwritten/engine/index.js";
import { observedRegistry } from "../../handwritten/engine/test-helpers.js";
import { createEnvironment } from "../../handwritten/fixtures/environment.js";
import { faultsOf, GOAL, idSeedOf, scriptOf, SESSION_ID, type Settings } from "../settings.js";
import { mulberry32 } from "../schedule.js";

export type Decision = "approve" | "reject";

export type ReferenceRun = {
  readonly settings: Settings;
  readonly trace: readonly TraceEvent[];
  readonly final: AgentState;
  /** Each approval asked for, in order. */
  readonly approvals: number;
  /** Per executor call: whether the schedule injected a transient fault. */
  readonly faults: readonly boolean[];
};

/** The operator who confirms an uncertain outcome in the reference run (the page's default). */
export const REFERENCE_OPERATOR = "ops-on-call";

export async function referenceRun(
  settings: Settings,
  decide: (pending: number) => Decision = () => "approve",
  reconcile = false,
): Promise<ReferenceRun> {
  const env = createEnvironment({
    script: scriptOf(settings.turns),
    faults: faultsOf(settings.fault),
    limits: { maxSteps: settings.maxSteps },
    seed: idSeedOf(settings.seed),
  });
  const random = mulberry32(settings.seed);
  const faults: boolean[] = [];
  const registry = observedRegistry(env.world, (tool) => {
    const fault = random() * 100 < settings.failureRatePercent;
    faults.push(fault);
    if (fault) env.world.inject({ tool, kind: "transient", times: 1 });
  });
  const engine = createHandwrittenEngine({ ...env, registry });
  const unwrap = (result: { ok: true; value: AgentState } | { ok: false; error: { message: string } }) => {
    if (!result.ok) throw new Error(result.error.message);
    return result.value;
  };
  let state = unwrap(await engine.start(SESSION_ID, GOAL));
  let approvals = 0;
  while (state.status === "approval_required") {
    approvals += 1;
    const input =
      decide(approvals) === "approve"
        ? {
            kind: "token" as const,
            token: approvePending(state.pending_approval, SESSION_ID, env.secret, env.clock.now()),
          }
        : { kind: "decline" as const };
    state = unwrap(await engine.submitApproval(SESSION_ID, input));
  }
  if (reconcile && state.status === "reconcile_required")
    state = unwrap(await engine.reconcileUncertain(SESSION_ID, { outcome: "confirmed", operator: REFERENCE_OPERATOR }));
  return { settings, trace: env.trace.list(SESSION_ID), final: state, approvals, faults };
}

/** The first seed from `from` whose reference run satisfies `wanted`; the search is bounded. */
export async function findSeed(
  base: Omit<Settings, "seed">,
  wanted: (run: ReferenceRun) => boolean,
  from = 1,
  tries = 2_000,
): Promise<ReferenceRun> {
  for (let seed = from; seed < from + tries; seed += 1) {
    const run = await referenceRun({ ...base, seed });
    if (wanted(run)) return run;
  }
  throw new Error(`no seed in [${from}, ${from + tries}) gives the wanted run for ${JSON.stringify(base)}`);
}
