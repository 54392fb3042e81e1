/**
 * The hardened engine's SDK side: an Agent whose Model plays the contract's planner turn and whose
 * function tools answer with what the contract's driver decided. The SDK's loop drives the run (its
 * turns, its parallel tool calls, its interruptions); every step it takes pulls the next effect from
 * runtime/driver.ts, which checkpoints the sealed contract state before that effect runs.
 */
import { Agent, Runner, tool, Usage, type Model, type ModelResponse } from "@openai/agents";
import type { AgentState } from "../../contract/index.js";
import type { Driver } from "../../runtime/index.js";
import { answerTo, awaitsApproval, callsOfTurn, inBatch } from "./turn.js";

/** One session's driver, shared by the SDK's model and tools; effects run one at a time. */
export type SessionDrive = {
  readonly driver: Driver;
  /** Runs effects until the driver needs the planner, waits or ends (never asks the planner). */
  advance(): Promise<AgentState>;
};

export function sessionDrive(driver: Driver): SessionDrive {
  let queue: Promise<unknown> = Promise.resolve();
  // A process that died (or spent its work budget) does nothing more: the SDK's parallel tools see the same death.
  let died: { readonly error: unknown } | null = null;
  const advance = () => {
    const work = queue.then(async () => {
      if (died !== null) throw died.error;
      try {
        for (let next = driver.effects()[0]; next !== undefined && next.type !== "planner/request";) {
          await driver.performNext();
          next = driver.effects()[0];
        }
      } catch (error) {
        died = { error };
        throw error;
      }
      return current(driver);
    });
    queue = work.catch(() => undefined);
    return work;
  };
  return { driver, advance };
}

const current = (driver: Driver): AgentState => {
  const state = driver.state();
  if (state === null) throw new Error("the driver holds no session");
  return state;
};

const text = (value: string): ModelResponse => ({
  usage: new Usage(),
  output: [
    { type: "message", role: "assistant", status: "completed", content: [{ type: "output_text", text: value }] },
  ],
});

/** The model: one planner turn per request, shown to the SDK as function calls or a final message. */
function contractModel(drive: SessionDrive): Model {
  let shown: string | null = null;
  return {
    async getResponse(): Promise<ModelResponse> {
      let state = current(drive.driver);
      // A rejected call ends its turn inside the contract (its answer is already in the messages); plan again.
      while (drive.driver.effects()[0]?.type === "planner/request") {
        await drive.driver.performNext();
        state = current(drive.driver);
        if (callsOfTurn(state).length > 0) break;
        state = await drive.advance();
      }
      // The same checkpoint twice means the SDK's tools moved nothing: the run waits, so the SDK stops.
      const calls = state.checkpoint_hash === shown ? [] : callsOfTurn(state);
      shown = state.checkpoint_hash;
      if (calls.length === 0) return text(state.status === "done" ? state.final : state.status);
      return {
        usage: new Usage(),
        output: calls.map((c) => ({
          type: "function_call" as const,
          callId: c.callId,
          name: c.name,
          arguments: JSON.stringify(c.args),
          status: "completed" as const,
        })),
      };
    },
    getStreamedResponse() {
      throw new Error("the harness runs the SDK without streaming");
    },
  };
}

/** The harness's tools as SDK function tools; their JSON schemas are the contract's to check. */
export function hardenedAgent(drive: SessionDrive, toolNames: readonly string[]): Agent {
  const tools = toolNames.map((name) =>
    tool({
      name,
      description: `the harness's ${name}`,
      parameters: { type: "object", properties: {}, required: [], additionalProperties: true },
      strict: false,
      // The contract's policy and the approval token decide; the SDK only asks.
      needsApproval: async (_context, _input, callId) =>
        callId !== undefined && awaitsApproval(current(drive.driver), callId),
      async execute(_input, _context, details) {
        const callId = details?.toolCall?.callId ?? "";
        const batched = inBatch(current(drive.driver), callId);
        const state = await drive.advance();
        const answer = answerTo(state, callId, batched);
        return answer === undefined ? `no answer: the session is ${state.status}` : JSON.stringify(answer.content);
      },
      // A process death or a spent work budget must stop the run, not become a message to the model.
      errorFunction: null,
    }),
  );
  return new Agent({ name: "harness", instructions: "Use the tools.", model: contractModel(drive), tools });
}

/** The SDK's runner, with tracing off (nothing leaves the process) and turns bounded by the contract's limits. */
export const runner = new Runner({ tracingDisabled: true });
