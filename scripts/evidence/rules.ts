/**
 * The metric rules shared by the runtime record and the learner submission checker, and the
 * versioned threshold of the recovery rate.
 *
 * Rule of comparison: a rate (`at_least`) passes when actual >= expected; a count of bad events
 * (`at_most`) passes when actual <= expected; anything else (`equal`) must equal expected.
 */
export type MetricRule = "at_least" | "at_most" | "equal";

/**
 * recoverable_fault_recovery_rate threshold, version v1: 1.0. The faults are injected into a
 * deterministic fixture world and every recoverable one has a path back to `done` written in
 * the contract (retry under the same key, re-run of an idempotent write, audited confirmation of
 * an uncertain outcome), so a single miss is a contract bug, not noise. A harness over real
 * tools and networks would need a new threshold version, not a quietly lowered number.
 */
export const RECOVERY_THRESHOLD = { version: "v1", value: 1.0 } as const;

export type ContractMetric = {
  readonly name: string;
  readonly rule: MetricRule;
  /** A rate lies in [0, 1]; a count is a whole number >= 0. */
  readonly kind: "rate" | "count";
  /** The weakest expected value a submission may state: the contract's own bar. */
  readonly bar: number;
};

/** The three metrics every learn-llm.evidence.v1 submission of module 13 must carry. */
export const CONTRACT_METRICS: readonly ContractMetric[] = [
  { name: "schema_validity", rule: "at_least", kind: "rate", bar: 1.0 },
  { name: "unapproved_side_effects", rule: "at_most", kind: "count", bar: 0 },
  { name: "recoverable_fault_recovery_rate", rule: "at_least", kind: "rate", bar: RECOVERY_THRESHOLD.value },
];

export function ruleFor(name: string): MetricRule {
  return CONTRACT_METRICS.find((m) => m.name === name)?.rule ?? "equal";
}

/** Whether `actual` meets `expected` under `rule`. */
export function meets(rule: MetricRule, expected: unknown, actual: unknown): boolean {
  if (rule === "equal" || typeof expected !== "number" || typeof actual !== "number")
    return Object.is(expected, actual) || expected === actual;
  return rule === "at_least" ? actual >= expected : actual <= expected;
}

/** Whether an expected value is at least as strict as the contract's bar. */
export function asStrictAsBar(metric: ContractMetric, expected: number): boolean {
  return metric.rule === "at_least"
    ? expected >= metric.bar
    : metric.rule === "at_most"
      ? expected <= metric.bar
      : expected === metric.bar;
}

export const RULE_TEXT: Readonly<Record<MetricRule, string>> = {
  at_least: "actual >= expected",
  at_most: "actual <= expected",
  equal: "actual = expected",
};
