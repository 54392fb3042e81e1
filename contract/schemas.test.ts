/** The schemas a store reads its records back through: what they accept, and where they say a record is wrong. */
import { describe, expect, it } from "vitest";
import { CheckpointSchema, toCheckpoint } from "./checkpoint.js";
import { startRun } from "./facts.js";
import { createIdSource } from "./ids.js";
import { LedgerEntrySchema } from "./ledger.js";
import { AgentStateEnvelopeSchema } from "./state.js";
import { TraceEventSchema } from "./trace.js";

const started = startRun("s", "goal", { at: 0, ids: createIdSource("schemas") });
const state = started.state;

// The statuses and roles of CONTRACT.md's state machine, written out as the spec names them.
const STATUSES = [
  "ready",
  "planned",
  "validated",
  "approval_required",
  "batch",
  "authorized",
  "executing",
  "reconcile_required",
  "done",
  "failed",
  "step_limit",
];
const ROLES = ["user", "assistant", "tool"];

describe("AgentStateEnvelopeSchema", () => {
  it("accepts the envelope of every status and every message role", () => {
    for (const status of STATUSES)
      expect(AgentStateEnvelopeSchema.safeParse({ ...state, status }).success, status).toBe(true);
    for (const role of ROLES)
      expect(AgentStateEnvelopeSchema.safeParse({ ...state, messages: [{ role }] }).success, role).toBe(true);
  });

  it("refuses an unknown status, an unknown role and a missing field", () => {
    expect(AgentStateEnvelopeSchema.safeParse({ ...state, status: "paused" }).success).toBe(false);
    expect(AgentStateEnvelopeSchema.safeParse({ ...state, messages: [{ role: "system" }] }).success).toBe(false);
    const { session_id: _, ...missing } = state;
    expect(AgentStateEnvelopeSchema.safeParse(missing).success).toBe(false);
  });
});

describe("CheckpointSchema", () => {
  const checkpoint = toCheckpoint(state, "secret");

  it("accepts a checkpoint as toCheckpoint makes it", () => {
    expect(CheckpointSchema.safeParse(checkpoint).success).toBe(true);
  });

  it("names the state's field that breaks the envelope, as a custom issue under state", () => {
    const parsed = CheckpointSchema.safeParse({ ...checkpoint, state: { ...state, status: "paused" } });
    expect(parsed.success).toBe(false);
    const issue = parsed.error?.issues.find((i) => i.path.join(".") === "state.status");
    expect(issue).toMatchObject({ code: "custom" });
    expect(issue?.message).not.toBe("");
  });

  it("refuses a header hash the state does not hold, saying so", () => {
    const parsed = CheckpointSchema.safeParse({ ...checkpoint, checkpoint_hash: "0".repeat(64) });
    expect(parsed.error?.issues.map((i) => i.message)).toEqual(["does not match its hash"]);
  });
});

describe("LedgerEntrySchema", () => {
  const base = { key: "k", tool: "save_artifact", args_digest: "d", owner: "s#1", updated_at: 1 };
  const entries = [
    { ...base, state: "in_flight", dispatched: false },
    { ...base, state: "completed", output: { id: "a" } },
    { ...base, state: "uncertain" },
  ];

  it("accepts an entry in each of its three states", () => {
    for (const entry of entries) expect(LedgerEntrySchema.safeParse(entry).success, entry.state).toBe(true);
  });

  it("refuses an unknown state, a state's field in another state, an extra key and a missing one", () => {
    expect(LedgerEntrySchema.safeParse({ ...base, state: "lost" }).success).toBe(false);
    expect(LedgerEntrySchema.safeParse({ ...base, state: "uncertain", dispatched: true }).success).toBe(false);
    expect(LedgerEntrySchema.safeParse({ ...entries[0], extra: 1 }).success).toBe(false);
    const { owner: _, ...missing } = entries[2]!;
    expect(LedgerEntrySchema.safeParse(missing).success).toBe(false);
  });
});

describe("TraceEventSchema", () => {
  it("accepts an event as the contract makes it, and refuses one with a field missing", () => {
    expect(TraceEventSchema.safeParse(started.trace).success).toBe(true);
    const { checkpoint_hash: _, ...missing } = started.trace;
    expect(TraceEventSchema.safeParse(missing).success).toBe(false);
  });
});
