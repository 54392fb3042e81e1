/**
 * The row cases (rows-cases.ts) on every measured store: each must end in a typed error or a
 * correct run, and a typed error must be the one its case names. A red case says what it saw.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { MEASURED_KINDS, reportPostgresNotMeasured } from "../targets.js";
import { holds } from "./case.js";
import { ROW_CASES } from "./rows-cases.js";

const scratch = mkdtempSync(join(tmpdir(), "agent-harness-rows-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

for (const kind of MEASURED_KINDS)
  describe(`row faults on ${kind}`, () => {
    for (const fault of ROW_CASES.filter((c) => c.kinds.includes(kind)))
      it(`${fault.id}: ${fault.expect}`, { timeout: 120_000 }, async () => {
        const result = await fault.run(kind, mkdtempSync(join(scratch, `${kind}-`)));
        expect(holds(result), `${result.outcome} ${result.code ?? ""}: ${result.detail}`).toBe(true);
        // The error is the one the case promises, not merely some typed error.
        if (result.outcome === "typed_error") expect(fault.expect, result.detail).toContain(result.code);
      });
  });

reportPostgresNotMeasured("row faults");
