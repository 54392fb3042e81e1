/**
 * What every native engine answers alike over its sessions (native-sessions.ts): a session id runs once, an
 * unknown one is refused, and a restored client copy is the last interruption as it was, its answers forgotten.
 */
import { describe, expect, it } from "vitest";
import { createManualClock } from "../contract/index.js";
import { decisionOf, EngineUsageError, nativeAnswers, nativeSessions, type NativeSession } from "./index.js";

const CALL = { callId: "call_1", tool: "publish_report", args: { audience: "team" } };

function book() {
  const kept = new Map<string, NativeSession>();
  return { kept, sessions: nativeSessions(kept, createManualClock(1_000)) };
}

const codeOf = (work: () => unknown): string | undefined => {
  try {
    work();
  } catch (error) {
    if (error instanceof EngineUsageError) return error.code;
    throw error;
  }
  return undefined;
};

describe("nativeSessions", () => {
  it("opens a session once, from its goal at the clock's time, and refuses the id again", () => {
    const { kept, sessions } = book();
    const s = sessions.open("s1", "publish the report");
    expect(kept.get("s1")).toBe(s);
    expect(s).toMatchObject({ goal: "publish the report", started_at: 1_000, phase: "running", resume: null });
    expect(codeOf(() => sessions.open("s1", "again"))).toBe("session_exists");
    expect(kept.get("s1")?.goal).toBe("publish the report");
  });

  it("refuses an unknown session, and shows none for it", async () => {
    const { sessions } = book();
    expect(codeOf(() => sessions.get("nobody"))).toBe("unknown_session");
    await expect(sessions.state("nobody")).resolves.toBeUndefined();
    sessions.open("s1", "goal");
    await expect(sessions.state("s1")).resolves.toMatchObject({ session_id: "s1", status: "ready" });
  });

  it("rewinds to the last interruption as it was, its answers forgotten, and only from past it", () => {
    const { sessions } = book();
    const s = sessions.open("s1", "goal");
    expect(codeOf(() => sessions.rewind("s1", "interruption"))).toBe("nothing_to_rewind");
    const turns = [{ raw: "publish", calls: [CALL] }];
    s.interruption = { turns, results: new Map(), waiting: [CALL], resume: "blob-at-interruption" };
    Object.assign(s, { phase: "waiting", waiting: [CALL], turns: [...turns] });
    expect(codeOf(() => sessions.rewind("s1", "interruption"))).toBe("nothing_to_rewind");
    Object.assign(s, { phase: "done", turns: [...turns, { raw: "done", calls: [] }], resume: null });
    s.decided.set("call_1", "approve");
    const view = sessions.rewind("s1", "interruption");
    expect(view).toMatchObject({ status: "approval_required", pending_approval: { tool: "publish_report" } });
    expect(s).toMatchObject({ phase: "waiting", turns, resume: "blob-at-interruption", waiting: [CALL] });
    expect(s.decided.size).toBe(0);
    expect(s.turns).not.toBe(s.interruption?.turns);
  });
});

describe("nativeAnswers", () => {
  it("has no uncertain outcome to reconcile, no audit trace and no graph", async () => {
    const answers = nativeAnswers(book().sessions, "Some SDK");
    await expect(answers.reconcileUncertain()).rejects.toMatchObject({
      code: "not_reconcilable",
      message: "Some SDK has no uncertain outcome to reconcile",
    });
    await expect(answers.trace()).resolves.toEqual([]);
    await expect(answers.graphSteps()).resolves.toBeNull();
  });
});

describe("decisionOf", () => {
  it("approves the call shown unless declined, and refuses what is not an approval input", () => {
    expect(decisionOf({ kind: "decline" })).toBe("reject");
    expect(decisionOf({ kind: "token", token: "anything" })).toBe("approve");
    expect(codeOf(() => decisionOf({ kind: "approve-all" }))).toBe("approval_malformed");
    expect(codeOf(() => decisionOf("decline"))).toBe("approval_malformed");
  });
});

describe("nativeSessions run", () => {
  const ERRORS = { stepLimit: "TooManyTurns", unwrap: (error: unknown) => new Error(`unwrapped: ${String(error)}`) };
  const named = (name: string) => Object.assign(new Error(name), { name });

  it("keeps the waiting calls and the interruption as the client holds it, then the final answer", async () => {
    const { sessions } = book();
    const s = sessions.open("s1", "goal");
    s.decided.set("old", "approve");
    const waiting = await sessions.run("s1", s, async () => ({ waiting: [CALL], resume: "blob" }), ERRORS);
    expect(waiting).toMatchObject({ status: "approval_required", pending_approval: { tool: "publish_report" } });
    expect(s).toMatchObject({ phase: "waiting", resume: "blob", waiting: [CALL] });
    expect([s.decided.size, s.interruption?.resume, s.interruption?.waiting]).toEqual([0, "blob", [CALL]]);
    const done = await sessions.run("s1", s, async () => ({ final: "published" }), ERRORS);
    expect(done).toMatchObject({ status: "done", final: "published" });
    expect([s.waiting, s.resume]).toEqual([[], "blob"]);
  });

  it("ends at the step limit on the framework's own error, and unwraps any other", async () => {
    const { sessions } = book();
    const s = sessions.open("s1", "goal");
    const limited = await sessions.run("s1", s, () => Promise.reject(named("TooManyTurns")), ERRORS);
    expect(limited.status).toBe("step_limit");
    const failing = sessions.run("s1", s, () => Promise.reject(named("Other")), ERRORS);
    await expect(failing).rejects.toThrow("unwrapped: Other: Other");
  });
});
