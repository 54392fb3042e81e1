/**
 * The native app's reading of a planner turn and of a tool's answer, as an app on DBOS writes it
 * (DBOS has no model or tool types: the app's code is plain TypeScript). The planner's text becomes
 * tool calls under call ids the app mints (the planner's own id the first time the session sees
 * it), or the final text; and a tool call as the app runs it in its step. No contract rule decides here.
 */
import { grantDispatch } from "../../contract/index.js";
import type { EngineContext, NativeCall } from "../../runtime/index.js";
import { isDeath } from "./runtime.js";

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

/** One tool call, as the app runs it in its step: the tool's own schema checked, the call id handed over as the key. */
export async function runTool(env: EngineContext, call: NativeCall): Promise<{ ok: boolean; text: string }> {
  const spec = env.registry.get(call.tool);
  if (spec === undefined) return { ok: false, text: `unknown tool ${call.tool}` };
  const input = spec.input.safeParse(call.args);
  if (!input.success) return { ok: false, text: input.error.message };
  const timer = new AbortController();
  const timeout = env.clock.sleep(spec.timeoutMs, timer.signal).then(() => {
    throw new Error(`${spec.name} timed out after ${spec.timeoutMs} ms`);
  });
  try {
    const context = grantDispatch({ idempotencyKey: call.callId, signal: timer.signal });
    const output = await Promise.race([spec.execute(input.data as Record<string, unknown>, context), timeout]);
    return { ok: true, text: outputText(output) };
  } catch (error) {
    if (isDeath(error)) throw error;
    // A tool that throws is the app's error result, shown to the model as such.
    return { ok: false, text: JSON.stringify(error instanceof Error ? error.message : String(error)) };
  } finally {
    timer.abort();
  }
}
