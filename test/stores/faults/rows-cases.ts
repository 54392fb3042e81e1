/**
 * The row cases of the store fault suite (issue 24 items 3 and 6): every row kind the contract
 * trusts — ledger entry, used nonce, checkpoint, graph checkpoint, trace event, artifact — edited,
 * deleted, swapped with another row and replayed from elsewhere or from an older state, as someone
 * with write access to the database but not the store key would. Each ends in a typed error
 * (`store_tampered`, `checkpoint_tampered`, `store_row_invalid`) or a correct run: never a silent
 * change, never a raw error. The fixture world's row is not here: it stands for the outside world,
 * which the contract observes through its tools and never trusts.
 */
import { sha256Hex, type AgentState } from "../../../contract/index.js";
import { SESSION_ID } from "../../../scenarios/index.js";
import type { StoreFaultCase } from "./case.js";
import { CHECKPOINT_ROW_CASES } from "./rows-checkpoints.js";
import {
  editJson,
  logRows,
  observe,
  openBench,
  publishedOnce,
  publishedRun,
  putLogRow,
  rowCase,
  stoppedForReconcile,
  toApproval,
  tokenFor,
  type Bench,
} from "./rows-kit.js";

const FORGED_SEAL = "0".repeat(64);

const ledgerRow = (bench: Bench, key: string) =>
  bench.sql("SELECT entry, seal FROM ledger WHERE scope = ? AND key = ?", [bench.scope, key])[0] as {
    entry: string;
    seal: string;
  };
const putLedgerRow = (bench: Bench, key: string, entry: string, seal: string) => {
  bench.sql("DELETE FROM ledger WHERE scope = ? AND key = ?", [bench.scope, key]);
  bench.sql("INSERT INTO ledger (scope, key, entry, seal) VALUES (?, ?, ?, ?)", [bench.scope, key, entry, seal]);
};
const submitToken = (bench: Bench, token: string) =>
  bench.restart().submitApproval(SESSION_ID, { kind: "token", token });
/** A used token sent again after the session was rewound to its approval (a restored copy, a time-travel resume). */
const resendAfterRewind = async (bench: Bench, token: string) => {
  const engine = bench.restart();
  const rewound = await engine.rewindToApproval!(SESSION_ID);
  return rewound.ok ? engine.submitApproval(SESSION_ID, { kind: "token", token }) : rewound;
};

const LEDGER_CASES: readonly StoreFaultCase[] = [
  rowCase("ledger/edit-output", "an edited stored output is store_tampered, never replayed", async (bench) => {
    const pending = await publishedRun(bench);
    const key = pending.idempotency_key;
    const row = ledgerRow(bench, key);
    const edited = editJson(row.entry, (e) => void (e["output"] = { report_id: "rep_forged" }));
    putLedgerRow(bench, key, edited, row.seal);
    const request = { key, tool: pending.tool, args_digest: pending.args_digest, owner: "another#1", at: 1 };
    return observe(
      () => bench.env.ledger.begin(request),
      (decision) => ({ correct: false, detail: `begin answered ${JSON.stringify(decision)}` }),
    );
  }),
  rowCase(
    "ledger/pre-seeded-completed",
    "a completed entry inserted by hand before the publish is store_tampered; the run does not end done",
    async (bench) => {
      const pending = await toApproval(bench);
      const entry = { key: pending.idempotency_key, tool: pending.tool, args_digest: pending.args_digest };
      const forged = { ...entry, owner: `${SESSION_ID}#1`, updated_at: 0, state: "completed", output: { id: "x" } };
      putLedgerRow(bench, pending.idempotency_key, JSON.stringify(forged), FORGED_SEAL);
      return observe(() => submitToken(bench, tokenFor(bench, pending)), publishedOnce(bench));
    },
  ),
  rowCase(
    "ledger/copied-from-another-scope",
    "a genuine completed entry of another scope copied in is store_tampered",
    async (bench, kind, dir) => {
      const other = openBench(kind, dir);
      try {
        const done = await publishedRun(other);
        const copied = ledgerRow(other, done.idempotency_key);
        const pending = await toApproval(bench);
        putLedgerRow(bench, pending.idempotency_key, copied.entry, copied.seal);
        return await observe(() => submitToken(bench, tokenFor(bench, pending)), publishedOnce(bench));
      } finally {
        other.env.db.close();
      }
    },
  ),
  rowCase(
    "ledger/delete-then-replay-intent",
    "the entry deleted and the session put back at its intent: uncertain (reconcile_required), no second publish",
    async (bench) => {
      const pending = await publishedRun(bench);
      const intent = logRows(bench, "checkpoints").find((row) => JSON.parse(row.body).state.status === "executing");
      if (intent === undefined) throw new Error("no intent checkpoint");
      const params = [bench.scope, SESSION_ID, Number(intent.n)];
      bench.sql("DELETE FROM log_records WHERE scope = ? AND log = 'checkpoints' AND stream = ? AND n > ?", params);
      bench.sql("DELETE FROM ledger WHERE scope = ? AND key = ?", [bench.scope, pending.idempotency_key]);
      return observe(() => bench.restart().resume(SESSION_ID), stoppedForReconcile(bench));
    },
  ),
  rowCase(
    "ledger/swap",
    "two entries swapped between keys are store_row_invalid (each names its own key), never decided on",
    async (bench) => {
      const pending = await publishedRun(bench);
      const key = pending.idempotency_key;
      bench.env.ledger.begin({ key: "key-other", tool: "save_artifact", args_digest: "d", owner: "o#1", at: 1 });
      const [mine, theirs] = [ledgerRow(bench, key), ledgerRow(bench, "key-other")];
      putLedgerRow(bench, key, theirs.entry, theirs.seal);
      putLedgerRow(bench, "key-other", mine.entry, mine.seal);
      return observe(
        () => bench.env.ledger.get(key),
        (entry) => ({ correct: false, detail: `read ${entry?.state}` }),
      );
    },
  ),
  rowCase(
    "ledger/replay-older-version",
    "the entry put back as it was when begun (genuine, sealed): the finished run stays done, nothing runs again",
    async (bench) => {
      const pending = await toApproval(bench);
      const state = await bench.engine.state(SESSION_ID);
      const step = state.ok ? state.value?.step : undefined;
      const request = { key: pending.idempotency_key, tool: pending.tool, args_digest: pending.args_digest };
      // The very row the engine's begin writes, then forgotten, so the run begins it again itself.
      bench.env.ledger.begin({ ...request, owner: `${SESSION_ID}#${step}`, at: bench.env.clock.now() });
      const begun = ledgerRow(bench, request.key);
      bench.env.ledger.release(request.key);
      await submitToken(bench, tokenFor(bench, pending));
      putLedgerRow(bench, request.key, begun.entry, begun.seal);
      return observe(
        async () => {
          const resumed = await bench.restart().resume(SESSION_ID);
          const other = bench.env.ledger.begin({ ...request, owner: "another#1", at: bench.env.clock.now() });
          return { resumed: resumed.ok ? resumed.value.status : resumed.error.code, other: other.kind };
        },
        (seen) => ({
          correct: seen.resumed === "done" && seen.other === "conflict" && bench.effects() === 1,
          detail: `resume: ${seen.resumed}; another caller's begin: ${seen.other}; ${bench.effects()} report(s)`,
        }),
      );
    },
  ),
];

const nonceRow = (bench: Bench, nonce: string) =>
  bench.sql("SELECT session_id, at, seal FROM nonces WHERE scope = ? AND nonce = ?", [bench.scope, nonce])[0] as {
    session_id: string;
    at: number | string;
    seal: string;
  };
const putNonceRow = (bench: Bench, nonce: string, row: { session_id: string; at: number | string; seal: string }) => {
  bench.sql("DELETE FROM nonces WHERE scope = ? AND nonce = ?", [bench.scope, nonce]);
  bench.sql("INSERT INTO nonces (scope, nonce, session_id, at, seal) VALUES (?, ?, ?, ?, ?)", [
    bench.scope,
    nonce,
    row.session_id,
    Number(row.at),
    row.seal,
  ]);
};

/** An answer read from a row someone altered, even a harmless one, is the silence the suite exists to catch. */
const answeredFromAlteredRow = (bench: Bench) => (state: AgentState) => ({
  correct: false,
  detail: `answered from the altered row: status ${state.status}, ${bench.effects()} report(s)`,
});

const NONCE_CASES: readonly StoreFaultCase[] = [
  rowCase("nonce/edit", "a spent nonce's row edited is store_tampered when the token comes again", async (bench) => {
    const pending = await publishedRun(bench);
    putNonceRow(bench, pending.nonce, { ...nonceRow(bench, pending.nonce), session_id: "someone-else" });
    return observe(() => resendAfterRewind(bench, tokenFor(bench, pending)), answeredFromAlteredRow(bench));
  }),
  rowCase(
    "nonce/delete",
    "a spent nonce's row deleted: the token is taken again, the ledger replays, nothing publishes twice",
    async (bench) => {
      const pending = await publishedRun(bench);
      bench.sql("DELETE FROM nonces WHERE scope = ? AND nonce = ?", [bench.scope, pending.nonce]);
      return observe(() => resendAfterRewind(bench, tokenFor(bench, pending)), publishedOnce(bench));
    },
  ),
  rowCase("nonce/swap", "two nonce rows swapped are store_tampered", async (bench) => {
    const pending = await publishedRun(bench);
    bench.env.nonces.claim("nonce-other", SESSION_ID, 1);
    const [mine, theirs] = [nonceRow(bench, pending.nonce), nonceRow(bench, "nonce-other")];
    putNonceRow(bench, pending.nonce, theirs);
    putNonceRow(bench, "nonce-other", mine);
    return observe(() => resendAfterRewind(bench, tokenFor(bench, pending)), answeredFromAlteredRow(bench));
  }),
  rowCase(
    "nonce/copied-from-another-scope",
    "a genuine spent nonce of another scope copied in is store_tampered, not approval_already_used",
    async (bench, kind, dir) => {
      const other = openBench(kind, dir);
      try {
        const spent = await publishedRun(other);
        const pending = await toApproval(bench);
        putNonceRow(bench, pending.nonce, nonceRow(other, spent.nonce));
        return await observe(
          () => submitToken(bench, tokenFor(bench, pending)),
          () => ({
            correct: false,
            detail: `the token was taken (${bench.effects()} report(s))`,
          }),
        );
      } finally {
        other.env.db.close();
      }
    },
  ),
];

/** The handwritten engine's trace is the durable trace sink's rows. */
const readTrace = (bench: Bench) => () => bench.restart().trace(SESSION_ID);
const traceSeen = (events: readonly unknown[]) => ({ correct: false, detail: `read ${events.length} events` });

const TRACE_CASES: readonly StoreFaultCase[] = [
  rowCase("trace/edit", "an edited trace event is store_tampered", async (bench) => {
    await publishedRun(bench);
    const row = logRows(bench, "trace")[1]!;
    putLogRow(
      bench,
      "trace",
      Number(row.n),
      editJson(row.body, (e) => void (e["reason"] = "nothing happened")),
      row.seal,
    );
    return observe(readTrace(bench), traceSeen);
  }),
  rowCase("trace/delete", "a trace event deleted from the middle is store_tampered (a gap)", async (bench) => {
    await publishedRun(bench);
    bench.sql("DELETE FROM log_records WHERE scope = ? AND log = 'trace' AND stream = ? AND n = 2", [
      bench.scope,
      SESSION_ID,
    ]);
    return observe(readTrace(bench), traceSeen);
  }),
  rowCase("trace/swap", "two trace events swapped are store_tampered", async (bench) => {
    await publishedRun(bench);
    const [first, second] = logRows(bench, "trace");
    putLogRow(bench, "trace", 1, second!.body, second!.seal);
    putLogRow(bench, "trace", 2, first!.body, first!.seal);
    return observe(readTrace(bench), traceSeen);
  }),
  rowCase("trace/replay", "an old trace event appended again is store_tampered", async (bench) => {
    await publishedRun(bench);
    const rows = logRows(bench, "trace");
    putLogRow(bench, "trace", rows.length + 1, rows[0]!.body, rows[0]!.seal);
    return observe(readTrace(bench), traceSeen);
  }),
];

const ref = (body: string) => `artifact:sha256:${sha256Hex(body)}`;
const ARTIFACT_CASES: readonly StoreFaultCase[] = [
  rowCase(
    "artifact/edit",
    "an edited artifact body is store_tampered (it no longer matches its address)",
    async (bench) => {
      bench.env.artifacts.put(ref("the weekly report"), "the weekly report");
      bench.sql("UPDATE artifacts SET body = ? WHERE scope = ?", ["a forged report", bench.scope]);
      return observe(
        () => bench.env.artifacts.get(ref("the weekly report")),
        (body) => ({ correct: false, detail: `read ${body}` }),
      );
    },
  ),
  rowCase("artifact/swap", "two artifact bodies swapped are store_tampered", async (bench) => {
    const [a, b] = ["report a", "report b"];
    bench.env.artifacts.put(ref(a), a);
    bench.env.artifacts.put(ref(b), b);
    bench.sql("UPDATE artifacts SET body = ? WHERE scope = ? AND ref = ?", [b, bench.scope, ref(a)]);
    bench.sql("UPDATE artifacts SET body = ? WHERE scope = ? AND ref = ?", [a, bench.scope, ref(b)]);
    return observe(
      () => bench.env.artifacts.get(ref(a)),
      (body) => ({ correct: false, detail: `read ${body}` }),
    );
  }),
];

export const ROW_CASES: readonly StoreFaultCase[] = [
  ...LEDGER_CASES,
  ...NONCE_CASES,
  ...CHECKPOINT_ROW_CASES,
  ...TRACE_CASES,
  ...ARTIFACT_CASES,
];
