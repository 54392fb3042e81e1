/**
 * The store fault suite's runner (issue 24 item 6): every case of every case file
 * (`faults/index.ts`) on every store kind it applies to and this run measures. Each must hold — a
 * typed error or a correct run, never a silent change or a raw error. With Postgres measured too,
 * the results are evidence/fault-stores-v2.json, and a committed copy that no longer matches fails.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { paced } from "../setup/pace.js";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "../crash/harness.js";
import { holds, type StoreFaultCase, type StoreFaultOutcome, type StoreFaultResult } from "./faults/case.js";
import * as CASE_FILES from "./faults/index.js";
import { MEASURED_KINDS, type StoreKind } from "./targets.js";
import { measuredHere } from "../setup/requirements.js";

const EVIDENCE = join(ROOT, "evidence/fault-stores-v2.json");
const CASES: readonly StoreFaultCase[] = Object.values(CASE_FILES).flat();

const scratch = mkdtempSync(join(tmpdir(), "agent-harness-fault-suite-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

type Row = { readonly id: string; readonly group: string; readonly kind: StoreKind; readonly expect: string } & {
  readonly outcome: StoreFaultOutcome;
  readonly code: string | null;
  readonly detail: string;
};
const rows: Row[] = [];
// A case on an adapter's engine runs with that adapter present; else the not-measured line names it.
const runnable = (c: StoreFaultCase): boolean => c.engine === undefined || measuredHere(c.engine);
const planned = CASES.filter(runnable).flatMap((c) =>
  c.kinds.filter((kind) => MEASURED_KINDS.includes(kind)).map((kind) => ({ c, kind })),
);

describe("the store fault suite", () => {
  it("has cases, with unique ids", () => {
    expect(CASES.length).toBeGreaterThan(0);
    expect(new Set(CASES.map((c) => c.id)).size).toBe(CASES.length);
  });
  for (const { c, kind } of planned)
    it(
      `${c.id} on ${kind}: ${c.expect}`,
      async () => {
        const result: StoreFaultResult = await c.run(kind, mkdtempSync(join(scratch, `${kind}-`)));
        const { outcome, code, detail } = result;
        rows.push({ id: c.id, group: c.group, kind, expect: c.expect, outcome, code: code ?? null, detail });
        // The whole result in the message: a case that does not hold says what it saw.
        expect(holds(result), JSON.stringify(result)).toBe(true);
        if (c.code !== undefined) expect(code, JSON.stringify(result)).toBe(c.code);
        // A refusal is the one the case promises, not merely some typed error.
        if (outcome === "typed_error") expect(c.expect, JSON.stringify(result)).toContain(code);
      },
      paced(240_000),
    );
});

/** What a run must reproduce of the committed evidence: everything but the details and the Node version. */
const stable = (report: unknown) =>
  JSON.stringify(report, (key, value: unknown) => (key === "detail" || key === "node" ? "varies" : value));

describe("evidence", () => {
  it("writes evidence/fault-stores-v2.json when Postgres is measured (and fails if the committed copy was stale)", () => {
    const complete = MEASURED_KINDS.includes("postgres") && rows.length === planned.length;
    if (!complete)
      return void console.warn("[not written] fault-stores-v2.json: Postgres not measured, or a case did not finish");
    const sorted = [...rows].sort((a, b) => (a.id === b.id ? a.kind.localeCompare(b.kind) : a.id.localeCompare(b.id)));
    const count = (outcome: StoreFaultOutcome) => rows.filter((row) => row.outcome === outcome).length;
    const report = {
      schema: "agent-harness.fault-stores.v2",
      command: "AGENT_HARNESS_PG_URL=… npx vitest run test/stores/fault-suite.test.ts",
      cases: "test/stores/faults/ (each case file's array, collected in faults/index.ts)",
      node: process.version,
      counts: {
        runs: rows.length,
        holding: rows.filter((row) => holds({ outcome: row.outcome, detail: row.detail })).length,
        typed_error: count("typed_error"),
        correct_run: count("correct_run"),
        silent_change: count("silent_change"),
        raw_error: count("raw_error"),
      },
      results: sorted,
    };
    const before = existsSync(EVIDENCE) ? readFileSync(EVIDENCE, "utf8") : null;
    const fresh = before !== null && stable(JSON.parse(before)) === stable(report);
    if (!fresh) writeFileSync(EVIDENCE, `${JSON.stringify(report, null, 2)}\n`);
    expect(report.counts.holding).toBe(report.counts.runs);
    expect(fresh, "fault-stores-v2.json was stale and has been rewritten; commit it").toBe(true);
  });
});
