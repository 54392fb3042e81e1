/**
 * The LangGraph packages the adapter runs on, in one module: what langgraph.ts requires, and the
 * entry of the bundle `compare` builds of them (scripts/comparison/run-entry.ts), so both load the
 * same entry points of the same installed copies.
 */
module.exports = {
  langgraph: require("@langchain/langgraph"),
  runnables: require("@langchain/core/runnables"),
};
