/**
 * The goals of issues #14 and #27, in the order of the report, each read from this run's own
 * sections (`goal.ts`); the engines' goals and the services' goals live beside this file.
 */
import { adapterOverheadOf } from "./adapter-overhead.js";
import type { Goal } from "./goal.js";
import { faultGoals, sessionGoals, stepGoals } from "./goals-engines.js";
import { cliRefusalGoals, comparisonGoals, mcpGoals, webBundleGoals } from "./goals-services.js";
import type { FaultThroughputSection, SessionLengthSection, StepSection } from "./sections.js";
import type { CliRefusalSection, ComparisonSection, McpSection } from "./sections-services.js";
import type { WebBundleSection } from "./web-bundle.js";

export { ADAPTER_OVERHEAD_DEFINITION, adapterOverheadOf, worstAdapterPoint } from "./adapter-overhead.js";
export type { AdapterOverheadPoint, AdapterOverheadSection } from "./sections.js";
export type { Goal, GoalProfile } from "./goal.js";
export { FAULT_SCHEDULES_PER_CORE_S } from "./goals-engines.js";
export { CLI_REFUSAL_BOUND_S } from "./goals-services.js";

export type GoalInputs = {
  readonly step_overhead: StepSection;
  readonly session_length: SessionLengthSection;
  readonly fault_throughput: FaultThroughputSection;
  readonly mcp: McpSection;
  readonly comparison: ComparisonSection;
  readonly cli_refusal: CliRefusalSection;
  readonly web_bundle: WebBundleSection;
};

/** The goals the given sections decide, in the order of the report; a full run gives every section. */
export function goalsOf(r: Partial<GoalInputs>): Goal[] {
  return [
    ...(r.step_overhead === undefined ? [] : stepGoals(r.step_overhead)),
    ...(r.session_length === undefined ? [] : sessionGoals(r.session_length, adapterOverheadOf(r.session_length))),
    ...(r.fault_throughput === undefined ? [] : faultGoals(r.fault_throughput, r.session_length)),
    ...(r.mcp === undefined ? [] : mcpGoals(r.mcp)),
    ...(r.comparison === undefined ? [] : comparisonGoals(r.comparison, r.cli_refusal)),
    ...(r.cli_refusal === undefined ? [] : cliRefusalGoals(r.cli_refusal)),
    ...(r.web_bundle === undefined ? [] : webBundleGoals(r.web_bundle)),
  ];
}
