/** Rule 3 on the handwritten engine: every bad approval token has its own reason code and no side effect. */
import { describe, it, expect } from "vitest";
import { approvePending, digest, issueApprovalToken, type PendingApproval } from "../../contract/index.js";
import { finalAnswer, toolCall } from "../fixtures/index.js";
import type { Environment } from "../fixtures/environment.js";
import { eventsOfType, expectStatus, restart, setup, traceOf, unwrap } from "./test-helpers.js";

const SESSION = "s1";
const PUBLISH_ARGS = { artifact: "art_q3", audience: "team" } as const;
const OTHER_ARGS = { artifact: "art_q3", audience: "public" } as const;

async function waitingForApproval(
  script: readonly string[] = [toolCall("publish_report", PUBLISH_ARGS), finalAnswer("published")],
) {
  const harness = setup({ script });
  const state = expectStatus(unwrap(await harness.engine.start(SESSION, "publish")), "approval_required");
  return { ...harness, pending: state.pending_approval };
}

function flipLastChar(token: string): string {
  return `${token.slice(0, -1)}${token.endsWith("0") ? "1" : "0"}`;
}

type Case = {
  readonly code: string;
  readonly why: string;
  readonly token: (env: Environment, pending: PendingApproval) => string;
};

const cases: readonly Case[] = [
  {
    code: "approval_bad_signature",
    why: "a tampered token",
    token: (env, p) => flipLastChar(approvePending(p, SESSION, env.secret, env.clock.now())),
  },
  {
    code: "approval_bad_signature",
    why: "a token signed with another secret",
    token: (env, p) => approvePending(p, SESSION, "not-the-server-secret", env.clock.now()),
  },
  {
    code: "approval_expired",
    why: "an expired token",
    token: (env, p) => {
      const token = approvePending(p, SESSION, env.secret, env.clock.now(), 1_000);
      env.clock.advance(1_001);
      return token;
    },
  },
  {
    code: "approval_session_mismatch",
    why: "a token of another session",
    token: (env, p) => approvePending(p, "s2", env.secret, env.clock.now()),
  },
  {
    code: "approval_args_mismatch",
    why: "a token for substituted arguments",
    token: (env, p) =>
      issueApprovalToken(
        {
          tool: p.tool,
          args_digest: digest(OTHER_ARGS),
          session_id: SESSION,
          expires_at: env.clock.now() + 60_000,
          nonce: p.nonce,
        },
        env.secret,
      ),
  },
  {
    code: "approval_tool_mismatch",
    why: "a token for a substituted tool",
    token: (env, p) =>
      issueApprovalToken(
        {
          tool: "save_artifact",
          args_digest: p.args_digest,
          session_id: SESSION,
          expires_at: env.clock.now() + 60_000,
          nonce: p.nonce,
        },
        env.secret,
      ),
  },
  {
    code: "approval_not_pending",
    why: "a token for a request that is not the pending one",
    token: (env, p) =>
      issueApprovalToken(
        {
          tool: p.tool,
          args_digest: p.args_digest,
          session_id: SESSION,
          expires_at: env.clock.now() + 60_000,
          nonce: "stale-nonce",
        },
        env.secret,
      ),
  },
  { code: "approval_malformed", why: "a malformed token", token: () => "not-a-token" },
];

describe("approvals are bound and single-use", () => {
  it.each(cases)("rejects $why with $code, stays in approval_required, and runs nothing", async ({ code, token }) => {
    const { env, engine, pending } = await waitingForApproval();
    const state = expectStatus(
      unwrap(await engine.submitApproval(SESSION, { kind: "token", token: token(env, pending) })),
      "approval_required",
    );
    expect(state.pending_approval).toEqual(pending);
    expect(state.used_approvals).toEqual([]);
    const last = traceOf(env, SESSION).at(-1);
    expect(last).toMatchObject({
      type: "approval_refused",
      reason: code,
      decision: "refuse_token",
      tool: "publish_report",
      status: "approval_required",
    });
    expect(env.world.totalCalls()).toBe(0);
  });

  it("still accepts the right token after refusing a bad one, and runs the call once", async () => {
    const { env, engine, pending } = await waitingForApproval();
    await engine.submitApproval(SESSION, {
      kind: "token",
      token: flipLastChar(approvePending(pending, SESSION, env.secret, env.clock.now())),
    });
    const state = expectStatus(
      unwrap(
        await engine.submitApproval(SESSION, {
          kind: "token",
          token: approvePending(pending, SESSION, env.secret, env.clock.now()),
        }),
      ),
      "done",
    );
    expect(env.world.totalEffects("publish_report")).toBe(1);
    expect(state.used_approvals).toEqual([pending.nonce]);
    expect(eventsOfType(env, SESSION, "approval_refused")).toHaveLength(1);
    expect(eventsOfType(env, SESSION, "approval_accepted")).toHaveLength(1);
  });

  it("rejects an already-used token for the next pending call with approval_already_used", async () => {
    const { env, engine, pending } = await waitingForApproval([
      toolCall("publish_report", PUBLISH_ARGS),
      toolCall("publish_report", OTHER_ARGS),
      finalAnswer("published twice"),
    ]);
    const firstToken = approvePending(pending, SESSION, env.secret, env.clock.now());
    const second = expectStatus(
      unwrap(await engine.submitApproval(SESSION, { kind: "token", token: firstToken })),
      "approval_required",
    );
    expect(second.pending_approval.args).toEqual(OTHER_ARGS);
    expect(second.pending_approval.nonce).not.toBe(pending.nonce);
    expect(env.world.totalEffects("publish_report")).toBe(1);

    const after = expectStatus(
      unwrap(await engine.submitApproval(SESSION, { kind: "token", token: firstToken })),
      "approval_required",
    );
    expect(after.pending_approval).toEqual(second.pending_approval);
    expect(traceOf(env, SESSION).at(-1)).toMatchObject({ type: "approval_refused", reason: "approval_already_used" });
    expect(env.world.totalEffects("publish_report")).toBe(1);
    expect(env.world.data.reports.map((r) => r.audience)).toEqual(["team"]);
  });

  it("records used tokens durably with the checkpoint, so a new process refuses them too", async () => {
    const { env, engine, pending } = await waitingForApproval([
      toolCall("publish_report", PUBLISH_ARGS),
      toolCall("publish_report", OTHER_ARGS),
    ]);
    const firstToken = approvePending(pending, SESSION, env.secret, env.clock.now());
    await engine.submitApproval(SESSION, { kind: "token", token: firstToken });
    expect(env.checkpoints.latest(SESSION)?.state.used_approvals).toEqual([pending.nonce]);
    const fresh = restart(env);
    expectStatus(
      unwrap(await fresh.submitApproval(SESSION, { kind: "token", token: firstToken })),
      "approval_required",
    );
    expect(traceOf(env, SESSION).at(-1)).toMatchObject({ type: "approval_refused", reason: "approval_already_used" });
    expect(env.world.totalEffects("publish_report")).toBe(1);
  });

  it("answers approval_not_pending when no call waits, and runs nothing", async () => {
    const { env, engine, pending } = await waitingForApproval();
    const token = approvePending(pending, SESSION, env.secret, env.clock.now());
    await engine.submitApproval(SESSION, { kind: "token", token });
    expect(unwrap(engine.state(SESSION))?.status).toBe("done");
    const again = await engine.submitApproval(SESSION, { kind: "token", token });
    expect(again).toMatchObject({ ok: false, error: { code: "approval_not_pending" } });
    expect(env.world.totalEffects("publish_report")).toBe(1);
  });

  it("answers unknown_session for a session that never started", async () => {
    const { engine } = setup({ script: [] });
    expect(await engine.submitApproval("nobody", { kind: "decline" })).toMatchObject({
      ok: false,
      error: { code: "unknown_session" },
    });
  });
});
