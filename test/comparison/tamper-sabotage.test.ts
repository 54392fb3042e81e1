/**
 * The tampering columns are what notice a broken seal or a ledger that dispatches a completed entry again
 * (issue 47 item 7): each sabotage below breaks one shared contract function for every engine at once, and
 * the real compare.ts main must exit 1 on the reference and on each engine that runs the contract, the
 * built-in graphs and the hardened frameworks alike (the hardened engines reach the contract through their layer).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { main } from "../../scripts/compare.js";
import type { ComparisonReport } from "../../scripts/comparison/report.js";
import { scratchDir } from "../setup/scratch.js";
import { TAMPER_COLUMNS } from "../../scenarios/index.js";

type Sabotage = "seal_unchecked" | "completed_dispatched_again" | "completed_begun_again" | null;
const active = vi.hoisted(() => ({ sabotage: null as Sabotage }));

vi.mock("../../contract/seal.ts", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../contract/seal.js")>();
  const off = () => active.sabotage === "seal_unchecked";
  // Every read of a sealed record opens it, whatever its seal says.
  return {
    ...real,
    checkSeal: (...args: Parameters<typeof real.checkSeal>) =>
      off() ? { ok: true as const, value: undefined } : real.checkSeal(...args),
    checkSealJson: (...args: Parameters<typeof real.checkSealJson>) =>
      off() ? { ok: true as const, value: undefined } : real.checkSealJson(...args),
    openOrThrow: <T>(...args: [string, string, T, unknown]) => (off() ? args[2] : real.openOrThrow(...args)),
  };
});

vi.mock("../../contract/ledger.ts", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../contract/ledger.js")>();
  const on = (sabotage: Sabotage) => active.sabotage === sabotage;
  return {
    ...real,
    // A completed entry found before a dispatch (a restored intent) is dispatched again instead of recovered.
    decideDispatch: (...[entry, request]: Parameters<typeof real.decideDispatch>) =>
      on("completed_dispatched_again") && entry?.state === "completed"
        ? { kind: "dispatch" as const }
        : real.decideDispatch(entry, request),
    createMemoryLedger: () => {
      const ledger = real.createMemoryLedger();
      const { begin } = ledger;
      // A completed key begun again is executed again instead of replaying its stored result.
      ledger.begin = (request) => {
        if (on("completed_begun_again") && ledger.get(request.key)?.state === "completed") ledger.release(request.key);
        return begin(request);
      };
      return ledger;
    },
  };
});

afterEach(() => {
  active.sabotage = null;
});

async function compare(framework: string): Promise<{ code: number; report: ComparisonReport }> {
  const output = join(scratchDir("tamper-sabotage-"), "evidence.json");
  const code = await main(["--framework", framework, "--output", output], {
    stdout: () => undefined,
    stderr: () => undefined,
  });
  return { code, report: JSON.parse(readFileSync(output, "utf8")) as ComparisonReport };
}

const verdictsOf = (report: ComparisonReport, column: string) => {
  const row = report.scenarios.find((s) => s.name === column);
  if (row === undefined) throw new Error(`no column ${column}`);
  return [row.verdict.handwritten.behaviour, row.verdict.framework?.behaviour];
};

const ENGINES = [
  "local_state_graph",
  "langgraph",
  "openai_agents_hardened",
  "ai_sdk_hardened",
  "langchain_agent_hardened",
  "mastra_hardened",
] as const;

/** Each sabotage, and the tampering column whose check it removes. */
const SABOTAGES = [
  ["seal_unchecked", "checkpoint_edited_while_waiting"],
  ["completed_dispatched_again", "intent_restored_outcome_kept"],
  ["completed_begun_again", "ledger_outcome_forgotten"],
] as const;

describe("a sabotaged seal or ledger: the tampering columns fail and compare exits 1 on every contract engine", () => {
  it.each(ENGINES.flatMap((engine) => SABOTAGES.map(([sabotage, column]) => [sabotage, column, engine] as const)))(
    "%s fails %s on handwritten and %s",
    async (sabotage, column, engine) => {
      active.sabotage = sabotage;
      const { code, report } = await compare(engine);
      expect(report.status).toBe("measured");
      expect(code).toBe(1);
      expect(verdictsOf(report, column)).toEqual(["fails", "fails"]);
    },
  );

  it.each(ENGINES)("every tampering column holds on handwritten and %s once the sabotage is gone", async (engine) => {
    const { report } = await compare(engine);
    for (const column of TAMPER_COLUMNS) expect(verdictsOf(report, column.name)).toEqual(["holds", "holds"]);
  });
});
