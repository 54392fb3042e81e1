/** The native engine's answers are bound to the SDK's own ids, and its call ids are the model's own, kept end to end. */
import { describe, expect, it } from "vitest";
import { messagesOf, type ToolMessage } from "../../contract/index.js";
import { ALL_COLUMNS } from "../../scenarios/all-columns.js";
import { preApprovalState } from "../../scenarios/columns.js";
import { runScenario, SESSION_ID, type Column, type Environment } from "../../scenarios/index.js";
import { engineContextOf, unwrapEngine } from "../../runtime/index.js";
import type { ModelMessage } from "ai";
import type { EngineFactory } from "../../runtime/index.js";
import { aiSdkNativeFactory, aiSdkSignedNativeFactory } from "./index.js";
import { NATIVE_SESSIONS_KEY } from "./session-store.js";

const columnNamed = (name: string): Column => {
  const found = ALL_COLUMNS.find((c) => c.name === name);
  if (found === undefined) throw new Error(`no column ${name}`);
  return found;
};

/** Plays a column on the native engine and returns its environment, to go on in a new process over the same slots. */
async function played(column: Column, factory: EngineFactory<string> = aiSdkNativeFactory): Promise<Environment> {
  let env: Environment | undefined;
  await runScenario(factory, column, { graphSteps: false, instrument: (e) => void (env = e) });
  if (env === undefined) throw new Error("no environment");
  return env;
}

async function toolMessagesAfter(column: Column): Promise<ToolMessage[]> {
  const env = await played(column);
  const state = unwrapEngine(await aiSdkNativeFactory.create(engineContextOf(env)).state(SESSION_ID));
  return state === undefined ? [] : messagesOf(state).filter((m): m is ToolMessage => m.role === "tool");
}

/** A token as the native engines read it: only the nonce it names (the approvalId shown), never its signature. */
const naming = (nonce: string) => `apv1.${Buffer.from(JSON.stringify({ nonce })).toString("base64url")}.unchecked`;

/** A client sends back the pending history with the publish's audience changed, then approves the request. */
async function approveEditedHistory(factory: EngineFactory<string>) {
  const env = await played(preApprovalState, factory);
  const saved = env.slots.get(NATIVE_SESSIONS_KEY)?.get(SESSION_ID)?.saved;
  const last = saved?.at(-1);
  if (saved === undefined || last === undefined) throw new Error("no saved history");
  const edit = (m: ModelMessage): ModelMessage =>
    m.role !== "assistant" || typeof m.content === "string"
      ? m
      : {
          ...m,
          content: m.content.map((p) =>
            p.type === "tool-call" ? { ...p, input: { ...(p.input as object), audience: "public" } } : p,
          ),
        };
  saved.push({ ...last, messages: last.messages.map(edit) });
  const engine = factory.create(engineContextOf(env));
  const nonce = unwrapEngine(await engine.state(SESSION_ID))?.pending_approval?.nonce ?? "";
  return { answer: await engine.submitApproval(SESSION_ID, { kind: "token", token: naming(nonce) }), env };
}

describe("ai_sdk_native answers", () => {
  it("refuses an answer that names no open approval request, and approves nothing", async () => {
    const env = await played(preApprovalState);
    const engine = aiSdkNativeFactory.create(engineContextOf(env));
    const answer = await engine.submitApproval(SESSION_ID, { kind: "token", token: naming("not-an-approval-id") });
    expect(answer).toMatchObject({ ok: false, error: { code: "approval_not_pending" } });
    expect(unwrapEngine(await engine.state(SESSION_ID))?.status).toBe("approval_required");
    expect(env.world.data.effects).toEqual({});
  });
});

describe("ai_sdk_native call ids", () => {
  it("tags each tool message with the SDK's tool call id, the model's own", async () => {
    const ids = (await toolMessagesAfter(columnNamed("parallel_mixed_risk"))).map((m) => m.call_id);
    expect(ids.sort()).toEqual(["publish", "read_sales", "save", "shell", "typo"]);
  });

  it("mints a fresh id per unnamed call from the injected id source: distinct, and the same on every run", async () => {
    const first = (await toolMessagesAfter(columnNamed("always_deny_refused"))).map((m) => m.call_id);
    const again = (await toolMessagesAfter(columnNamed("always_deny_refused"))).map((m) => m.call_id);
    expect(new Set(first).size).toBe(2);
    expect(first.every((id) => id !== undefined && /^call_[0-9a-f]{24}$/.test(id))).toBe(true);
    expect(again).toEqual(first);
  });

  it("keeps run_shell registered: the SDK's approval switch denies it with the contract's reason, and it never runs", async () => {
    const messages = await toolMessagesAfter(columnNamed("always_deny_refused"));
    expect(messages.map((m) => [m.tool, m.status, m.content])).toEqual([
      ["run_shell", "denied", { code: "always_deny" }],
      ["run_shell", "denied", { code: "always_deny" }],
    ]);
  });
});

describe("ai_sdk_signed_native: what the SDK's signed approvals buy", () => {
  it("refuses an approval replayed with edited input: the signature binds tool, call id and input", async () => {
    const { answer, env } = await approveEditedHistory(aiSdkSignedNativeFactory);
    expect(answer).toMatchObject({ ok: false, error: { code: "checkpoint_tampered" } });
    expect(env.world.data.effects).toEqual({});
  });

  it("unsigned, the same edited history runs the input the person never saw", async () => {
    const { answer, env } = await approveEditedHistory(aiSdkNativeFactory);
    expect(answer).toMatchObject({ ok: true });
    expect(Object.keys(env.world.data.effects)).toEqual(["publish_report"]);
  });
});
