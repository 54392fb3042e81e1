/**
 * `ai_sdk_hardened`: the AI SDK's generateText is the loop, and the contract sits in each of its
 * hooks. The model (a LanguageModelV3) asks the contract's planner through the runtime's driver,
 * so validation and policy are the contract's; `needsApproval` reads whether the contract waits for
 * a person on that toolCallId; `execute` performs the driver's effects (ledger, `executeIntent`);
 * the message history is sealed and saved before every side effect. Approvals are the contract's
 * tokens (`approve`, through the driver); the AI SDK's approval response only carries the outcome.
 * A call the framework cannot resume (in flight when the process died, reconciled by an operator)
 * is performed by the driver and its answer written into the history.
 */
import { generateText, tool, type ModelMessage, type ToolApprovalResponse, type ToolSet } from "ai";
import { isProcessCrash, messagesOf, type AgentState } from "../../contract/index.js";
import type { Driver, DriverEvent, EngineContext, EngineFactory } from "../../runtime/index.js";
import { createContractEngine } from "../../handwritten/engine/factory.js";
import { answerOf, surfacedCalls, waitsOn, type SurfacedCall } from "./contract-calls.js";
import { sealedHistoriesOf, type SealedHistories } from "./history.js";
import {
  openApprovalRequests,
  resultPart,
  toolCallIds,
  toolNameOf,
  unansweredCalls,
  withToolParts,
} from "./messages.js";
import { turnModel, type ModelContent } from "./model.js";
import { AI_SDK_VERSION } from "./versions.js";

const live = (driver: Driver): AgentState => {
  const state = driver.state();
  if (state === null) throw new Error("the driver holds no state");
  return state;
};

/** Performs the driver's effects up to the next planner turn: the dispatch of the calls the contract authorized. */
async function drain(driver: Driver): Promise<void> {
  for (
    let next = driver.effects()[0];
    next !== undefined && next.type !== "planner/request";
    next = driver.effects()[0]
  )
    await driver.performNext();
}

/** Results, from the contract's answers, for calls the history holds open. */
const settledAnswers = (messages: readonly ModelMessage[], state: AgentState) =>
  unansweredCalls(messages).flatMap((id) => {
    const answer = answerOf(state, id);
    return answer === undefined ? [] : [resultPart(id, toolNameOf(messages, id), answer.content)];
  });

/** Approval responses for the requests the contract has decided: approved unless a person declined. */
const decidedApprovals = (messages: readonly ModelMessage[], state: AgentState): ToolApprovalResponse[] =>
  openApprovalRequests(messages).flatMap(({ approvalId, toolCallId }) => {
    if (waitsOn(state, toolCallId)) return [];
    const declined = answerOf(state, toolCallId)?.status === "declined";
    return [{ type: "tool-approval-response", approvalId, approved: !declined }];
  });

/** One generateText over the history, the contract in its hooks; answers the history after it. */
async function generate(
  env: EngineContext,
  driver: Driver,
  histories: SealedHistories,
  messages: readonly ModelMessage[],
  approved: ReadonlySet<string>,
): Promise<readonly ModelMessage[]> {
  const session_id = live(driver).session_id;
  const controller = new AbortController();
  let crash: unknown = null;
  let suspended = false;
  let planned: readonly SurfacedCall[] = [];
  let draining: Promise<void> | null = null;

  const model = turnModel("harness-planner", async () => ({ content: await plan(), raw: "" }));
  async function plan(): Promise<ModelContent> {
    if (driver.effects()[0]?.type !== "planner/request") return [];
    const step = await driver.performNext();
    planned = surfacedCalls(live(driver));
    if (planned.length === 0) {
      const raw = step?.event.type === "planner/responded" ? step.event.raw : live(driver).status;
      return [{ type: "text", text: raw }];
    }
    return planned.map((c) => ({
      type: "tool-call",
      toolCallId: c.toolCallId,
      toolName: c.tool,
      input: JSON.stringify(c.args),
    }));
  }

  const withCalls = (seen: readonly ModelMessage[], toolCallId: string): ModelMessage[] =>
    toolCallIds(seen).includes(toolCallId)
      ? [...seen]
      : [
          ...seen,
          {
            role: "assistant",
            content: planned.map((c) => ({
              type: "tool-call",
              toolCallId: c.toolCallId,
              toolName: c.tool,
              input: c.args,
            })),
          },
        ];

  const tools: ToolSet = Object.fromEntries(
    env.registry.list().map((spec) => [
      spec.name,
      tool({
        description: spec.description,
        inputSchema: spec.input,
        // The contract waits on this call, or a person's approval of it was accepted and it has not run yet.
        needsApproval: (_input, { toolCallId }) => waitsOn(live(driver), toolCallId) || approved.has(toolCallId),
        async execute(_input, { toolCallId, messages: seen }) {
          // The history is sealed and saved before the side effect, as the contract's checkpoint is.
          histories.save(session_id, live(driver).checkpoint_hash, withCalls(seen, toolCallId));
          try {
            await (draining ??= drain(driver).finally(() => (draining = null)));
          } catch (error) {
            if (isProcessCrash(error)) {
              crash = error;
              controller.abort();
            }
            throw error;
          }
          const answer = answerOf(live(driver), toolCallId);
          if (answer === undefined) {
            // Uncertain, or the run failed: no result enters the history until an operator or a resume settles it.
            suspended = true;
            controller.abort();
            throw new Error(`the contract holds ${toolCallId} unsettled (${live(driver).status})`);
          }
          return answer.content;
        },
      }),
    ]),
  );

  let response: readonly ModelMessage[] | null = null;
  try {
    const result = await generateText({
      model,
      tools,
      messages: [...messages],
      maxRetries: 0,
      abortSignal: controller.signal,
      stopWhen: () => driver.effects()[0]?.type !== "planner/request",
    });
    response = result.responseMessages;
  } catch (error) {
    if (crash === null && !suspended && !(error instanceof Error && error.name === "AI_MissingToolResultsError"))
      throw error;
  }
  // The AI SDK turns a thrown execute into a tool error and may go on: a process death is not a tool error.
  if (crash !== null) throw crash;
  // The run stopped inside the framework's loop: the history is the one saved before the last effect.
  if (response === null || suspended) return histories.latest(session_id) ?? messages;
  return [...messages, ...response];
}

/** The driver run by the AI SDK: each round answers the history from the contract, then lets generateText go on. */
export const hardenedDrive =
  (env: EngineContext, histories: SealedHistories) =>
  async (driver: Driver, first: DriverEvent): Promise<AgentState | null> => {
    driver.dispatch(first);
    const start = driver.state();
    if (start === null) return null;
    const goal = messagesOf(start).find((m) => m.role === "user")?.content ?? "";
    let messages: readonly ModelMessage[] = histories.latest(start.session_id) ?? [{ role: "user", content: goal }];
    const approved = new Set<string>();
    for (let next = driver.effects()[0]; next !== undefined; next = driver.effects()[0]) {
      const before = live(driver).seq;
      const decided = decidedApprovals(messages, live(driver));
      if (decided.length === 0 && next.type !== "planner/request") {
        // A call the framework cannot resume: in flight when the process died, or approved while another waits.
        await drain(driver);
        messages = withToolParts(messages, settledAnswers(messages, live(driver)));
      } else {
        for (const d of decided) if (d.approved) approved.add(approvalCall(messages, d.approvalId));
        messages = withToolParts(withToolParts(messages, settledAnswers(messages, live(driver))), decided);
        messages = await generate(env, driver, histories, messages, approved);
        messages = withToolParts(messages, settledAnswers(messages, live(driver)));
      }
      histories.save(start.session_id, live(driver).checkpoint_hash, messages);
      if (live(driver).seq === before && driver.effects()[0] === next)
        throw new Error("the AI SDK loop made no progress");
    }
    histories.save(start.session_id, live(driver).checkpoint_hash, messages);
    return driver.state();
  };

const approvalCall = (messages: readonly ModelMessage[], approvalId: string): string =>
  openApprovalRequests(messages).find((r) => r.approvalId === approvalId)?.toolCallId ?? "";

export const aiSdkHardenedFactory: EngineFactory<"ai_sdk_hardened"> = {
  id: "ai_sdk_hardened",
  version: AI_SDK_VERSION,
  shape: async () => null,
  create(env) {
    const histories = sealedHistoriesOf(env);
    return createContractEngine("ai_sdk_hardened", env, {
      drive: hardenedDrive(env, histories),
      onRewound: (session_id, target) => histories.restore(session_id, target.state.checkpoint_hash),
    });
  },
};
