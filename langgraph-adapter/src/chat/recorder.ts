/**
 * A LangChain chat model as route recording takes it (scenarios/record-route.ts): its identity,
 * the prompt, and a recording planner over the model bound to the offered tools.
 */
import type { ToolRegistry } from "../../../contract/index.js";
import { bindRegistry, identify, type ChatModel, type ModelIdentity } from "./model.js";
import { createRecordingPlanner, ROUTE_PROMPT, type RecordingPlanner } from "./planner.js";

export type ChatRouteRecorder = {
  readonly identity: ModelIdentity;
  readonly prompt: string;
  readonly planner: (registry: ToolRegistry) => RecordingPlanner;
};

export function routeRecorder(model: ChatModel, prompt: string = ROUTE_PROMPT): ChatRouteRecorder {
  return {
    identity: identify(model),
    prompt,
    planner: (registry) => createRecordingPlanner(bindRegistry(model, registry), prompt),
  };
}
