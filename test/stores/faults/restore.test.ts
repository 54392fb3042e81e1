/**
 * The restore cases of the store fault suite (restore-cases.ts), on every measured store: each
 * must end in a typed error or a correct run, never a spent approval run again.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { MEASURED_KINDS, reportPostgresNotMeasured } from "../targets.js";
import { holds } from "./case.js";
import { RESTORE_CASES } from "./restore-cases.js";

const scratch = mkdtempSync(join(tmpdir(), "agent-harness-restore-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("store faults: restore", () => {
  for (const kind of MEASURED_KINDS)
    for (const fault of RESTORE_CASES.filter((c) => c.kinds.includes(kind)))
      it(`${kind}: ${fault.id}: ${fault.expect}`, async () => {
        const result = await fault.run(kind, mkdtempSync(join(scratch, `${kind}-`)));
        expect(holds(result), `${result.outcome}: ${result.detail}`).toBe(true);
        // Each case names the one answer it holds by: a refusal's code, or a run that went right.
        if (fault.expect.includes("(store_restored)")) expect(result.code).toBe("store_restored");
        if (fault.expect.includes("(store_truncated)")) expect(result.code).toBe("store_truncated");
      }, 60_000);
  reportPostgresNotMeasured("store faults: restore");
});
