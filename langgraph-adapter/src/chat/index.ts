/** A planner over any LangChain chat model, and the recorder of frozen routes. */
export { toChatMessages } from "./messages.js";
export { bindRegistry, identify, isChatModel } from "./model.js";
export type { BoundModel, ChatModel, ModelIdentity } from "./model.js";
export { loadChatModel } from "./load-model.js";
export type { LoadedModel, LoadModelError } from "./load-model.js";
export { createRecordingPlanner, ROUTE_PROMPT } from "./planner.js";
export type { RecordingPlanner } from "./planner.js";
export { routeRecorder } from "./recorder.js";
export type { ChatRouteRecorder } from "./recorder.js";
export { fakeTextTurn, fakeToolTurn, malformedCallTurn, ScriptedChatModel } from "./scripted-model.js";
export type { ScriptedTurn } from "./scripted-model.js";
export { textOf, turnOf } from "./turn.js";
