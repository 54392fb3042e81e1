/**
 * Records a frozen route: runs a route column's goal against a model on the handwritten engine,
 * seals every turn into an agent-harness.route.v1 file, then replays the file on the same engine
 * and checks it reproduces the recorded run, so what is written is what replays. The model comes
 * in as a recorder (the LangGraph adapter builds one from a LangChain chat model), so nothing here
 * imports @langchain.
 */
import { canonicalJson, err, ok, toolOffersDigest, type Planner, type Result } from "../contract/index.js";
import type { ToolRegistry } from "../contract/index.js";
import { createFixtureRegistry, createFixtureWorld } from "../handwritten/fixtures/index.js";
import { createRoutePlanner, sealRoute, type Route, type RouteTurn } from "../handwritten/route/index.js";
import { handwrittenFactory } from "../handwritten/engine/factory.js";
import { runScenario, type Scenario } from "./scenario.js";

/** A model as route recording needs it. */
export type RouteRecorder = {
  /** The model's name and parameters as it reports them. */
  readonly identity: Route["model"];
  /** The system prompt the model is given. */
  readonly prompt: string;
  /** A planner over the model, offered the registry's tools, that keeps every turn it plays. */
  readonly planner: (registry: ToolRegistry) => Planner & { readonly turns: () => readonly RouteTurn[] };
};

export type RecordInput = {
  readonly recorder: RouteRecorder;
  readonly scenario: Scenario;
  readonly id: string;
  /** What the route is, in words (a fake model's route must say so). */
  readonly label: string;
};

export type Recorded = {
  readonly route: Route;
  /** Why the route cannot replay (the replay asked for a step the recording never reached), or null. */
  readonly unreplayable: string | null;
};

export type RecordError = { readonly code: "record_not_reproducible" | "model_failed"; readonly message: string };

export async function recordRoute(input: RecordInput): Promise<Result<Recorded, RecordError>> {
  const registry = createFixtureRegistry(createFixtureWorld());
  const planner = input.recorder.planner(registry);
  let recorded;
  try {
    recorded = await runScenario(handwrittenFactory, input.scenario, { planner, graphSteps: false });
  } catch (e) {
    return err({ code: "model_failed", message: `the model failed while recording: ${(e as Error).message}` });
  }
  const route = sealRoute({
    schema: "agent-harness.route.v1",
    id: input.id,
    label: input.label,
    scenario: input.scenario.name,
    model: input.recorder.identity,
    prompt: input.recorder.prompt,
    tools: [...registry.names],
    tools_digest: toolOffersDigest(registry),
    turns: [...planner.turns()],
  });
  const replayer = createRoutePlanner(route);
  const replayed = await runScenario(handwrittenFactory, input.scenario, { planner: replayer, graphSteps: false });
  const unreplayable = replayer.misses().length === 0 ? null : `step ${replayer.misses()[0]} cannot replay`;
  if (unreplayable === null && canonicalJson(replayed.observation) !== canonicalJson(recorded.observation))
    return err({ code: "record_not_reproducible", message: "replaying the recorded route did not reproduce the run" });
  return ok({ route, unreplayable });
}
