/**
 * An adapter's engines through compare, as a user runs them (`compare --framework <id>`): what every adapter's
 * engine suite asks of the report, written once. A hardened engine holds and equals the reference in every column
 * on memory and SQLite at its pinned version; a native one is measured, judged by behaviour, and its findings are
 * read from its columns.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { main } from "../../scripts/compare.js";
import type { ComparisonReport } from "../../scripts/comparison/report.js";
import { ALL_COLUMNS } from "../../scenarios/index.js";
import { paced } from "../setup/pace.js";
import { scratchDir } from "../setup/scratch.js";
import type { AdapterFolder, AdapterRow } from "../../engines/catalogue.js";
import { adapterRow } from "../../engines/pinned-install.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/**
 * Both suites on an adapter of the engine table with one contract engine and one foreign one, each found by its
 * row: the hardened engine's, and the native engine's with `more`, its own findings, under `title`.
 */
export function adapterThroughCompare(
  folder: AdapterFolder,
  title: string,
  more: (report: ComparisonReport) => void,
): void {
  const adapter = adapterRow(folder);
  const [hardened, ...more_contract] = adapter.engines.filter((e) => e.judged === "contract");
  const [native, ...more_foreign] = adapter.engines.filter((e) => e.judged === "foreign");
  if (hardened === undefined || native === undefined || more_contract.length + more_foreign.length > 0)
    throw new Error(`${folder}: not one contract engine and one foreign one`);
  holdsThroughCompare(hardened.id, pinOf(adapter));
  findingsThroughCompare(native.id, pinOf(adapter), title, more);
}

/** The exact version the adapter's own package.json pins for its row's framework package. */
const pinOf = (adapter: AdapterRow): string | undefined =>
  (
    JSON.parse(readFileSync(join(ROOT, adapter.folder, "package.json"), "utf8")) as {
      dependencies: Record<string, string>;
    }
  ).dependencies[adapter.package];

/** `compare --framework <framework>` on memory stores, or on `store` with DIR a fresh scratch folder. */
async function compareRun(framework: string, store: string | null = null) {
  const dir = scratchDir(`${framework}-compare-`);
  const output = join(dir, "evidence.json");
  const store_args = store === null ? [] : ["--store", store.replace("DIR", dir)];
  const code = await main(["--framework", framework, "--output", output, "--quiet", ...store_args], {
    stdout: () => undefined,
    stderr: () => undefined,
  });
  return { code, report: JSON.parse(readFileSync(output, "utf8")) as ComparisonReport };
}

/** The report's row of column `name`. */
export const columnIn = (report: ComparisonReport, name: string) => {
  const row = report.scenarios.find((s) => s.name === name);
  if (row === undefined) throw new Error(`no column ${name}`);
  return row;
};

/** The spec suite of a hardened engine: every column holds in the contract's words, equal to the reference. */
function holdsThroughCompare(framework: string, pin: string | undefined): void {
  describe(framework, () => {
    it.each([
      ["memory", null],
      ["SQLite", "sqlite:DIR/harness.sqlite"],
    ])(
      "holds and equals the reference in every column on %s stores, at the pinned version (exit 0)",
      async (_kind, store) => {
        const { code, report } = await compareRun(framework, store);
        expect([report.framework_version, report.judged]).toEqual([pin, "contract"]);
        const passing = (v: ComparisonReport["scenarios"][number]["verdict"]["framework"]) =>
          v?.behaviour === "holds" && v.vocabulary !== "differs";
        expect(report.scenarios.filter((s) => !passing(s.verdict.framework)).map((s) => s.name)).toEqual([]);
        expect(report.scenarios.map((s) => s.name)).toEqual(ALL_COLUMNS.map((c) => c.name));
        expect([code, report.all_hold, report.all_equal]).toEqual([0, true, true]);
      },
      paced(120_000),
    );
  });
}

/**
 * The spec suite of a native engine, as its docs teach it: measured and foreign at its pin, compare exits 1, every
 * column has a verdict, the framework's own approval stops the publish before it runs (pre_approval_state holds),
 * a client's saved state resumed again runs the approved publish a second time, and each of two waiting calls is
 * answered on its own (the first answer leaves the column waiting, not in error). `more`: its own findings.
 */
function findingsThroughCompare(
  framework: string,
  pin: string | undefined,
  title: string,
  more: (report: ComparisonReport) => void,
): void {
  describe(framework, () => {
    it(
      title,
      async () => {
        const { code, report } = await compareRun(framework);
        expectNativeFindings(code, report, pin);
        more(report);
      },
      paced(120_000),
    );
  });
}

function expectNativeFindings(code: number, report: ComparisonReport, pin: string | undefined): void {
  expect([code, report.status, report.framework_version, report.judged]).toEqual([1, "measured", pin, "foreign"]);
  expect(report.scenarios.every((s) => s.verdict.framework !== null)).toBe(true);
  expect(columnIn(report, "pre_approval_state").verdict.framework?.behaviour).toBe("holds");
  const twice = columnIn(report, "double_resume_same_approval");
  expect(twice.verdict.framework?.behaviour).toBe("fails");
  expect(twice.verdict.framework?.violations.map((v) => v.expectation).join(" ")).toMatch(/ran again/);
  const effects = (twice.framework as { side_effects: Record<string, Record<string, number>> }).side_effects;
  expect(Object.values(effects["publish_report"] ?? {}).reduce((a, b) => a + b, 0)).toBe(2);
  const mixed = columnIn(report, "mixed_approve_decline");
  expect(mixed.verdict.framework?.behaviour).not.toBe("error");
  const answered = (mixed.framework as { after_each_action: { status: string }[] }).after_each_action[1];
  expect(answered).toMatchObject({ status: "approval_required" });
}
