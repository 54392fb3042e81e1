/** The harness's four agent nodes on @langchain/langgraph, behind the scenario engine interface. */
export { createLangGraphEngine, langgraphFactory } from "./engine.js";
export type { LangGraphEngineOptions } from "./engine.js";
export { buildLangGraphAgentGraph } from "./graph.js";
export type { LangGraphAgentGraph, LangGraphBuildOptions, NodeEntryListener } from "./graph.js";
export { CHECKPOINTER_KEY, checkpointerOf, sealedCheckpointerOf } from "./checkpointer.js";
export { SealedCheckpointSaver, SEAL_METADATA_KEY } from "./sealed-saver.js";
export { AgentStateAnnotation, appendTrace } from "./state.js";
export type { LangGraphAgentState, LangGraphAgentUpdate } from "./state.js";
export { diagramOf, shapeOf } from "./shape.js";
export { countGraphSteps } from "./steps.js";
export { INSTALLED_VERSIONS, LANGCHAIN_CORE_VERSION, LANGGRAPH_VERSION } from "./versions.js";
export { seedLangGraphSession } from "./seed.js";
export { runAnchor } from "./bare-anchor.js";
export type { AnchorRun, AnchorWorkload } from "./bare-anchor.js";
