/**
 * One model turn → the planner text the engines validate. A chat model's tool call becomes the
 * same `tool_call` envelope a FixtureModel writes, so it meets the same validation; its text
 * alone becomes a final answer. A call whose arguments did not parse keeps them as the raw
 * string, which the tool's schema then rejects (`invalid_arguments`) like any bad input.
 */
import { err, ok, type Result } from "../contract/index.js";
import { finalAnswer, toolCall } from "../fixtures/index.js";
import type { RouteError, RouteTurn } from "./route.js";

/** Calls of a turn in the order the model gave them: parsed ones, then unparsed ones. */
export function callsOf(turn: RouteTurn): readonly { readonly name: string | null; readonly args: unknown }[] {
  return [...turn.tool_calls, ...turn.invalid_tool_calls];
}

export function plannerTextOf(turn: RouteTurn): Result<string, RouteError> {
  const calls = callsOf(turn);
  const [call] = calls;
  if (call === undefined) return ok(finalAnswer(turn.text));
  if (calls.length > 1)
    return err({
      code: "route_multi_call_turn",
      message: `turn ${turn.step} holds ${calls.length} tool calls in one turn; engines take one call per turn until parallel tool calls land (issue 13)`,
    });
  return ok(toolCall(call.name ?? "", call.args));
}
