/**
 * The idempotency ledger, with Stripe's semantics: a completed key replays its stored result,
 * a key reused with other arguments is an error, a key in flight is a conflict, and an
 * uncertain key keeps answering uncertain. Decisions are pure; stores apply them atomically.
 */
import { z } from "zod";
import { digest } from "./canonical.js";
import { assertNever } from "./result.js";
import { hasSideEffects, RISK_RULES, type RiskClass } from "./risk.js";

const entryBase = {
  key: z.string(),
  tool: z.string(),
  args_digest: z.string(),
  /** Who began it: `session_id#step`. The same owner may take over its own entry after a crash. */
  owner: z.string(),
  updated_at: z.number(),
};

const EntryBaseSchema = z.strictObject(entryBase).readonly();
type EntryBase = z.infer<typeof EntryBaseSchema>;

/** A ledger entry as every store holds it; a store reads its records back through this schema. */
export const LedgerEntrySchema = z.discriminatedUnion("state", [
  z.strictObject({ ...entryBase, state: z.literal("in_flight"), dispatched: z.boolean() }).readonly(),
  z.strictObject({ ...entryBase, state: z.literal("completed"), output: z.unknown() }).readonly(),
  z.strictObject({ ...entryBase, state: z.literal("uncertain") }).readonly(),
]);

export type LedgerEntry = z.infer<typeof LedgerEntrySchema>;

export type BeginRequest = Omit<EntryBase, "updated_at"> & {
  readonly at: number;
  /**
   * The call's risk class, never stored in the entry: a restore guard journals the begins of a
   * class that must not run twice, so a lost entry answers `uncertain` (durable/ledger-guard.ts).
   */
  readonly risk?: RiskClass;
};

export type BeginDecision =
  | { readonly kind: "execute" }
  | { readonly kind: "replay"; readonly output: unknown }
  | { readonly kind: "mismatch" }
  | { readonly kind: "conflict" }
  | { readonly kind: "uncertain" };

/** What `begin` answers for a key, given what the ledger holds for it. */
export function decideBegin(entry: LedgerEntry | undefined, request: BeginRequest): BeginDecision {
  if (entry === undefined) return { kind: "execute" };
  if (entry.tool !== request.tool || entry.args_digest !== request.args_digest) return { kind: "mismatch" };
  switch (entry.state) {
    case "completed":
      return { kind: "replay", output: entry.output };
    case "uncertain":
      return { kind: "uncertain" };
    case "in_flight":
      return entry.owner === request.owner ? { kind: "execute" } : { kind: "conflict" };
    default:
      return assertNever(entry);
  }
}

export type DispatchDecision =
  | { readonly kind: "dispatch" }
  /** The outcome reached the ledger but not the checkpoint: use it, do not execute again. */
  | { readonly kind: "recovered"; readonly output: unknown }
  | { readonly kind: "uncertain"; readonly reason: "ledger_uncertain" | "crash_before_outcome" | "ledger_missing" }
  /** The arguments about to run are not the ones validated and approved: never dispatched. */
  | { readonly kind: "refused"; readonly message: string };

/** What is about to run: the arguments, the digest they were validated and approved under, the risk. */
export type DispatchRequest = {
  readonly risk: RiskClass;
  readonly args: Readonly<Record<string, unknown>>;
  readonly args_digest: string;
};

/**
 * Decides, just before calling a tool, whether an earlier attempt may already have dispatched it
 * (a crash after the intent checkpoint). Rule 5 of the contract: a dispatched call with no recorded
 * outcome does what its risk class's `afterCrash` says (run again under the same key, or `uncertain`).
 *
 * `entry` is the ledger's entry for the intent's key. Every engine begins the entry before the
 * intent is checkpointed (the `ledger/begin` effect's answer is what records the intent), so a
 * side-effecting intent whose entry is missing has lost it — deleted, or its store rolled back —
 * and whether it ran is unknown: `uncertain`, never a fresh dispatch (CONTRACT §9).
 */
export function decideDispatch(entry: LedgerEntry | undefined, request: DispatchRequest): DispatchDecision {
  // Stored state can be edited between approval and execution; the digest is what the person approved.
  if (digest(request.args) !== request.args_digest)
    return { kind: "refused", message: "arguments differ from their approved args_digest; not dispatched" };
  if (entry !== undefined && entry.args_digest !== request.args_digest)
    return { kind: "refused", message: "arguments differ from the ledger entry of this key; not dispatched" };
  if (entry === undefined)
    return hasSideEffects(request.risk) ? { kind: "uncertain", reason: "ledger_missing" } : { kind: "dispatch" };
  switch (entry.state) {
    case "completed":
      return { kind: "recovered", output: entry.output };
    case "uncertain":
      return { kind: "uncertain", reason: "ledger_uncertain" };
    case "in_flight":
      return entry.dispatched ? afterCrash(request.risk) : { kind: "dispatch" };
    default:
      return assertNever(entry);
  }
}

function afterCrash(risk: RiskClass): DispatchDecision {
  const rule = RISK_RULES[risk].afterCrash;
  switch (rule) {
    case "run_again":
      return { kind: "dispatch" };
    case "uncertain":
      return { kind: "uncertain", reason: "crash_before_outcome" };
    default:
      return assertNever(rule);
  }
}

/** Storage for the ledger. Each method is atomic; `begin` is a compare-and-set. */
export interface LedgerStore {
  get(key: string): LedgerEntry | undefined;
  begin(request: BeginRequest): BeginDecision;
  setDispatched(key: string, dispatched: boolean, at: number): void;
  complete(key: string, output: unknown, at: number): void;
  markUncertain(key: string, at: number): void;
  /** Forgets an entry whose call never reached the outside world. */
  release(key: string): void;
}

/** The entry each ledger operation leaves; every store writes these and only these. */
export const ledgerEntries = {
  /**
   * The entry `begin` writes. The same owner beginning its own in-flight key again (a retry after
   * its store failed mid-call) keeps the dispatched mark: forgetting it would let a call that may
   * already have reached the tool be dispatched a second time.
   */
  begun(request: BeginRequest, existing?: LedgerEntry): LedgerEntry {
    const { at, risk: _risk, ...rest } = request;
    const dispatched = existing?.state === "in_flight" && existing.dispatched;
    return { ...rest, state: "in_flight", dispatched, updated_at: at };
  },
  dispatched: (entry: LedgerEntry, dispatched: boolean, at: number): LedgerEntry =>
    entry.state === "in_flight" ? { ...entry, dispatched, updated_at: at } : entry,
  completed: (entry: LedgerEntry, output: unknown, at: number): LedgerEntry => ({
    ...base(entry),
    state: "completed",
    output,
    updated_at: at,
  }),
  uncertain: (entry: LedgerEntry, at: number): LedgerEntry => ({ ...base(entry), state: "uncertain", updated_at: at }),
};

/** An in-memory ledger (tests, single process). */
export function createMemoryLedger(): LedgerStore & { entries(): readonly LedgerEntry[] } {
  const entries = new Map<string, LedgerEntry>();
  // Methods, not arrow properties: a ledger is made per run, and under tsx each arrow is named as it is made.
  return {
    get(key) {
      return entries.get(key);
    },
    begin(request) {
      const decision = decideBegin(entries.get(request.key), request);
      if (decision.kind === "execute") entries.set(request.key, ledgerEntries.begun(request, entries.get(request.key)));
      return decision;
    },
    setDispatched(key, dispatched, at) {
      update(entries, key, (e) => ledgerEntries.dispatched(e, dispatched, at));
    },
    complete(key, output, at) {
      update(entries, key, (e) => ledgerEntries.completed(e, output, at));
    },
    markUncertain(key, at) {
      update(entries, key, (e) => ledgerEntries.uncertain(e, at));
    },
    release(key) {
      entries.delete(key);
    },
    entries() {
      return [...entries.values()];
    },
  };
}

function update(entries: Map<string, LedgerEntry>, key: string, change: (entry: LedgerEntry) => LedgerEntry): void {
  const entry = entries.get(key);
  if (entry !== undefined) entries.set(key, change(entry));
}

function base(entry: LedgerEntry): EntryBase {
  return {
    key: entry.key,
    tool: entry.tool,
    args_digest: entry.args_digest,
    owner: entry.owner,
    updated_at: entry.updated_at,
  };
}
