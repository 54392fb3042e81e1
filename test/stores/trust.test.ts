/** The trust-boundary suite on the core's engines; the adapter runs it on LangGraph. */
import { localGraphFactory } from "../../local-graph/agent/index.js";
import { handwrittenFactory } from "../../scenarios/index.js";
import { storedStateIsATrustBoundary } from "./trust-suite.js";

for (const factory of [handwrittenFactory, localGraphFactory]) storedStateIsATrustBoundary(factory);
