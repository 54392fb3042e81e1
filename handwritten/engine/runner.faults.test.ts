/** The fault injections of CONTRACT.md section 4 (all but the MCP one), each its own test, on the handwritten engine. */
import { describe, it, expect } from "vitest";
import {
  approvePending,
  digest,
  isProcessCrash,
  issueApprovalToken,
  ProcessCrash,
  type Checkpoint,
  type CheckpointStore,
  messagesOf,
} from "../../contract/index.js";
import { finalAnswer, toolCall, type Fault } from "../fixtures/index.js";
import { createHandwrittenEngine } from "./index.js";
import {
  eventsOfType,
  expectStatus,
  field,
  onlyToolMessage,
  restart,
  setup,
  toolMessages,
  traceOf,
  unwrap,
} from "./test-helpers.js";

const SESSION = "s1";
const PUBLISH_ARGS = { artifact: "art_q3", audience: "team" } as const;
const SAVE_ARGS = { name: "q3_summary", content: "signups grew" } as const;

/** A checkpoint store whose first `put` matching `when` dies before writing: the process crashes there. */
function crashingOnce(store: CheckpointStore, when: (checkpoint: Checkpoint) => boolean): CheckpointStore {
  let crashed = false;
  return {
    put(checkpoint) {
      if (!crashed && when(checkpoint)) {
        crashed = true;
        throw new ProcessCrash("process died before the checkpoint was written");
      }
      store.put(checkpoint);
    },
    latest: (session_id) => store.latest(session_id),
    list: (session_id) => store.list(session_id),
  };
}

/** Runs `action` and returns what it threw (the test fails if it did not throw). */
async function thrown(action: () => Promise<unknown>): Promise<unknown> {
  try {
    await action();
  } catch (e) {
    return e;
  }
  throw new Error("expected the process to crash");
}

describe("fault injections", () => {
  it("timeout after the side effect: stops in reconcile_required, the key stays uncertain, confirm continues without a second execute", async () => {
    const KEY = "publish-q3";
    const { env, engine } = setup({
      script: [toolCall("publish_report", PUBLISH_ARGS, KEY), finalAnswer("published")],
      faults: [{ tool: "publish_report", kind: "timeout_after_effect", times: 1 }],
    });
    const waiting = expectStatus(unwrap(await engine.start(SESSION, "publish")), "approval_required");
    const token = approvePending(waiting.pending_approval, SESSION, env.secret, env.clock.now());
    expectStatus(unwrap(await engine.submitApproval(SESSION, { kind: "token", token })), "reconcile_required");
    expect(eventsOfType(env, SESSION, "tool_uncertain").map((e) => e.reason)).toEqual(["timeout"]);
    expect(env.ledger.get(KEY)?.state).toBe("uncertain");
    expect(env.world.totalEffects("publish_report")).toBe(1);

    // No automatic retry.
    expectStatus(unwrap(await engine.resume(SESSION)), "reconcile_required");
    expect(env.world.totalCalls("publish_report")).toBe(1);

    // The same key, even freshly approved in another session, answers uncertain and is not executed.
    const other = expectStatus(unwrap(await engine.start("s2", "publish again")), "approval_required");
    const otherToken = approvePending(other.pending_approval, "s2", env.secret, env.clock.now());
    expectStatus(unwrap(await engine.submitApproval("s2", { kind: "token", token: otherToken })), "reconcile_required");
    expect(eventsOfType(env, "s2", "tool_uncertain").map((e) => e.reason)).toEqual(["ledger_uncertain"]);
    expect(env.world.totalCalls("publish_report")).toBe(1);

    const done = expectStatus(
      unwrap(
        await engine.reconcileUncertain(SESSION, { outcome: "confirmed", operator: "alice", note: "report is live" }),
      ),
      "done",
    );
    expect(done.final).toBe("published");
    expect(eventsOfType(env, SESSION, "tool_reconciled")).toHaveLength(1);
    expect(env.world.totalCalls("publish_report")).toBe(1);
    expect(env.world.totalEffects("publish_report")).toBe(1);
    expect(env.world.data.reports).toHaveLength(1);
  });

  it("high-risk write before approval: approval_required with 0 side effects, and resuming does not run it", async () => {
    const { env, engine } = setup({ script: [toolCall("publish_report", PUBLISH_ARGS), finalAnswer("published")] });
    const state = expectStatus(unwrap(await engine.start(SESSION, "publish")), "approval_required");
    expect(state.pending_approval.tool).toBe("publish_report");
    expect(env.world.totalCalls()).toBe(0);
    expect(env.world.totalEffects()).toBe(0);
    expectStatus(unwrap(await restart(env).resume(SESSION)), "approval_required");
    expect(env.world.totalCalls()).toBe(0);
    expect(env.world.data.reports).toEqual([]);
  });

  it("schema checked after execution: invalid arguments never reach execute and the issues go back to the model", async () => {
    const { env, engine } = setup({
      script: [
        toolCall("save_artifact", { name: "Bad Name!", content: 5 }),
        toolCall("publish_report", { artifact: "../etc/passwd", audience: "everyone" }),
        finalAnswer("stopped"),
      ],
    });
    const state = expectStatus(unwrap(await engine.start(SESSION, "save and publish")), "done");
    expect(env.world.totalCalls()).toBe(0);
    const [save, publish] = toolMessages(state);
    for (const message of [save, publish]) {
      expect(message?.status).toBe("rejected");
      expect(field(message?.content, "code")).toBe("invalid_arguments");
    }
    expect((field(save?.content, "issues") as { path: string }[]).map((i) => i.path).sort()).toEqual([
      "$.content",
      "$.name",
    ]);
    expect((field(publish?.content, "issues") as { path: string }[]).map((i) => i.path).sort()).toEqual([
      "$.artifact",
      "$.audience",
    ]);
    // The invalid high-risk call did not even reach policy: nobody was asked to approve it.
    expect(eventsOfType(env, SESSION, "approval_requested")).toEqual([]);
  });

  it("approval token not bound to args and expiry: an old token for other arguments and an expired token are rejected", async () => {
    const { env, engine } = setup({
      script: [
        toolCall("publish_report", PUBLISH_ARGS),
        toolCall("publish_report", { ...PUBLISH_ARGS, audience: "public" }),
        finalAnswer("done"),
      ],
    });
    const first = expectStatus(unwrap(await engine.start(SESSION, "publish")), "approval_required");
    const oldToken = approvePending(first.pending_approval, SESSION, env.secret, env.clock.now());
    // The person declines the team report; the model then asks to publish to the public.
    const second = expectStatus(unwrap(await engine.submitApproval(SESSION, { kind: "decline" })), "approval_required");
    expect(second.pending_approval.args).toEqual({ ...PUBLISH_ARGS, audience: "public" });

    expectStatus(unwrap(await engine.submitApproval(SESSION, { kind: "token", token: oldToken })), "approval_required");
    expect(traceOf(env, SESSION).at(-1)?.reason).toBe("approval_args_mismatch");

    // A token with the right arguments and nonce but a past expiry.
    const expired = issueApprovalToken(
      {
        tool: "publish_report",
        args_digest: digest({ ...PUBLISH_ARGS, audience: "public" }),
        session_id: SESSION,
        expires_at: env.clock.now() - 1,
        nonce: second.pending_approval.nonce,
      },
      env.secret,
    );
    expectStatus(unwrap(await engine.submitApproval(SESSION, { kind: "token", token: expired })), "approval_required");
    expect(traceOf(env, SESSION).at(-1)?.reason).toBe("approval_expired");
    expect(env.world.totalCalls()).toBe(0);

    const bound = approvePending(second.pending_approval, SESSION, env.secret, env.clock.now());
    expectStatus(unwrap(await engine.submitApproval(SESSION, { kind: "token", token: bound })), "done");
    expect(env.world.data.reports.map((r) => r.audience)).toEqual(["public"]);
  });

  describe("side effect before checkpoint", () => {
    const saveScript = [toolCall("save_artifact", SAVE_ARGS, "save-q3"), finalAnswer("saved")];

    it.each<[string, Fault["kind"]]>([
      ["after", "crash_after_effect"],
      ["before", "crash_before_effect"],
    ])(
      "a crash %s the idempotent_write's effect: the intent checkpoint is there, and a new process re-runs it under the same key with one effect",
      async (_when, kind) => {
        const { env, engine } = setup({ script: saveScript, faults: [{ tool: "save_artifact", kind, times: 1 }] });
        const crash = await thrown(() => engine.start(SESSION, "save"));
        expect(isProcessCrash(crash)).toBe(true);

        const latest = env.checkpoints.latest(SESSION)?.state;
        if (latest?.status !== "executing")
          throw new Error(`latest checkpoint is ${latest?.status ?? "missing"}, not executing`);
        expect(latest.intent).toMatchObject({ key: "save-q3", tool: "save_artifact", args_digest: digest(SAVE_ARGS) });
        expect(env.ledger.get("save-q3")).toMatchObject({ state: "in_flight", dispatched: true });

        const state = expectStatus(unwrap(await restart(env).resume(SESSION)), "done");
        expect(env.world.data.calls["save_artifact"]).toEqual({ "save-q3": 2 });
        expect(env.world.totalEffects("save_artifact")).toBe(1);
        expect(env.world.data.effects["save_artifact"]).toEqual({ "save-q3": 1 });
        expect(onlyToolMessage(state)).toMatchObject({ status: "ok", idempotency_key: "save-q3" });
        expect(env.ledger.get("save-q3")?.state).toBe("completed");
      },
    );

    it("a crash after a high_risk effect: a new process answers reconcile_required (crash_before_outcome) and publishes exactly once", async () => {
      const { env, engine } = setup({
        script: [toolCall("publish_report", PUBLISH_ARGS), finalAnswer("published")],
        faults: [{ tool: "publish_report", kind: "crash_after_effect", times: 1 }],
      });
      const waiting = expectStatus(unwrap(await engine.start(SESSION, "publish")), "approval_required");
      const token = approvePending(waiting.pending_approval, SESSION, env.secret, env.clock.now());
      expect(isProcessCrash(await thrown(() => engine.submitApproval(SESSION, { kind: "token", token })))).toBe(true);
      expect(env.checkpoints.latest(SESSION)?.state.status).toBe("executing");

      const fresh = restart(env);
      const state = expectStatus(unwrap(await fresh.resume(SESSION)), "reconcile_required");
      expect(state.intent.key).toBe(waiting.call.idempotency_key);
      expect(eventsOfType(env, SESSION, "tool_uncertain").map((e) => e.reason)).toEqual(["crash_before_outcome"]);
      expect(env.world.totalEffects("publish_report")).toBe(1);
      expect(env.world.totalCalls("publish_report")).toBe(1);

      // Resuming again still does not publish.
      expectStatus(unwrap(await restart(env).resume(SESSION)), "reconcile_required");
      expect(env.world.totalEffects("publish_report")).toBe(1);
      expect(env.world.data.reports).toHaveLength(1);
    });

    it("a crash while writing the intent checkpoint: the tool never ran, and a new process runs it exactly once", async () => {
      const { env } = setup({ script: [toolCall("publish_report", PUBLISH_ARGS), finalAnswer("published")] });
      const dying = createHandwrittenEngine({
        ...env,
        checkpoints: crashingOnce(env.checkpoints, (c) => c.state.status === "executing"),
      });
      const waiting = expectStatus(unwrap(await dying.start(SESSION, "publish")), "approval_required");
      const token = approvePending(waiting.pending_approval, SESSION, env.secret, env.clock.now());
      expect(isProcessCrash(await thrown(() => dying.submitApproval(SESSION, { kind: "token", token })))).toBe(true);
      // No executor call may happen before the intent is durable.
      expect(env.world.totalCalls()).toBe(0);
      expect(env.checkpoints.latest(SESSION)?.state.status).toBe("authorized");
      expect(env.ledger.get(waiting.call.idempotency_key)).toMatchObject({ state: "in_flight", dispatched: false });

      expectStatus(unwrap(await restart(env).resume(SESSION)), "done");
      expect(env.world.totalCalls("publish_report")).toBe(1);
      expect(env.world.totalEffects("publish_report")).toBe(1);
    });

    it("a crash after the outcome reached the ledger but before its checkpoint: a new process uses the recorded outcome and does not publish again", async () => {
      const { env } = setup({ script: [toolCall("publish_report", PUBLISH_ARGS), finalAnswer("published")] });
      const dying = createHandwrittenEngine({
        ...env,
        checkpoints: crashingOnce(env.checkpoints, (c) =>
          messagesOf(c.state).some((m) => m.role === "tool" && m.status === "ok"),
        ),
      });
      const waiting = expectStatus(unwrap(await dying.start(SESSION, "publish")), "approval_required");
      const token = approvePending(waiting.pending_approval, SESSION, env.secret, env.clock.now());
      expect(isProcessCrash(await thrown(() => dying.submitApproval(SESSION, { kind: "token", token })))).toBe(true);
      expect(env.checkpoints.latest(SESSION)?.state.status).toBe("executing");
      expect(env.ledger.get(waiting.call.idempotency_key)?.state).toBe("completed");

      const state = expectStatus(unwrap(await restart(env).resume(SESSION)), "done");
      expect(onlyToolMessage(state)).toMatchObject({ status: "ok", content: { report_id: "rep_1", audience: "team" } });
      expect(
        traceOf(env, SESSION)
          .filter((e) => e.type === "tool_succeeded")
          .at(-1)?.reason,
      ).toBe("recovered_from_ledger");
      expect(env.world.totalCalls("publish_report")).toBe(1);
      expect(env.world.totalEffects("publish_report")).toBe(1);
    });

    it("a read_only call may simply run again after a crash", async () => {
      const { env, engine } = setup({
        script: [toolCall("read_table", { table: "sales", limit: 1 })],
        faults: [{ tool: "read_table", kind: "crash_before_effect", times: 1 }],
      });
      expect(isProcessCrash(await thrown(() => engine.start(SESSION, "read")))).toBe(true);
      expectStatus(unwrap(await restart(env).resume(SESSION)), "done");
      expect(env.world.totalCalls("read_table")).toBe(2);
    });
  });

  it("tool output treated as an instruction: injected text triggers nothing, and policy still gates the tool it names", async () => {
    const { env, engine } = setup({
      script: [
        toolCall("read_table", { table: "support_notes", limit: 2 }),
        toolCall("publish_report", { artifact: "art_leak", audience: "public" }),
      ],
    });
    const state = expectStatus(unwrap(await engine.start(SESSION, "summarise support notes")), "approval_required");
    const [notes] = toolMessages(state);
    expect(notes?.role).toBe("tool");
    expect(JSON.stringify(notes?.content)).toContain("ignore previous instructions");
    expect(state.pending_approval.args).toEqual({ artifact: "art_leak", audience: "public" });
    expect(env.world.totalCalls("publish_report")).toBe(0);
    expect(env.world.data.reports).toEqual([]);
  });
});
