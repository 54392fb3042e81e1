/**
 * The row cases of checkpoints: the contract's (handwritten engine, log `checkpoints`) and the
 * local graph's (log `graph`), each edited, deleted, swapped and replayed. A checkpoint row that
 * fails is `checkpoint_tampered`, the engines' own word, answered as a typed engine error.
 */
import { SESSION_ID } from "../../../scenarios/index.js";
import { publishToPublic } from "../kinds.js";
import type { StoreFaultCase } from "./case.js";
import {
  logRows,
  observe,
  publishedRun,
  putLogRow,
  rowCase,
  toApproval,
  tokenFor,
  type Bench,
  type RowEngine,
} from "./rows-kit.js";

const LOGS: readonly { readonly log: "checkpoints" | "graph"; readonly engine: RowEngine }[] = [
  { log: "checkpoints", engine: "handwritten" },
  { log: "graph", engine: "local_state_graph" },
];

const ranAnyway = (bench: Bench) => () => ({
  correct: false,
  detail: `the run went on (${bench.effects()} report(s))`,
});

function casesOf(log: "checkpoints" | "graph", engine: RowEngine): StoreFaultCase[] {
  const resume = (bench: Bench) => () => bench.restart().resume(SESSION_ID);
  return [
    rowCase(
      `${log}/edit`,
      "a waiting call's arguments edited (team → public, hashes recomputed) is checkpoint_tampered; nothing runs",
      async (bench) => {
        const pending = await toApproval(bench);
        const last = logRows(bench, log).at(-1)!;
        const record = JSON.parse(last.body) as unknown;
        publishToPublic(record);
        putLogRow(bench, log, Number(last.n), JSON.stringify(record), last.seal);
        const token = tokenFor(bench, pending);
        return observe(() => bench.restart().submitApproval(SESSION_ID, { kind: "token", token }), ranAnyway(bench));
      },
      engine,
    ),
    rowCase(
      `${log}/delete`,
      "a checkpoint deleted from the middle of the history is checkpoint_tampered (a gap) when the history is read",
      async (bench) => {
        await publishedRun(bench);
        bench.sql("DELETE FROM log_records WHERE scope = ? AND log = ? AND stream = ? AND n = 2", [
          bench.scope,
          log,
          SESSION_ID,
        ]);
        return observe(() => bench.restart().rewindToApproval!(SESSION_ID), ranAnyway(bench));
      },
      engine,
    ),
    rowCase(
      `${log}/swap`,
      "the first and the latest checkpoint swapped is checkpoint_tampered on resume",
      async (bench) => {
        await publishedRun(bench);
        const rows = logRows(bench, log);
        const [first, last] = [rows[0]!, rows.at(-1)!];
        putLogRow(bench, log, Number(first.n), last.body, last.seal);
        putLogRow(bench, log, Number(last.n), first.body, first.seal);
        return observe(resume(bench), ranAnyway(bench));
      },
      engine,
    ),
    rowCase(
      `${log}/replay`,
      "the approval-waiting checkpoint appended again as the latest is checkpoint_tampered on resume",
      async (bench) => {
        const pending = await toApproval(bench);
        const waiting = logRows(bench, log).at(-1)!;
        await bench.engine.submitApproval(SESSION_ID, { kind: "token", token: tokenFor(bench, pending) });
        putLogRow(bench, log, logRows(bench, log).length + 1, waiting.body, waiting.seal);
        return observe(resume(bench), ranAnyway(bench));
      },
      engine,
    ),
    rowCase(
      `${log}/copied-to-another-session`,
      "a checkpoint copied to another session's stream is store_row_invalid (it names its own session)",
      async (bench) => {
        await publishedRun(bench);
        const last = logRows(bench, log).at(-1)!;
        putLogRow(bench, log, 1, last.body, last.seal, "session-other");
        return observe(() => bench.restart().resume("session-other"), ranAnyway(bench));
      },
      engine,
    ),
  ];
}

export const CHECKPOINT_ROW_CASES: readonly StoreFaultCase[] = LOGS.flatMap(({ log, engine }) => casesOf(log, engine));
