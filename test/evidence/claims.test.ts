/** The checker replays a comparison's verdicts from its own observations: a claimed verdict or judging is not taken as read. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ComparisonReport } from "../../scripts/comparison/schema.js";
import { contradictions } from "../../scripts/evidence/claims.js";

const committed = () =>
  ComparisonReport.parse(
    JSON.parse(readFileSync(new URL("../../evidence/13-framework-comparison-local-v2.json", import.meta.url), "utf8")),
  );

describe("a comparison's claims, replayed", () => {
  it("finds nothing to contradict in the committed local comparison", () => {
    expect(contradictions(committed(), null)).toEqual([]);
  });

  it("names a verdict its observation does not give, and a judging the catalogue does not", () => {
    const report = committed();
    const [first] = report.scenarios;
    if (first === undefined) throw new Error("no row");
    const forged = {
      ...report,
      judged: "foreign" as const,
      scenarios: [
        {
          ...first,
          verdict: {
            ...first.verdict,
            framework: { behaviour: "fails" as const, vocabulary: "conforms" as const, violations: [] },
          },
        },
        ...report.scenarios.slice(1),
      ],
    };
    const found = contradictions(forged, null);
    expect(found).toContainEqual(expect.stringMatching(new RegExp(`^${first.name}\\.verdict\\.framework says `)));
    expect(found).toContain("judged says foreign, the engine catalogue contract");
  });
});
