/**
 * One model turn → the planner text the engines validate. A chat model's tool call becomes the
 * same `tool_call` envelope a FixtureModel writes, several calls the same `tool_calls` batch, so
 * they meet the same validation; its text alone becomes a final answer. A call whose arguments
 * did not parse keeps them as the raw string, which the tool's schema then rejects
 * (`invalid_arguments`) like any bad input.
 */
import { finalAnswer, toolCall, toolCalls } from "../fixtures/index.js";
import type { RouteTurn } from "./route.js";

type TurnCall = { readonly id: string | null; readonly name: string | null; readonly args: unknown };

/** Calls of a turn in the order the model gave them: parsed ones, then unparsed ones. */
export function callsOf(turn: RouteTurn): readonly TurnCall[] {
  return [...turn.tool_calls, ...turn.invalid_tool_calls];
}

/**
 * The id a call of a batch runs under: the model's own, so the tool messages answer the ids it
 * wrote; a model that gave none gets its position. An id validation refuses (or two alike) is
 * kept as written and rejected there, like any malformed turn.
 */
export const batchCallId = (call: TurnCall, index: number): string => call.id ?? `call_${index}`;

export function plannerTextOf(turn: RouteTurn): string {
  const calls = callsOf(turn);
  const [call] = calls;
  if (call === undefined) return finalAnswer(turn.text);
  if (calls.length === 1) return toolCall(call.name ?? "", call.args);
  return toolCalls(calls.map((c, i) => ({ id: batchCallId(c, i), tool: c.name ?? "", args: c.args })));
}
