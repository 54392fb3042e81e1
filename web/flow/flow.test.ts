import { describe, expect, it } from "vitest";
import { decidePolicy } from "../../contract/index.js";
import { FIXTURE_TOOL_NAMES } from "../../handwritten/fixtures/index.js";
import { CALL_CHOICES, PROPOSED_CALLS, type CallChoice } from "./choices.js";
import { createFlow, type Flow, type FlowEntry } from "./flow.js";
import { statusOfAnswer, STEP_OF_FACT } from "./steps.js";
import { flowView } from "./view.js";

const flows: Flow[] = [];
function open(choice: CallChoice): Flow {
  const failures: unknown[] = [];
  const flow = createFlow(choice, (error) => void failures.push(error));
  flows.push(flow);
  return flow;
}
/** Presses Next until the flow ends or waits for a person. */
async function runUntilStopped(flow: Flow): Promise<void> {
  for (let i = 0; i < 10 && flow.next() !== "finished" && flow.next() !== "await_person"; i += 1) await flow.advance();
}
const facts = (entries: readonly FlowEntry[]) => entries.flatMap((e) => (e.kind === "fact" ? [e.event.type] : []));
const answers = (entries: readonly FlowEntry[]) =>
  entries.flatMap((e) => (e.kind === "wire" && statusOfAnswer(e.message) !== null ? [statusOfAnswer(e.message)] : []));

describe("the MCP flow driven through the real server and the SDK client", () => {
  it("discovers over the real handshake: initialize, initialized, tools, resources and prompts", async () => {
    const flow = open("passes");
    expect(flow.next()).toBe("discover");
    await flow.advance();
    const methods = flow.entries().map((e) => (e.kind === "wire" && "method" in e.message ? e.message.method : e.kind));
    expect(methods).toEqual([
      "initialize",
      "wire",
      "notifications/initialized",
      "tools/list",
      "wire",
      "resources/list",
      "wire",
      "prompts/list",
      "wire",
    ]);
    expect(flow.entries().every((e) => e.step === "discover")).toBe(true);
    expect(flow.discovered()?.tools).toEqual([...FIXTURE_TOOL_NAMES]);
    expect(flow.cursor()).toBe("discover");
  });

  it("answers each choice as the contract decides, one step at a time", async () => {
    // A session's first call starts its run; the call is then the planner's turn, as on the engines.
    const opening = ["run_started", "planner_responded"];
    const expected: Record<CallChoice, { facts: string[]; status: string; effects: number }> = {
      passes: {
        facts: [...opening, "call_validated", "policy_allowed", "intent_recorded", "tool_succeeded"],
        status: "ok",
        effects: 0,
      },
      schema_fails: { facts: [...opening, "call_rejected"], status: "rejected", effects: 0 },
      high_risk: {
        facts: [...opening, "call_validated", "approval_requested"],
        status: "approval_required",
        effects: 0,
      },
      always_deny: { facts: [...opening, "call_validated", "policy_denied"], status: "denied", effects: 0 },
    };
    for (const choice of CALL_CHOICES) {
      const flow = open(choice);
      await runUntilStopped(flow);
      const entries = flow.entries();
      expect(facts(entries), choice).toEqual(expected[choice].facts);
      expect(answers(entries), choice).toEqual([expected[choice].status]);
      expect(flow.world.totalEffects(), choice).toBe(expected[choice].effects);
      for (const entry of entries)
        if (entry.kind === "fact") expect(entry.step).toBe(STEP_OF_FACT[entry.event.type as keyof typeof STEP_OF_FACT]);
    }
  });

  it("shows run_shell denied by the policy's own decision, and never calls its executor", async () => {
    const flow = open("always_deny");
    await runUntilStopped(flow);
    const denied = flow.entries().find((e) => e.kind === "fact" && e.event.type === "policy_denied");
    expect(denied?.step).toBe("policy");
    expect(decidePolicy("always_deny")).toMatchObject({ kind: "deny" });
    expect(flow.world.totalCalls("run_shell")).toBe(0);
    const view = flowView(flow, "en");
    expect(view.backToContext).toMatchObject({ isError: true, status: "denied" });
    expect(view.steps.map((s) => s.state)).toEqual(["done", "done", "done", "done", "current"]);
  });

  it("stops a schema failure at the gate: policy not reached, the rejection goes back to context", async () => {
    const flow = open("schema_fails");
    await runUntilStopped(flow);
    const view = flowView(flow, "en");
    expect(view.steps.map((s) => s.state)).toEqual(["done", "done", "done", "not_reached", "current"]);
    expect(view.backToContext).toMatchObject({ isError: true, status: "rejected" });
    expect(view.backToContext?.text).toContain('"code":"invalid_arguments"');
    expect(flow.world.totalCalls()).toBe(0);
  });

  it("waits for a person on the high-risk call; approval repeats the call with a token and it runs once", async () => {
    const flow = open("high_risk");
    await runUntilStopped(flow);
    expect(flow.next()).toBe("await_person");
    const waiting = flowView(flow, "en");
    expect(waiting.steps.find((s) => s.step === "policy")?.state).toBe("waiting");
    expect(waiting.pending).toMatchObject({ tool: "publish_report", args: PROPOSED_CALLS.high_risk.arguments });
    expect(waiting.canAdvance).toBe(false);
    const before = flow.entries().length;
    await flow.advance(); // Next does nothing while a person decides.
    expect(flow.entries()).toHaveLength(before);

    await flow.approve();
    const repeat = flow.entries().find((e) => e.kind === "wire" && e.step === "policy" && e.direction === "to_server");
    expect(repeat?.kind === "wire" && JSON.stringify(repeat.message)).toContain('"agent-harness/approval":"apv1.');
    expect(flow.next()).toBe("result");
    await flow.advance();
    expect(answers(flow.entries())).toEqual(["approval_required", "ok"]);
    // The repeat with the token is the person's answer to the waiting call, not a new turn.
    expect(facts(flow.entries()).slice(4)).toEqual(["approval_accepted", "intent_recorded", "tool_succeeded"]);
    expect(flow.world.totalEffects("publish_report")).toBe(1);
    expect(flowView(flow, "en").backToContext).toMatchObject({ isError: false, status: "ok" });
    await expect(flow.approve()).rejects.toThrow(/no call is waiting/);
  });

  it("on decline sends nothing more: no message, no fact, no side effect", async () => {
    const flow = open("high_risk");
    await runUntilStopped(flow);
    const wire = flow.entries().filter((e) => e.kind === "wire").length;
    await flow.decline();
    await flow.advance();
    expect(flow.entries().filter((e) => e.kind === "wire")).toHaveLength(wire);
    expect(flow.entries().at(-1)).toMatchObject({ kind: "person", decision: "declined" });
    expect(flow.world.totalCalls()).toBe(0);
    const view = flowView(flow, "en");
    expect(view.steps.at(-1)).toMatchObject({ state: "not_reached", note: expect.stringMatching(/declined/) });
    expect(view.backToContext).toMatchObject({ isError: true, status: "approval_required" });
    expect(flow.next()).toBe("finished");
  });

  it("shows the same flow in Chinese and in English, codes and statuses kept as they are", async () => {
    const flow = open("schema_fails");
    await runUntilStopped(flow);
    const zh = flowView(flow, "zh-CN");
    const en = flowView(flow, "en");
    expect(zh.steps.map((s) => `${s.label} ${s.stateLabel}`)).toEqual([
      "发现 （已完成）",
      "模型提出的调用 （已完成）",
      "Schema 校验 （已完成）",
      "策略与人工批准 （未到达）",
      "执行，结果或错误返回上下文 （当前）",
    ]);
    expect(zh.steps[3]?.note).toBe("未到达：调用在更早的步骤就停止了。");
    expect(zh.announcement).toBe(
      "执行，结果或错误返回上下文：JSON-RPC 消息 1 条，审计事实 0 条。 返回上下文：状态 rejected，作为错误。 下一步：流程已结束：选择一个调用或重新开始。",
    );
    expect(en.announcement).toBe(
      "Execute, and the result or error back to context: JSON-RPC messages 1, audit facts 0. Back to context: status rejected, as an error. Next: the flow has ended: pick a call or restart.",
    );
    expect(zh.backToContext).toEqual(en.backToContext);
  });
});
