/**
 * The native app's reading of a planner turn and of a tool's answer, as an app on DBOS writes it
 * (DBOS has no model or tool types: the app's code is plain TypeScript). The planner's text becomes
 * tool calls under call ids the app mints (the planner's own id the first time the session sees
 * it), or the final text. No contract rule decides here.
 */
import type { NativeCall } from "../../runtime/index.js";

type PlannedCall = { readonly id?: unknown; readonly tool?: unknown; readonly arguments?: unknown };
/** One planner turn as the workflow's planner step records it. */
export type PlannedTurn = { readonly raw: string; readonly calls: readonly NativeCall[]; readonly text: string };

const argsOf = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** The planner's text as a turn: its calls under minted ids, else its final text. */
export function readTurn(raw: string, minted: string[], fresh: (n: number) => string): PlannedTurn {
  let parsed: { type?: unknown; text?: unknown; calls?: unknown } & PlannedCall;
  try {
    parsed = JSON.parse(raw) as typeof parsed;
  } catch {
    return { raw, calls: [], text: raw };
  }
  const planned: PlannedCall[] =
    parsed.type === "tool_call"
      ? [parsed]
      : parsed.type === "tool_calls" && Array.isArray(parsed.calls)
        ? (parsed.calls as PlannedCall[])
        : [];
  const text = parsed.type === "final" && typeof parsed.text === "string" ? parsed.text : raw;
  const calls = planned.map((c) => ({
    callId: mint(minted, typeof c.id === "string" && c.id.length > 0 ? c.id : undefined, fresh),
    tool: String(c.tool ?? ""),
    args: argsOf(c.arguments),
  }));
  return { raw, calls, text };
}

function mint(minted: string[], plannerId: string | undefined, fresh: (n: number) => string): string {
  let id = plannerId !== undefined && !minted.includes(plannerId) ? plannerId : `call_${fresh(minted.length)}`;
  for (let n = minted.length + 1; minted.includes(id); n++) id = `call_${fresh(n)}`;
  minted.push(id);
  return id;
}

/** A tool's output as the text a model would be shown. */
export const outputText = (output: unknown): string =>
  typeof output === "string" ? output : JSON.stringify(output ?? null);
