/**
 * The submission's metrics: well formed, at least as strict as the contract's bar, meeting their own
 * expected value by their rule, and, when the checker derived them (metrics.ts), equal to what the
 * verified artifacts give.
 *
 * Metric rule: a rate (schema_validity, recoverable_fault_recovery_rate) passes when
 * actual >= expected, a count of bad events (unapproved_side_effects) when actual <= expected;
 * another metric may state `rule: at_least|at_most|equal` and defaults to equal. An expected
 * value weaker than the contract's own bar (1.0, 0, the versioned recovery threshold) is
 * rejected too, so a submission cannot pass by lowering its expectations.
 */
import type { DerivedMetric } from "./metrics.js";
import { sameMetric } from "./metrics.js";
import type { Add, ProblemCode, Unfilled } from "./problems.js";
import { asStrictAsBar, CONTRACT_METRICS, meets, RECOVERY_THRESHOLD, RULE_TEXT, type MetricRule } from "./rules.js";

const METRIC_KEYS = ["name", "expected", "actual", "rule", "note"] as const;

export function checkMetrics(
  metrics: unknown,
  add: Add,
  isUnfilled: Unfilled,
  derivedMetrics: ReadonlyMap<string, DerivedMetric> | undefined,
): void {
  if (!Array.isArray(metrics)) return add(["metrics"], "bad_metric", "metrics is a list of { name, expected, actual }");
  const seen = new Map<string, number>();
  metrics.forEach((metric, i) => {
    const at = (...rest: (string | number)[]) => ["metrics", i, ...rest];
    if (metric === null || typeof metric !== "object" || Array.isArray(metric))
      return add(at(), "bad_metric", `metrics[${i}] is not a { name, expected, actual } mapping`);
    const m = metric as Record<string, unknown>;
    for (const key of Object.keys(m))
      if (!(METRIC_KEYS as readonly string[]).includes(key))
        add(at(key), "unknown_field", `metrics[${i}].${key} is not a metric field (${METRIC_KEYS.join(", ")})`, "key");
    for (const key of ["name", "expected", "actual"] as const)
      if (!(key in m) || m[key] === null) add(at(), "missing_field", `metrics[${i}] has no ${key}`);
    if (typeof m["name"] !== "string") return;
    const name = m["name"];
    if (seen.has(name))
      add(
        at("name"),
        "duplicate_metric",
        `metric ${name} is listed twice (first at metrics[${String(seen.get(name))}])`,
      );
    seen.set(name, i);
    const contract = CONTRACT_METRICS.find((c) => c.name === name);
    let rule: MetricRule = contract?.rule ?? "equal";
    if ("rule" in m && !isUnfilled(at("rule"))) {
      if (m["rule"] !== "at_least" && m["rule"] !== "at_most" && m["rule"] !== "equal")
        return add(at("rule"), "bad_metric", `metric ${name}: rule is at_least, at_most or equal`);
      if (contract !== undefined && m["rule"] !== contract.rule)
        return add(
          at("rule"),
          "bad_metric",
          `metric ${name}: its rule is ${contract.rule} (${RULE_TEXT[contract.rule]}), not ${String(m["rule"])}`,
        );
      rule = m["rule"];
    }
    if (
      isUnfilled(at("expected")) ||
      isUnfilled(at("actual")) ||
      !("expected" in m) ||
      !("actual" in m) ||
      m["expected"] === null ||
      m["actual"] === null
    )
      return;
    const { expected, actual } = m;
    if (derivedMetrics !== undefined)
      checkDerived(name, actual, derivedMetrics, (code, message) => add(at("actual"), code, message));
    if (contract !== undefined) {
      let wellFormed = true;
      for (const [key, v] of [
        ["expected", expected],
        ["actual", actual],
      ] as const) {
        if (typeof v !== "number" || !Number.isFinite(v)) {
          add(at(key), "bad_metric", `metric ${name}: ${key} ${JSON.stringify(v)} is not a number`);
          wellFormed = false;
        } else if (contract.kind === "rate" && (v < 0 || v > 1)) {
          add(at(key), "bad_metric", `metric ${name}: ${key} ${v} is a rate, between 0 and 1`);
          wellFormed = false;
        } else if (contract.kind === "count" && (v < 0 || !Number.isInteger(v))) {
          add(at(key), "bad_metric", `metric ${name}: ${key} ${v} is a count, a whole number >= 0`);
          wellFormed = false;
        }
      }
      if (!wellFormed) return;
      if (!asStrictAsBar(contract, expected as number)) {
        const bar =
          contract.name === "recoverable_fault_recovery_rate"
            ? `threshold ${RECOVERY_THRESHOLD.version} = ${contract.bar}`
            : `${contract.bar}`;
        add(
          at("expected"),
          "weak_expected",
          `metric ${name}: expected ${String(expected)} is weaker than the contract's ${bar} (${RULE_TEXT[contract.rule]})`,
        );
      }
    }
    if (!meets(rule, expected, actual)) {
      add(
        at("actual"),
        "metric_missed",
        `metric ${name}: actual ${JSON.stringify(actual)} misses expected ${JSON.stringify(expected)} (rule ${rule}: ${RULE_TEXT[rule]})`,
      );
    }
  });
  for (const contract of CONTRACT_METRICS) {
    if (!seen.has(contract.name))
      add(
        ["metrics"],
        "missing_metric",
        `metric ${contract.name} is missing (every submission of this module reports it)`,
        "key",
      );
  }
}

/** The submitted actual against the value the checker derived from the artifacts (metrics.ts). */
function checkDerived(
  name: string,
  actual: unknown,
  derived: ReadonlyMap<string, DerivedMetric>,
  add: (code: ProblemCode, message: string) => void,
): void {
  const metric = derived.get(name);
  if (metric === undefined)
    return add(
      "metric_underived",
      `metric ${name}: the checker derives only ${[...derived.keys()].join(", ")} from the artifacts, so it cannot take ${name} as read`,
    );
  if (metric.value === null) return add("metric_underived", `metric ${name}: ${metric.why}`);
  if (!sameMetric(actual, metric.value))
    add(
      "metric_mismatch",
      `metric ${name}: actual ${JSON.stringify(actual)}, but the artifacts give ${JSON.stringify(metric.value)} (${metric.from})`,
    );
}
