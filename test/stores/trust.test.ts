/** The trust-boundary suite on the core's engines; the adapter runs it on LangGraph. */
import { CORE_FACTORIES } from "../../scenarios/core-engines.js";
import { storedStateIsATrustBoundary } from "./trust-suite.js";

for (const factory of CORE_FACTORIES) storedStateIsATrustBoundary(factory);
