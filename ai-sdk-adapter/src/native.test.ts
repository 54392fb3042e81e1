/** The native engine's answers are bound to the SDK's own ids, and its call ids are the model's own, kept end to end. */
import { describe, expect, it } from "vitest";
import { messagesOf, type ToolMessage } from "../../contract/index.js";
import { ALL_COLUMNS } from "../../scenarios/all-columns.js";
import { preApprovalState } from "../../scenarios/columns.js";
import { runScenario, SESSION_ID, type Column, type Environment } from "../../scenarios/index.js";
import { engineContextOf, unwrapEngine } from "../../runtime/index.js";
import { aiSdkNativeFactory } from "./index.js";

const columnNamed = (name: string): Column => {
  const found = ALL_COLUMNS.find((c) => c.name === name);
  if (found === undefined) throw new Error(`no column ${name}`);
  return found;
};

/** Plays a column on the native engine and returns its environment, to go on in a new process over the same slots. */
async function played(column: Column): Promise<Environment> {
  let env: Environment | undefined;
  await runScenario(aiSdkNativeFactory, column, { graphSteps: false, instrument: (e) => void (env = e) });
  if (env === undefined) throw new Error("no environment");
  return env;
}

async function toolMessagesAfter(column: Column): Promise<ToolMessage[]> {
  const env = await played(column);
  const state = unwrapEngine(await aiSdkNativeFactory.create(engineContextOf(env)).state(SESSION_ID));
  return state === undefined ? [] : messagesOf(state).filter((m): m is ToolMessage => m.role === "tool");
}

describe("ai_sdk_native answers", () => {
  it("refuses an answer that names no open approval request, and approves nothing", async () => {
    const env = await played(preApprovalState);
    const engine = aiSdkNativeFactory.create(engineContextOf(env));
    const claims = Buffer.from(JSON.stringify({ nonce: "not-an-approval-id" })).toString("base64url");
    const answer = await engine.submitApproval(SESSION_ID, { kind: "token", token: `apv1.${claims}.sig` });
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
      ["run_shell", "denied", "always_deny"],
      ["run_shell", "denied", "always_deny"],
    ]);
  });
});
