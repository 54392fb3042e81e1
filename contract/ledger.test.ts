import { describe, it, expect } from "vitest";
import { digest } from "./canonical.js";
import { createMemoryLedger, decideBegin, decideDispatch, type BeginRequest, type LedgerEntry } from "./ledger.js";
import type { RiskClass } from "./risk.js";

const ARGS = { title: "notes" };
const D1 = digest(ARGS);
/** What is about to run: the validated arguments under the digest the ledger entry holds. */
const call = (risk: RiskClass, args: Record<string, unknown> = ARGS, args_digest = D1) => ({ risk, args, args_digest });

const request = (over: Partial<BeginRequest> = {}): BeginRequest => ({
  key: "k1",
  tool: "save_artifact",
  args_digest: D1,
  owner: "s1#1",
  at: 10,
  ...over,
});

const entry = (state: "in_flight" | "completed" | "uncertain", over: Partial<BeginRequest> = {}): LedgerEntry => {
  const { at, ...rest } = request(over);
  const common = { ...rest, updated_at: at };
  switch (state) {
    case "in_flight":
      return { ...common, state, dispatched: true };
    case "completed":
      return { ...common, state, output: { id: 7 } };
    case "uncertain":
      return { ...common, state };
  }
};

describe("decideBegin (Stripe semantics)", () => {
  it("executes a key the ledger has never seen", () => {
    expect(decideBegin(undefined, request())).toEqual({ kind: "execute" });
  });

  it("replays the stored output for the same key and arguments after completion", () => {
    expect(decideBegin(entry("completed"), request({ owner: "s2#4" }))).toEqual({ kind: "replay", output: { id: 7 } });
  });

  it("answers mismatch for the same key with other arguments, whatever state the key is in", () => {
    for (const state of ["completed", "in_flight", "uncertain"] as const) {
      expect(decideBegin(entry(state), request({ args_digest: "d2" }))).toEqual({ kind: "mismatch" });
    }
  });

  it("answers mismatch for the same key and arguments on another tool", () => {
    expect(decideBegin(entry("completed"), request({ tool: "publish_report" }))).toEqual({ kind: "mismatch" });
  });

  it("answers conflict for the same key while another owner has it in flight", () => {
    expect(decideBegin(entry("in_flight"), request({ owner: "s2#1" }))).toEqual({ kind: "conflict" });
  });

  it("lets the same owner take its own in-flight entry over after a crash", () => {
    expect(decideBegin(entry("in_flight"), request())).toEqual({ kind: "execute" });
  });

  it("keeps answering uncertain for an uncertain key", () => {
    expect(decideBegin(entry("uncertain"), request())).toEqual({ kind: "uncertain" });
    expect(decideBegin(entry("uncertain"), request({ owner: "s9#9" }))).toEqual({ kind: "uncertain" });
  });
});

describe("decideDispatch (recovery after an intent checkpoint)", () => {
  it("dispatches a read_only call, which has no entry", () => {
    expect(decideDispatch(undefined, call("read_only"))).toEqual({ kind: "dispatch" });
  });

  it("answers uncertain (ledger_missing) for a write whose entry is missing: the entry is begun before the intent", () => {
    for (const risk of ["idempotent_write", "high_risk"] as const)
      expect(decideDispatch(undefined, call(risk))).toEqual({ kind: "uncertain", reason: "ledger_missing" });
  });

  it("uses a completed outcome instead of executing again", () => {
    expect(decideDispatch(entry("completed"), call("high_risk"))).toEqual({ kind: "recovered", output: { id: 7 } });
  });

  it("runs an idempotent_write again under the same key even if it was dispatched", () => {
    expect(decideDispatch(entry("in_flight"), call("idempotent_write"))).toEqual({ kind: "dispatch" });
  });

  it("runs a read_only call again after a crash (it changes nothing)", () => {
    expect(decideDispatch(entry("in_flight"), call("read_only"))).toEqual({ kind: "dispatch" });
  });

  it("never dispatches again an always_deny call that somehow holds a dispatched entry", () => {
    expect(decideDispatch(entry("in_flight"), call("always_deny"))).toEqual({
      kind: "uncertain",
      reason: "crash_before_outcome",
    });
  });

  it("dispatches a high_risk call whose earlier attempt never reached the tool", () => {
    const undispatched: LedgerEntry = { ...entry("in_flight"), state: "in_flight", dispatched: false };
    expect(decideDispatch(undispatched, call("high_risk"))).toEqual({ kind: "dispatch" });
  });

  it("answers uncertain (crash_before_outcome) for a dispatched high_risk call with no outcome", () => {
    expect(decideDispatch(entry("in_flight"), call("high_risk"))).toEqual({
      kind: "uncertain",
      reason: "crash_before_outcome",
    });
  });

  it("refuses arguments that no longer match the digest they were approved under (edited stored state)", () => {
    const edited = { title: "notes", audience: "public" };
    expect(decideDispatch(undefined, call("high_risk", edited))).toMatchObject({ kind: "refused" });
    expect(decideDispatch(entry("in_flight"), call("read_only", edited))).toMatchObject({ kind: "refused" });
  });

  it("refuses when the digest itself was rewritten to match edited arguments but the ledger holds the approved one", () => {
    const edited = { title: "other" };
    expect(decideDispatch(entry("in_flight"), call("idempotent_write", edited, digest(edited)))).toMatchObject({
      kind: "refused",
    });
    expect(decideDispatch(undefined, call("idempotent_write", edited, digest(edited)))).toEqual({
      kind: "uncertain",
      reason: "ledger_missing",
    });
  });

  it("keeps an uncertain key uncertain", () => {
    expect(decideDispatch(entry("uncertain"), call("idempotent_write"))).toEqual({
      kind: "uncertain",
      reason: "ledger_uncertain",
    });
  });
});

describe("createMemoryLedger", () => {
  it("records a new key as in_flight and not yet dispatched", () => {
    const ledger = createMemoryLedger();
    expect(ledger.begin(request())).toEqual({ kind: "execute" });
    expect(ledger.get("k1")).toEqual({
      key: "k1",
      tool: "save_artifact",
      args_digest: D1,
      owner: "s1#1",
      state: "in_flight",
      dispatched: false,
      updated_at: 10,
    });
  });

  it("answers a second begin of an in-flight key from another owner with a conflict and leaves the entry alone", () => {
    const ledger = createMemoryLedger();
    ledger.begin(request());
    const before = ledger.get("k1");
    expect(ledger.begin(request({ owner: "s2#1", at: 20 }))).toEqual({ kind: "conflict" });
    expect(ledger.get("k1")).toEqual(before);
  });

  it("replays the completed output, and refuses the key for other arguments without overwriting it", () => {
    const ledger = createMemoryLedger();
    ledger.begin(request());
    ledger.complete("k1", { saved: true }, 11);
    expect(ledger.begin(request({ owner: "s2#1" }))).toEqual({ kind: "replay", output: { saved: true } });
    expect(ledger.begin(request({ args_digest: "other" }))).toEqual({ kind: "mismatch" });
    expect(ledger.get("k1")).toMatchObject({ state: "completed", args_digest: D1, output: { saved: true } });
    expect(ledger.entries()).toHaveLength(1);
  });

  it("keeps an uncertain key uncertain for every later begin with the same arguments", () => {
    const ledger = createMemoryLedger();
    ledger.begin(request());
    ledger.markUncertain("k1", 12);
    expect(ledger.begin(request())).toEqual({ kind: "uncertain" });
    expect(ledger.begin(request({ owner: "s3#3" }))).toEqual({ kind: "uncertain" });
    expect(ledger.get("k1")?.state).toBe("uncertain");
  });

  it("marks dispatch on in-flight entries only", () => {
    const ledger = createMemoryLedger();
    ledger.begin(request());
    ledger.setDispatched("k1", true, 13);
    expect(ledger.get("k1")).toMatchObject({ state: "in_flight", dispatched: true, updated_at: 13 });
    ledger.complete("k1", 1, 14);
    ledger.setDispatched("k1", false, 15);
    expect(ledger.get("k1")).toMatchObject({ state: "completed", output: 1, updated_at: 14 });
  });

  it("forgets a released key, so it can begin again", () => {
    const ledger = createMemoryLedger();
    ledger.begin(request());
    ledger.release("k1");
    expect(ledger.get("k1")).toBeUndefined();
    expect(ledger.begin(request({ owner: "s2#1" }))).toEqual({ kind: "execute" });
  });
});

describe("the same owner beginning its own in-flight key again", () => {
  it("keeps the dispatched mark, so a high-risk call that may have reached the tool is uncertain, not sent twice", () => {
    const ledger = createMemoryLedger();
    const args = { artifact: "art_weekly", audience: "team" };
    const request = { key: "k1", tool: "publish_report", args_digest: digest(args), owner: "worker-1", at: 0 };
    expect(ledger.begin(request).kind).toBe("execute");
    ledger.setDispatched("k1", true, 1);
    // The worker's store failed mid-call; it retries the call under the same key and owner.
    expect(ledger.begin({ ...request, at: 2 }).kind).toBe("execute");
    expect(decideDispatch(ledger.get("k1"), { risk: "high_risk", args, args_digest: digest(args) })).toEqual({
      kind: "uncertain",
      reason: "crash_before_outcome",
    });
  });
});
