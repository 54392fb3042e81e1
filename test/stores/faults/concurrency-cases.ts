/**
 * The store fault suite's concurrency cases (issue 24 items 1 and 6): MCP server processes racing
 * one approval on one store, a writer whose read of the session went stale between its load and
 * its nonce claim, and the Postgres server killed inside the transaction of a nonce claim. In
 * each, a spent approval must come with its effect, once, and every other answer must be typed.
 */
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { CheckpointStore } from "../../../contract/index.js";
import { raceOneApproval, type ApprovalRaceRound } from "../../../scenarios/mcp/approval-race.js";
import { ROOT } from "../../crash/harness.js";
import { freshStore, type StoreKind } from "../targets.js";
import { answerName, openCallPath, tokenFor, type CallPath } from "./call-path.js";
import type { StoreFaultCase, StoreFaultResult } from "./case.js";

const ROUNDS = 8;
/** Answers a server that lost the race may give: each says nothing ran, and why. */
const LOSING_ANSWERS = /^(store_error\/session_busy|approval_refused\/approval_already_used)$/;
const LATE_ANSWER = "approval_refused/approval_already_used";

/**
 * The session's status a round may end in: `ready` after the publish, or `approval_required` when
 * a server arrived after it and asked again for its own call (the spent token refused it).
 */
function settled(round: ApprovalRaceRound): boolean {
  if (round.last_status === "ready") return true;
  return round.last_status === "approval_required" && round.answers.includes(LATE_ANSWER);
}

/** Judges the rounds of one race: one publish each, no spent approval without it, every answer typed. */
export function judgeRace(rounds: readonly ApprovalRaceRound[], servers: number): StoreFaultResult {
  const answers = rounds.flatMap((round) => round.answers);
  const tally = new Map<string, number>();
  for (const answer of answers) tally.set(answer, (tally.get(answer) ?? 0) + 1);
  const seen = [...tally].map(([answer, n]) => `${answer}×${n}`).join(", ");
  const detail = (what: string) => `${rounds.length} rounds × ${servers} servers: ${what}; answers ${seen}`;
  const untyped = answers.find((answer) => answer.startsWith("error/internal_error") || answer.startsWith("protocol"));
  if (untyped !== undefined)
    return { outcome: "raw_error", code: untyped, detail: detail(`a server answered ${untyped}`) };
  const spentIdle = rounds.filter((round) => round.nonce_spent && round.effects === 0).length;
  if (spentIdle > 0)
    return { outcome: "silent_change", detail: detail(`${spentIdle} approvals spent with nothing run`) };
  const wrong = rounds.filter(
    (round) =>
      round.effects !== 1 ||
      round.answers.filter((a) => a === "ok/none").length !== 1 ||
      round.answers.some((a) => a !== "ok/none" && !LOSING_ANSWERS.test(a)) ||
      !settled(round),
  );
  if (wrong.length > 0)
    return {
      outcome: "silent_change",
      detail: detail(`${wrong.length} rounds without exactly one publish and one ok`),
    };
  return { outcome: "correct_run", detail: detail("one publish and one ok per round, the session settled after it") };
}

function mcpRace(servers: number, kinds: readonly StoreKind[]): StoreFaultCase {
  return {
    id: `concurrency/mcp-approval-race/${servers}-servers`,
    group: "concurrency",
    kinds,
    expect: `${servers} MCP servers sent one token at once, ${ROUNDS} rounds: one publish per round, the rest session_busy or approval_already_used`,
    async run(kind, dir) {
      const { spec } = freshStore(kind, dir);
      const store = spec.kind === "sqlite" ? `sqlite:${spec.path}` : spec.url;
      return judgeRace(await raceOneApproval(store, servers, ROUNDS), servers);
    },
  };
}

/** Seqs of the session's stored checkpoints that do not follow the one before (a stale writer's fork). */
function forks(path: CallPath, session: string): number[] {
  const seqs = path.stores.checkpoints.list(session).map((c) => c.seq);
  return seqs.filter((seq, i) => i > 0 && seq <= seqs[i - 1]!);
}

/**
 * Process A reads the session, process B then moves it on (a refused token), and A, still holding
 * its old read, claims the nonce of a valid token. A's checkpoint must lose to B's and take the
 * claim back with it: A answers session_busy, and the same token then runs once.
 */
const staleWriter: StoreFaultCase = {
  id: "concurrency/stale-writer-claim-undone",
  group: "concurrency",
  kinds: ["sqlite", "postgres"],
  expect:
    "a writer that read the session before another moved it on: session_busy, the nonce unspent, a retry runs once",
  async run(kind, dir) {
    const { spec, scope } = freshStore(kind, dir);
    let stale: ReturnType<CheckpointStore["latest"]> | null = null;
    let claimed = false;
    const a = openCallPath(spec, scope, {
      sessions: (stores) => ({
        ...stores.checkpoints,
        latest: (id) => (stale === null ? stores.checkpoints.latest(id) : [stale, (stale = null)][0]!),
      }),
      nonces: (stores) => ({ ...stores.nonces, claim: (...args) => (claimed = stores.nonces.claim(...args)) }),
    });
    const b = openCallPath(spec, scope);
    try {
      const { token, nonce } = tokenFor(await a.publish("s", null));
      stale = a.stores.checkpoints.latest("s") ?? null;
      const moved = answerName(await b.publish("s", "not-a-token"));
      const first = answerName(await a.publish("s", token));
      const spent = a.stores.nonces.has(nonce);
      const retry = answerName(await a.publish("s", token));
      const detail = `B ${moved}; A ${claimed ? "claimed the nonce, then " : ""}${first}; nonce ${spent ? "spent" : "unspent"}; retry ${retry}, ${a.effects("s")} publish`;
      if (first === "error/internal_error") return { outcome: "raw_error", code: first, detail };
      if (forks(a, "s").length > 0)
        return { outcome: "silent_change", detail: `${detail}; a checkpoint forked the session` };
      if (!claimed || first !== "store_error/session_busy" || spent || retry !== "ok/none" || a.effects("s") !== 1)
        return { outcome: "silent_change", detail };
      return { outcome: "typed_error", code: "session_busy", detail };
    } finally {
      a.close();
      b.close();
    }
  },
};

const PG_BINARIES = existsSync("/usr/lib/postgresql") && readdirSync("/usr/lib/postgresql").length > 0;

/**
 * A server of the case's own (`.ci/postgres.sh`; the shared one keeps serving other suites) is
 * stopped `-m immediate` and started again inside the transaction that saves the `authorized`
 * checkpoint, after the nonce claim. Either the claim was in that transaction and went with it
 * (a typed store error, the nonce unspent, the same token then runs once), or the call ran; never
 * a spent nonce with nothing run.
 */
const postgresKilled: StoreFaultCase = {
  id: "server/postgres-killed-mid-transaction",
  group: "server",
  kinds: PG_BINARIES ? ["postgres"] : [],
  expect:
    "the server killed while the authorized checkpoint is saved: a typed store error (store_unavailable) and the token still runs once",
  async run() {
    // Not under the case's folder: the server runs as the postgres user, who must reach this one.
    const cluster = join(mkdtempSync(join(tmpdir(), "agent-harness-pg-killed-")), "pg");
    chmodSync(dirname(cluster), 0o755);
    const script = join(ROOT, ".ci/postgres.sh");
    const url = execFileSync(script, ["start", cluster], { encoding: "utf8" }).trim();
    let armed = false;
    const path = openCallPath({ kind: "postgres", url }, "killed", {
      sessions: (stores) => ({
        ...stores.checkpoints,
        put(checkpoint, after) {
          if (!armed || checkpoint.state.status !== "authorized") return stores.checkpoints.put(checkpoint, after);
          armed = false;
          // The transaction the checkpoint is written in (the driver's, when it holds one) is open when the server goes.
          stores.atomically(() => {
            execFileSync(script, ["restart", cluster], { stdio: "ignore" });
            stores.checkpoints.put(checkpoint, after);
          });
        },
      }),
    });
    try {
      const { token, nonce } = tokenFor(await path.publish("s", null));
      armed = true;
      const first = answerName(await path.publish("s", token));
      const spent = path.stores.nonces.has(nonce);
      const retry = answerName(await path.publish("s", token));
      const effects = path.effects("s");
      const detail = `killed mid-transaction: ${first}; nonce ${spent ? "spent" : "unspent"}; retry ${retry}, ${effects} publish`;
      if (first === "error/internal_error") return { outcome: "raw_error", code: first, detail };
      if (first.startsWith("store_error/") && !spent && retry === "ok/none" && effects === 1)
        return { outcome: "typed_error", code: first.slice("store_error/".length), detail };
      if (first === "ok/none" && retry === "approval_refused/approval_already_used" && effects === 1)
        return { outcome: "correct_run", detail };
      return { outcome: "silent_change", detail };
    } finally {
      path.close();
      execFileSync(script, ["stop", cluster], { stdio: "ignore" });
      rmSync(dirname(cluster), { recursive: true, force: true });
    }
  },
};

export const CONCURRENCY_CASES: readonly StoreFaultCase[] = [
  staleWriter,
  mcpRace(4, ["postgres"]),
  mcpRace(6, ["sqlite"]),
  postgresKilled,
];
