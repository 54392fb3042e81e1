/**
 * Rules of CONTRACT.md section 3 on the handwritten engine (createHandwrittenEngine over
 * createEnvironment). Expectations are counted in the fixture world or reasoned by hand.
 */
import { createHash } from "node:crypto";
import { describe, it, expect } from "vitest";
import {
  approvePending,
  DEFAULT_EPOCH,
  isSensitiveIdentifier,
  isTerminal,
  type AgentState,
  type Checkpoint,
  type LedgerEntry,
} from "../../contract/index.js";
import { FIXTURE_TABLES, finalAnswer, toolCall } from "../fixtures/index.js";
import {
  eventsOfType,
  expectStatus,
  field,
  observedRegistry,
  onlyToolMessage,
  referenceCanonical,
  referenceStateHash,
  setup,
  toolMessages,
  traceOf,
  traceTypes,
  unwrap,
} from "./test-helpers.js";

const nodeSha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");
const argsDigest = (args: unknown) => nodeSha256(referenceCanonical(args));

const SESSION = "s1";
const SAVE_ARGS = { name: "q3_summary", content: "signups grew" } as const;
const PUBLISH_ARGS = { artifact: "art_q3", audience: "team" } as const;

describe("rule 1: schema first", () => {
  it("rejects invalid arguments before execute, returns the issues, and lets the model rewrite the call", async () => {
    const { env, engine } = setup({
      script: [
        toolCall("save_artifact", { name: "Q3 Summary!", content: 42 }),
        toolCall("save_artifact", SAVE_ARGS),
        finalAnswer("saved"),
      ],
    });
    const state = expectStatus(unwrap(await engine.start(SESSION, "save it")), "done");
    const [rejected, accepted] = toolMessages(state);
    expect(rejected?.status).toBe("rejected");
    expect(field(rejected?.content, "code")).toBe("invalid_arguments");
    const issues = field(rejected?.content, "issues") as { path: string }[];
    expect(issues.map((i) => i.path).sort()).toEqual(["$.content", "$.name"]);
    expect(accepted?.status).toBe("ok");
    // Only the rewritten call reached the executor.
    expect(env.world.totalCalls("save_artifact")).toBe(1);
    expect(env.world.totalEffects("save_artifact")).toBe(1);
  });
});

describe("rule 2: policy before execution", () => {
  it("runs a read_only call", async () => {
    const { env, engine } = setup({ script: [toolCall("read_table", { table: "sales", limit: 2 })] });
    const state = expectStatus(unwrap(await engine.start(SESSION, "read")), "done");
    const message = onlyToolMessage(state);
    expect(message.status).toBe("ok");
    expect(message.content).toEqual({
      table: "sales",
      rows: [
        { week: 1, spend: 100, signups: 20, note: "" },
        { week: 2, spend: 110, signups: 24, note: "" },
      ],
    });
    expect(env.world.totalCalls("read_table")).toBe(1);
  });

  it("runs an idempotent_write call and lands exactly one side effect", async () => {
    const { env, engine } = setup({ script: [toolCall("save_artifact", SAVE_ARGS)] });
    expectStatus(unwrap(await engine.start(SESSION, "save")), "done");
    expect(env.world.totalEffects("save_artifact")).toBe(1);
    expect(Object.values(env.world.data.artifacts)).toEqual([{ ...SAVE_ARGS }]);
  });

  it("stops a high_risk call in approval_required with zero side effects and the call pending", async () => {
    const { env, engine } = setup({ script: [toolCall("publish_report", PUBLISH_ARGS), finalAnswer("published")] });
    const state = expectStatus(unwrap(await engine.start(SESSION, "publish")), "approval_required");
    expect(state.pending_approval).toMatchObject({
      tool: "publish_report",
      args: PUBLISH_ARGS,
      args_digest: argsDigest(PUBLISH_ARGS),
    });
    expect(env.world.totalCalls()).toBe(0);
    expect(env.world.data.reports).toEqual([]);
    // It waits: the planner was not asked again, and nothing entered the ledger.
    expect(state.step).toBe(1);
    expect(env.ledger.get(state.call.idempotency_key)).toBeUndefined();
    expect(traceTypes(env, SESSION).at(-1)).toBe("approval_requested");
  });

  it("runs a high_risk call exactly once after a valid approval", async () => {
    const { env, engine } = setup({ script: [toolCall("publish_report", PUBLISH_ARGS), finalAnswer("published")] });
    const waiting = expectStatus(unwrap(await engine.start(SESSION, "publish")), "approval_required");
    const token = approvePending(waiting.pending_approval, SESSION, env.secret, env.clock.now());
    const state = expectStatus(unwrap(await engine.submitApproval(SESSION, { kind: "token", token })), "done");
    expect(env.world.totalEffects("publish_report")).toBe(1);
    expect(env.world.data.reports).toEqual([
      { report_id: "rep_1", ...PUBLISH_ARGS, key: waiting.call.idempotency_key },
    ]);
    expect(state.used_approvals).toEqual([waiting.pending_approval.nonce]);
  });

  it("records a person's decline as a tool message and never executes the call", async () => {
    const { env, engine } = setup({ script: [toolCall("publish_report", PUBLISH_ARGS), finalAnswer("not published")] });
    await engine.start(SESSION, "publish");
    const state = expectStatus(unwrap(await engine.submitApproval(SESSION, { kind: "decline" })), "done");
    expect(onlyToolMessage(state)).toMatchObject({ status: "declined", content: { code: "approval_declined" } });
    expect(env.world.totalCalls()).toBe(0);
  });

  it("refuses always_deny every time with a reason, while run_shell stays registered", async () => {
    const { env, engine } = setup({
      script: [
        toolCall("run_shell", { command: "rm -rf /" }),
        toolCall("run_shell", { command: "ls" }),
        finalAnswer("gave up"),
      ],
    });
    const state = expectStatus(unwrap(await engine.start(SESSION, "shell")), "done");
    const messages = toolMessages(state);
    expect(messages.map((m) => [m.tool, m.status, field(m.content, "code")])).toEqual([
      ["run_shell", "denied", "always_deny"],
      ["run_shell", "denied", "always_deny"],
    ]);
    expect(env.world.totalCalls("run_shell")).toBe(0);
    expect(env.registry.get("run_shell")?.risk).toBe("always_deny");
    expect(eventsOfType(env, SESSION, "policy_denied").map((e) => e.reason)).toEqual(["always_deny", "always_deny"]);
  });
});

describe("rule 4: idempotency", () => {
  it("gives an artifact id the trace keeps, where the key's hash starts with a digit run read as a phone number", async () => {
    const key = "save-801";
    expect(isSensitiveIdentifier(`art_${nodeSha256(key).slice(0, 12)}`)).toBe(true);
    const { engine } = setup({ script: [toolCall("save_artifact", SAVE_ARGS, key)] });
    const state = expectStatus(unwrap(await engine.start(SESSION, "save once")), "done");
    const id = `art_${nodeSha256(nodeSha256(key)).slice(0, 12)}`;
    expect(isSensitiveIdentifier(id)).toBe(false);
    expect(toolMessages(state)).toMatchObject([{ status: "ok", content: { artifact_id: id } }]);
  });

  it("replays the stored output for the same key and arguments after completion, without calling the executor", async () => {
    const key = "save-q3";
    const { env, engine } = setup({
      script: [toolCall("save_artifact", SAVE_ARGS, key), toolCall("save_artifact", SAVE_ARGS, key)],
    });
    const state = expectStatus(unwrap(await engine.start(SESSION, "save twice")), "done");
    const [first, second] = toolMessages(state);
    const expected = {
      artifact_id: `art_${nodeSha256(key).slice(0, 12)}`,
      name: SAVE_ARGS.name,
      bytes: SAVE_ARGS.content.length,
    };
    expect(first).toMatchObject({ status: "ok", idempotency_key: key, content: expected });
    expect(second).toMatchObject({ status: "replayed", idempotency_key: key, content: expected });
    expect(env.world.data.calls["save_artifact"]).toEqual({ [key]: 1 });
    expect(env.world.totalEffects("save_artifact")).toBe(1);
    expect(eventsOfType(env, SESSION, "call_replayed").map((e) => e.result_status)).toEqual(["replayed"]);
  });

  it("refuses the same key with other arguments (key_reused_with_other_arguments) and runs nothing", async () => {
    const key = "save-q3";
    const { env, engine } = setup({
      script: [
        toolCall("save_artifact", SAVE_ARGS, key),
        toolCall("save_artifact", { ...SAVE_ARGS, content: "overwritten" }, key),
      ],
    });
    const state = expectStatus(unwrap(await engine.start(SESSION, "save twice")), "done");
    const second = toolMessages(state)[1];
    expect(second?.status).toBe("conflict");
    expect(field(second?.content, "code")).toBe("key_reused_with_other_arguments");
    expect(env.world.totalCalls("save_artifact")).toBe(1);
    expect(env.world.data.artifacts[key]).toEqual({ ...SAVE_ARGS });
    expect(env.ledger.get(key)).toMatchObject({ state: "completed", args_digest: argsDigest(SAVE_ARGS) });
  });

  it("refuses a key another owner has in flight (key_in_flight) and runs nothing", async () => {
    const key = "save-q3";
    const { env, engine } = setup({ script: [toolCall("save_artifact", SAVE_ARGS, key)] });
    // Another worker began this key and has not finished.
    expect(
      env.ledger.begin({
        key,
        tool: "save_artifact",
        args_digest: argsDigest(SAVE_ARGS),
        owner: "other-session#1",
        at: 0,
      }),
    ).toEqual({ kind: "execute" });
    const state = expectStatus(unwrap(await engine.start(SESSION, "save")), "done");
    const message = onlyToolMessage(state);
    expect(message.status).toBe("conflict");
    expect(field(message.content, "code")).toBe("key_in_flight");
    expect(env.world.totalCalls()).toBe(0);
    expect(env.ledger.get(key)).toMatchObject({ state: "in_flight", owner: "other-session#1" });
  });

  it("derives a deterministic key per logical call when the planner supplies none", async () => {
    const { env, engine } = setup({
      script: [toolCall("save_artifact", SAVE_ARGS), toolCall("save_artifact", SAVE_ARGS)],
    });
    expectStatus(unwrap(await engine.start(SESSION, "save twice")), "done");
    const keys = Object.keys(env.world.data.calls["save_artifact"] ?? {});
    // Two logical calls (steps 1 and 2), so two keys, each derived from session, step, tool and arguments.
    const derive = (step: number) =>
      `idem_${nodeSha256(`${SESSION}\u0000${step}\u0000save_artifact\u0000${argsDigest(SAVE_ARGS)}`).slice(0, 32)}`;
    expect(keys.sort()).toEqual([derive(1), derive(2)].sort());
  });
});

describe("rule 5: checkpoint before side effect", () => {
  it("has the intent (key, tool, digest, step) in the latest checkpoint and the ledger when the executor is called", async () => {
    const seen: { checkpoint: Checkpoint | undefined; ledger: LedgerEntry | undefined; key: string }[] = [];
    const { env, engine } = setup({ script: [toolCall("save_artifact", SAVE_ARGS, "save-q3")] }, (env) =>
      observedRegistry(env.world, (_tool, _args, ctx) => {
        seen.push({
          checkpoint: env.checkpoints.latest(SESSION),
          ledger: env.ledger.get(ctx.idempotencyKey),
          key: ctx.idempotencyKey,
        });
      }),
    );
    expectStatus(unwrap(await engine.start(SESSION, "save")), "done");
    expect(seen).toHaveLength(1);
    const [at] = seen;
    expect(at?.key).toBe("save-q3");
    const state = at?.checkpoint?.state;
    if (state?.status !== "executing") throw new Error(`checkpoint at call time was ${state?.status ?? "missing"}`);
    expect(state.intent).toMatchObject({
      key: "save-q3",
      tool: "save_artifact",
      args_digest: argsDigest(SAVE_ARGS),
      step: 1,
    });
    expect(at?.ledger).toMatchObject({ state: "in_flight", dispatched: true, args_digest: argsDigest(SAVE_ARGS) });
    // The checkpoint that existed at call time is a stored checkpoint of the run, not a later one.
    expect(env.checkpoints.list(SESSION).map((c) => c.checkpoint_hash)).toContain(at?.checkpoint?.checkpoint_hash);
  });

  it("writes the intent before an approved high_risk call runs, too", async () => {
    const statuses: (string | undefined)[] = [];
    const { env, engine } = setup({ script: [toolCall("publish_report", PUBLISH_ARGS)] }, (env) =>
      observedRegistry(env.world, () => void statuses.push(env.checkpoints.latest(SESSION)?.state.status)),
    );
    const waiting = expectStatus(unwrap(await engine.start(SESSION, "publish")), "approval_required");
    await engine.submitApproval(SESSION, {
      kind: "token",
      token: approvePending(waiting.pending_approval, SESSION, env.secret, env.clock.now()),
    });
    expect(statuses).toEqual(["executing"]);
  });
});

describe("rule 6: uncertain outcomes stop", () => {
  const KEY = "save-q3";
  const script = [toolCall("save_artifact", SAVE_ARGS, KEY), finalAnswer("after reconcile")];

  async function timedOut() {
    const harness = setup({ script, faults: [{ tool: "save_artifact", kind: "timeout_after_effect", times: 1 }] });
    const state = expectStatus(unwrap(await harness.engine.start(SESSION, "save")), "reconcile_required");
    return { ...harness, state };
  }

  it("stops in reconcile_required with tool_uncertain after a timeout that followed the side effect", async () => {
    const { env, state } = await timedOut();
    expect(state.intent.key).toBe(KEY);
    const uncertain = eventsOfType(env, SESSION, "tool_uncertain");
    expect(uncertain).toHaveLength(1);
    expect(uncertain[0]).toMatchObject({ reason: "timeout", result_status: "uncertain", idempotency_key: KEY });
    // The save_artifact timeout is 1000 ms on the manual clock.
    expect(uncertain[0]?.at).toBe(DEFAULT_EPOCH + 1_000);
    expect(env.ledger.get(KEY)?.state).toBe("uncertain");
    expect(env.world.totalCalls("save_artifact")).toBe(1);
    expect(env.world.totalEffects("save_artifact")).toBe(1);
  });

  it("never retries by itself: resuming leaves it uncertain with no executor call", async () => {
    const { env, engine } = await timedOut();
    const traceLength = traceOf(env, SESSION).length;
    const resumed = expectStatus(unwrap(await engine.resume(SESSION)), "reconcile_required");
    expect(resumed.intent.key).toBe(KEY);
    expect(env.world.totalCalls("save_artifact")).toBe(1);
    expect(traceOf(env, SESSION)).toHaveLength(traceLength);
  });

  it("keeps answering uncertain for the same key, without an executor call", async () => {
    const { env, engine } = await timedOut();
    // Another session issues the same call under the same key.
    const other = expectStatus(unwrap(await engine.start("s2", "save again")), "reconcile_required");
    expect(other.intent.key).toBe(KEY);
    expect(eventsOfType(env, "s2", "tool_uncertain").map((e) => e.reason)).toEqual(["ledger_uncertain"]);
    expect(env.world.totalCalls("save_artifact")).toBe(1);
    expect(env.ledger.get(KEY)?.state).toBe("uncertain");
  });

  it("continues with the next planner step after an audited confirm, without calling the executor again", async () => {
    const { env, engine } = await timedOut();
    const state = expectStatus(
      unwrap(await engine.reconcileUncertain(SESSION, { outcome: "confirmed", operator: "alice" })),
      "done",
    );
    expect(state.final).toBe("after reconcile");
    const reconciled = eventsOfType(env, SESSION, "tool_reconciled");
    expect(reconciled).toHaveLength(1);
    expect(reconciled[0]).toMatchObject({
      decision: "confirmed",
      result_status: "reconciled",
      reason: "operator:alice",
      idempotency_key: KEY,
    });
    const types = traceTypes(env, SESSION);
    expect(types.slice(types.indexOf("tool_reconciled"))).toEqual([
      "tool_reconciled",
      "planner_responded",
      "run_completed",
    ]);
    expect(onlyToolMessage(state)).toMatchObject({
      status: "reconciled",
      content: { outcome: "confirmed", operator: "alice" },
    });
    expect(env.world.totalCalls("save_artifact")).toBe(1);
    expect(env.world.totalEffects("save_artifact")).toBe(1);
    expect(env.ledger.get(KEY)?.state).toBe("completed");
  });

  it("refuses a confirm without a named operator and leaves the run waiting", async () => {
    const { engine, env } = await timedOut();
    const result = await engine.reconcileUncertain(SESSION, { outcome: "confirmed", operator: " " });
    expect(result.ok).toBe(false);
    expect(unwrap(engine.state(SESSION))?.status).toBe("reconcile_required");
    expect(env.ledger.get(KEY)?.state).toBe("uncertain");
  });

  it("refuses to reconcile a run that is not waiting for it", async () => {
    const { engine } = setup({ script: [finalAnswer("nothing to do")] });
    await engine.start(SESSION, "idle");
    const result = await engine.reconcileUncertain(SESSION, { outcome: "confirmed", operator: "alice" });
    expect(result).toMatchObject({ ok: false, error: { code: "not_reconcilable" } });
  });
});

describe("rule 7: transient failures before dispatch", () => {
  function observed(times: number) {
    const calls: { key: string; at: number }[] = [];
    const harness = setup(
      {
        script: [toolCall("save_artifact", SAVE_ARGS, "save-q3"), finalAnswer("saved")],
        faults: [{ tool: "save_artifact", kind: "transient", times }],
      },
      (env) =>
        observedRegistry(
          env.world,
          (_tool, _args, ctx) => void calls.push({ key: ctx.idempotencyKey, at: env.clock.now() }),
        ),
    );
    return { ...harness, calls };
  }
  const gaps = (calls: { at: number }[]) => calls.slice(1).map((c, i) => c.at - (calls[i]?.at ?? 0));

  it("retries at most 3 times with the same key and doubling backoff (100, 200, 400 ms), then fails with retries_exhausted", async () => {
    const { env, engine, calls } = observed(4);
    const state = expectStatus(unwrap(await engine.start(SESSION, "save")), "failed");
    expect(state.failure.code).toBe("retries_exhausted");
    expect(calls).toHaveLength(4);
    expect(new Set(calls.map((c) => c.key))).toEqual(new Set(["save-q3"]));
    expect(calls[0]?.at).toBe(DEFAULT_EPOCH);
    expect(gaps(calls)).toEqual([100, 200, 400]);
    expect(eventsOfType(env, SESSION, "retry_scheduled")).toHaveLength(3);
    expect(eventsOfType(env, SESSION, "retries_exhausted")).toHaveLength(1);
    expect(env.world.totalEffects()).toBe(0);
    // Nothing reached the outside world, so the key is released for a later attempt.
    expect(env.ledger.get("save-q3")).toBeUndefined();
    expect(isTerminal(state)).toBe(true);
  });

  it("succeeds on a retry under the same key when the failure clears", async () => {
    const { env, engine, calls } = observed(2);
    expectStatus(unwrap(await engine.start(SESSION, "save")), "done");
    expect(calls.map((c) => c.key)).toEqual(["save-q3", "save-q3", "save-q3"]);
    expect(gaps(calls)).toEqual([100, 200]);
    expect(env.world.totalEffects("save_artifact")).toBe(1);
  });
});

describe("rule 8: determinism", () => {
  async function run(seed?: string) {
    const { env, engine } = setup({
      script: [
        toolCall("read_table", { table: "sales", limit: 3 }),
        toolCall("save_artifact", SAVE_ARGS),
        toolCall("publish_report", PUBLISH_ARGS),
        finalAnswer("published"),
      ],
      ...(seed === undefined ? {} : { seed }),
    });
    const waiting = expectStatus(unwrap(await engine.start(SESSION, "report")), "approval_required");
    env.clock.advance(5_000);
    const token = approvePending(waiting.pending_approval, SESSION, env.secret, env.clock.now());
    expectStatus(unwrap(await engine.submitApproval(SESSION, { kind: "token", token })), "done");
    return { trace: traceOf(env, SESSION), hashes: env.checkpoints.list(SESSION).map((c) => c.checkpoint_hash) };
  }

  it("gives identical traces and checkpoint hash sequences in two fresh environments", async () => {
    const a = await run();
    const b = await run();
    expect(a.trace.length).toBeGreaterThan(10);
    expect(b.trace).toEqual(a.trace);
    expect(b.hashes).toEqual(a.hashes);
    for (const hash of a.hashes) expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(a.hashes).size).toBe(a.hashes.length);
  });

  it("changes the hashes when an injected input (the seed behind nonces) changes", async () => {
    const a = await run();
    const b = await run("another-seed");
    expect(b.hashes).toHaveLength(a.hashes.length);
    expect(b.hashes).not.toEqual(a.hashes);
  });

  it("hashes every checkpoint by the chained-list rule of state-hash.ts", async () => {
    const { env, engine } = setup({ script: [toolCall("save_artifact", SAVE_ARGS)] });
    await engine.start(SESSION, "save");
    const checkpoints = env.checkpoints.list(SESSION);
    expect(checkpoints.length).toBeGreaterThan(2);
    for (const checkpoint of checkpoints) {
      expect(checkpoint.checkpoint_hash).toBe(checkpoint.state.checkpoint_hash);
      expect(checkpoint.checkpoint_hash).toBe(referenceStateHash(checkpoint.state, nodeSha256));
    }
  });
});

describe("rule 9: trace", () => {
  it("appends one event per transition with sequence, session, step, type and the checkpoint hash it produced", async () => {
    const { env, engine } = setup({ script: [toolCall("save_artifact", SAVE_ARGS, "save-q3"), finalAnswer("saved")] });
    const state = unwrap(await engine.start(SESSION, "save"));
    const trace = traceOf(env, SESSION);
    expect(trace.map((e) => e.type)).toEqual([
      "run_started",
      "planner_responded",
      "call_validated",
      "policy_allowed",
      "intent_recorded",
      "tool_succeeded",
      "planner_responded",
      "run_completed",
    ]);
    expect(trace.map((e) => e.seq)).toEqual(trace.map((_, i) => i));
    expect(trace.every((e) => e.session_id === SESSION)).toBe(true);
    expect(trace.at(-1)?.checkpoint_hash).toBe(state.checkpoint_hash);
    const storedHashes = new Set(env.checkpoints.list(SESSION).map((c) => c.checkpoint_hash));
    expect(storedHashes.has(trace.at(-1)?.checkpoint_hash ?? "")).toBe(true);
    const intent = trace.find((e) => e.type === "intent_recorded");
    expect(intent).toMatchObject({
      tool: "save_artifact",
      args_digest: argsDigest(SAVE_ARGS),
      args: SAVE_ARGS,
      idempotency_key: "save-q3",
      decision: "intent",
    });
    expect(trace.find((e) => e.type === "policy_allowed")?.decision).toBe("allow");
  });

  it("cuts long argument strings in the trace instead of copying them whole", async () => {
    const content = `${"long report body ".repeat(40)}END-MARKER`;
    const { env, engine } = setup({ script: [toolCall("save_artifact", { name: "long", content })] });
    expectStatus(unwrap(await engine.start(SESSION, "save")), "done");
    const intent = eventsOfType(env, SESSION, "intent_recorded")[0];
    const traced = field(intent?.args, "content");
    expect(typeof traced).toBe("string");
    expect((traced as string).length).toBeLessThan(content.length);
    expect(JSON.stringify(traceOf(env, SESSION))).not.toContain("END-MARKER");
    // The artifact itself is saved whole.
    expect(Object.values(env.world.data.artifacts)[0]?.content).toBe(content);
  });

  it("rejects a tool input carrying an e-mail with sensitive_input, and the e-mail appears nowhere in the trace", async () => {
    const email = "alice.smith@example.com";
    const { env, engine } = setup({
      script: [toolCall("save_artifact", { name: "contacts", content: `reach ${email}` }), finalAnswer("stopped")],
    });
    const state = expectStatus(unwrap(await engine.start(SESSION, "save contacts")), "done");
    const message = onlyToolMessage(state);
    expect(message.status).toBe("rejected");
    expect(field(message.content, "code")).toBe("sensitive_input");
    expect(env.world.totalCalls()).toBe(0);
    const trace = JSON.stringify(traceOf(env, SESSION));
    expect(trace).toContain("sensitive_input");
    expect(trace).not.toContain(email);
    expect(trace).not.toContain("example.com");
  });
});

describe("rule 10: large outputs", () => {
  it("stores a large output as an artifact and gives the conversation a summary and a reference", async () => {
    const { env, engine } = setup({ script: [toolCall("read_table", { table: "sales", limit: 60 })] });
    const state = expectStatus(unwrap(await engine.start(SESSION, "read everything")), "done");
    const message = onlyToolMessage(state);
    expect(message.status).toBe("ok");
    const ref = field(message.content, "artifact");
    if (typeof ref !== "string") throw new Error("no artifact reference in the tool message");
    const body = env.artifacts.get(ref);
    if (body === undefined) throw new Error(`artifact ${ref} is not stored`);
    expect(JSON.parse(body)).toEqual({ table: "sales", rows: FIXTURE_TABLES["sales"] });
    expect(FIXTURE_TABLES["sales"]).toHaveLength(60);
    expect(ref).toBe(`artifact:sha256:${nodeSha256(body)}`);
    expect(field(message.content, "chars")).toBe(body.length);
    expect(field(message.content, "rows")).toBeUndefined();
    expect(JSON.stringify(message.content).length).toBeLessThan(body.length / 4);
  });

  it("keeps a small output inline", async () => {
    const { engine } = setup({ script: [toolCall("read_table", { table: "sales", limit: 1 })] });
    const state = unwrap(await engine.start(SESSION, "read one"));
    expect(onlyToolMessage(state).content).toEqual({
      table: "sales",
      rows: [{ week: 1, spend: 100, signups: 20, note: "" }],
    });
  });
});

describe("step limit", () => {
  it("ends in step_limit after 8 planner steps when the script asks for more", async () => {
    const script = Array.from({ length: 10 }, (_, i) => toolCall("read_table", { table: "sales", limit: i + 1 }));
    const { env, engine } = setup({ script });
    const state: AgentState = expectStatus(unwrap(await engine.start(SESSION, "loop")), "step_limit");
    expect(state.step).toBe(8);
    expect(env.world.totalCalls("read_table")).toBe(8);
    expect(eventsOfType(env, SESSION, "planner_responded")).toHaveLength(8);
    expect(toolMessages(state)).toHaveLength(8);
    expect(traceOf(env, SESSION).at(-1)).toMatchObject({ type: "step_limit_reached", reason: "max_steps" });
  });

  it("honours a configured lower bound", async () => {
    const script = Array.from({ length: 5 }, () => toolCall("read_table", { table: "sales", limit: 1 }));
    const { env, engine } = setup({ script, limits: { maxSteps: 3 } });
    expectStatus(unwrap(await engine.start(SESSION, "loop")), "step_limit");
    expect(env.world.totalCalls("read_table")).toBe(3);
  });
});

describe("tool output is data", () => {
  const notes = toolCall("read_table", { table: "support_notes", limit: 2 });

  it("does not execute a tool call injected in a tool output", async () => {
    const { env, engine } = setup({ script: [notes, finalAnswer("summarised the notes")] });
    const state = expectStatus(unwrap(await engine.start(SESSION, "summarise support notes")), "done");
    const message = onlyToolMessage(state);
    expect(message.role).toBe("tool");
    expect(JSON.stringify(message.content)).toContain("publish_report");
    expect(env.world.totalCalls("publish_report")).toBe(0);
    expect(env.world.totalCalls()).toBe(1);
    expect(traceOf(env, SESSION).some((e) => e.tool === "publish_report")).toBe(false);
  });

  it("still stops the gated call in approval_required when the planner then asks for it", async () => {
    const injected = toolCall("publish_report", { artifact: "art_leak", audience: "public" });
    const { env, engine } = setup({ script: [notes, injected] });
    const state = expectStatus(unwrap(await engine.start(SESSION, "summarise support notes")), "approval_required");
    expect(state.pending_approval).toMatchObject({
      tool: "publish_report",
      args: { artifact: "art_leak", audience: "public" },
    });
    expect(env.world.totalCalls("publish_report")).toBe(0);
    expect(env.world.data.reports).toEqual([]);
  });
});
