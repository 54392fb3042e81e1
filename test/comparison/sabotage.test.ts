/**
 * Parity is not the contract: when the shared contract itself is broken, every engine breaks alike,
 * `equal` stays true everywhere, and only the columns' expected signals can tell. Each case
 * sabotages one contract function for every engine at once and runs the real compare.ts main.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { main } from "../../scripts/compare.js";
import type { ComparisonReport } from "../../scripts/comparison/report.js";
import { scratchDir } from "../setup/scratch.js";

type Sabotage = "replay_broken" | "dispatched_mark_dropped" | "args_digest_unchecked" | null;
const active = vi.hoisted(() => ({ sabotage: null as Sabotage }));

vi.mock("../../contract/ledger.ts", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../contract/ledger.js")>();
  return {
    ...real,
    createMemoryLedger: () => {
      const ledger = real.createMemoryLedger();
      const { begin, setDispatched } = ledger;
      // A completed key answers "execute" instead of replaying its stored result.
      ledger.begin = (request) => {
        if (active.sabotage === "replay_broken" && ledger.get(request.key)?.state === "completed")
          ledger.release(request.key);
        return begin(request);
      };
      // The ledger forgets that a call left for the executor.
      ledger.setDispatched = (key, dispatched, at) =>
        active.sabotage === "dispatched_mark_dropped" ? undefined : setDispatched(key, dispatched, at);
      return ledger;
    },
  };
});

vi.mock("../../contract/approval.ts", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../contract/approval.js")>();
  const claimedDigest = (token: string): string | undefined => {
    try {
      return (JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString()) as { args_digest?: string })
        .args_digest;
    } catch {
      return undefined;
    }
  };
  return {
    ...real,
    // The token's argument digest is taken on trust instead of compared with the pending call's.
    verifyApprovalToken: (...[token, check, secret]: Parameters<typeof real.verifyApprovalToken>) => {
      const digest = claimedDigest(token);
      if (active.sabotage !== "args_digest_unchecked" || check.pending === null || digest === undefined)
        return real.verifyApprovalToken(token, check, secret);
      return real.verifyApprovalToken(token, { ...check, pending: { ...check.pending, args_digest: digest } }, secret);
    },
  };
});

afterEach(() => {
  active.sabotage = null;
});

async function compareLocal(): Promise<{ code: number; report: ComparisonReport; table: string }> {
  const output = join(scratchDir("sabotage-"), "evidence.json");
  const err: string[] = [];
  const code = await main(["--framework", "local_state_graph", "--output", output], {
    stdout: () => undefined,
    stderr: (t) => void err.push(t),
  });
  return { code, report: JSON.parse(readFileSync(output, "utf8")) as ComparisonReport, table: err.join("") };
}

const rowOf = (report: ComparisonReport, name: string) => {
  const row = report.scenarios.find((s) => s.name === name);
  if (row === undefined) throw new Error(`no column ${name}`);
  return row;
};

describe("a sabotaged contract: equal everywhere, yet the verdict fails and compare exits 1", () => {
  it.each([
    ["replay_broken", "idempotency_replay", "the same write sent twice ran twice"],
    [
      "dispatched_mark_dropped",
      "crash_after_side_effect_high_risk",
      "the publish landed twice: the new process published again",
    ],
    [
      "args_digest_unchecked",
      "approval_token_unbound",
      "refused as bad signature, other arguments, other tool, other session, expired",
    ],
  ] as const)("%s breaks %s (%s)", async (sabotage, column, violated) => {
    active.sabotage = sabotage;
    const { code, report, table } = await compareLocal();
    expect(report.all_equal).toBe(true);
    expect(report.all_hold).toBe(false);
    expect(code).toBe(1);
    const row = rowOf(report, column);
    expect(row.equal).toBe(true);
    const named = (side: "handwritten" | "framework") => row.verdict[side]?.violations.map((v) => v.expectation) ?? [];
    expect([row.verdict.handwritten.behaviour, row.verdict.framework?.behaviour]).toEqual(["fails", "fails"]);
    expect(named("handwritten")).toContain(violated);
    expect(named("framework")).toContain(violated);
    expect(table).toContain(`${column}: ${row.expected}`);
  });

  it("holds everywhere, with exit 0, once the sabotage is gone", async () => {
    const { code, report } = await compareLocal();
    expect([code, report.all_equal, report.all_hold]).toEqual([0, true, true]);
    expect(
      report.scenarios.every(
        (s) => s.verdict.handwritten.violations.length === 0 && s.verdict.framework?.violations.length === 0,
      ),
    ).toBe(true);
  });
});
