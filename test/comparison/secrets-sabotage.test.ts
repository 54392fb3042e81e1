/**
 * Redaction is a verdict: with the sensitive-data scan switched off (every text scans as holding
 * nothing, as if `scanUncached` found nothing), secrets run and are stored on every engine alike,
 * so parity stays true; the secret columns fail, and the real compare.ts main exits 1 naming them.
 */
import { paced } from "../setup/pace.js";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { main } from "../../scripts/compare.js";
import type { ComparisonReport } from "../../scripts/comparison/report.js";
import { adapterInstall } from "../../engines/index.js";
import { SECRET_COLUMNS, SECRET_SAMPLES } from "../../scenarios/secret-columns.js";
import { scratchDir } from "../setup/scratch.js";

const active = vi.hoisted(() => ({ scanOff: false }));

// The scan's memo is the one road every scan takes (`scanText`): answering every text with no find
// switches the detector off for redaction, refusal and the trace at once.
vi.mock("../../contract/text-memo.ts", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../contract/text-memo.js")>();
  return {
    ...real,
    createTextMemo: <V extends object>(maxChars: number) => {
      const memo = real.createTextMemo<V>(maxChars);
      return {
        ...memo,
        get: (text: string, compute: () => V) => (active.scanOff ? ([] as V) : memo.get(text, compute)),
      };
    },
  };
});

afterEach(() => {
  active.scanOff = false;
});

async function compare(
  framework: string,
): Promise<{ code: number; report: ComparisonReport; table: string; json: string }> {
  const output = join(scratchDir("secrets-sabotage-"), "evidence.json");
  const err: string[] = [];
  const code = await main(["--framework", framework, "--output", output], {
    stdout: () => undefined,
    stderr: (t) => void err.push(t),
  });
  const json = readFileSync(output, "utf8");
  return { code, report: JSON.parse(json) as ComparisonReport, table: err.join(""), json };
}

const SECRET_NAMES = SECRET_COLUMNS.map((c) => c.name);
const rawValues = SECRET_SAMPLES.flatMap((s) => s.secrets);

// LangGraph is an optional install (vitest.config.ts fails a CI run without it).
const FRAMEWORKS = adapterInstall("langgraph-adapter").installed
  ? ["local_state_graph", "langgraph"]
  : ["local_state_graph"];

describe.each(FRAMEWORKS)("the scan switched off, compared with %s", (framework) => {
  it(
    "fails every secret column on both engines, names them, and exits 1",
    async () => {
      active.scanOff = true;
      const { code, report, table, json } = await compare(framework);
      expect(report.status).toBe("measured");
      expect(code).toBe(1);
      expect(report.all_hold).toBe(false);
      const fails = (v: { behaviour: string } | null) => v?.behaviour === "fails";
      const broken = report.scenarios.filter((s) => fails(s.verdict.handwritten) || fails(s.verdict.framework));
      expect(broken.map((s) => s.name)).toEqual(SECRET_NAMES);
      for (const row of broken) {
        expect([row.verdict.handwritten.behaviour, row.verdict.framework?.behaviour]).toEqual(["fails", "fails"]);
        expect(table).toContain(`${row.name}: ${row.expected}`);
      }
      // The evidence names where raw values were found, never the values themselves.
      expect(rawValues.filter((value) => json.includes(value))).toEqual([]);
    },
    paced(180_000),
  );
});

describe("the scan on", () => {
  it(
    "holds every secret column, with exit 0",
    async () => {
      const { code, report } = await compare("local_state_graph");
      expect(code).toBe(0);
      const secret = report.scenarios.filter((s) => SECRET_NAMES.includes(s.name));
      expect(secret.map((s) => [s.verdict.handwritten.behaviour, s.verdict.framework?.behaviour])).toEqual(
        SECRET_NAMES.map(() => ["holds", "holds"]),
      );
    },
    paced(180_000),
  );
});
