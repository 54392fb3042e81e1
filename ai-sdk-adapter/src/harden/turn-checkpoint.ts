/**
 * guarded_execute's checkpoint before an effect, for a whole turn: a model middleware (the SDK's
 * wrapLanguageModel) hears every call the model made in its latest turn, so the history saved before
 * one call's effect holds all its siblings, and the answers of those already finished (saved again as
 * each one settles). A process that dies mid-turn thus leaves a history whose every call follows its
 * own intent on resume; none is lost or run twice.
 */
import type { LanguageModelMiddleware, ModelMessage, ToolResultPart } from "ai";
import type { Intent, JsonValue } from "../../../contract/index.js";
import type { RunContext } from "../agent-engine.js";
import { resultPart, toolCallIds, turnCallsOf } from "../messages.js";
import { CALLER_KEY_METADATA, parsedInput } from "../native-turns.js";
import type { SessionStore } from "../session-store.js";
import type { BeforeEffect } from "./guarded-execute.js";

type TurnCall = {
  readonly toolCallId: string;
  readonly toolName: string;
  readonly input: unknown;
  readonly providerOptions?: Record<string, Record<string, never>>;
};
/** The turn a run is executing: the history before it, and the answers of its calls so far. */
type Turn = {
  readonly before: readonly ModelMessage[];
  readonly calls: readonly TurnCall[];
  answers: ToolResultPart[];
};

const callerMetadata = (key: string | null) =>
  key === null ? {} : { providerOptions: { [CALLER_KEY_METADATA]: { idempotency_key: key } } as never };

export function turnCheckpoints(store: SessionStore) {
  let latest: readonly TurnCall[] = [];
  const turns = new WeakMap<RunContext, Turn>();

  const save = (run: RunContext, turn: Turn, executing: Intent | null) =>
    store.save({
      ...run.session,
      ...(executing === null ? {} : { executing }),
      messages: [
        ...turn.before,
        { role: "assistant", content: turn.calls.map((c) => ({ type: "tool-call" as const, ...c })) },
        ...(turn.answers.length === 0 ? [] : [{ role: "tool" as const, content: [...turn.answers] }]),
      ],
    });

  const middleware: LanguageModelMiddleware = {
    async wrapGenerate({ doGenerate }) {
      const result = await doGenerate();
      latest = result.content.flatMap((p) =>
        p.type === "tool-call"
          ? [{ toolCallId: p.toolCallId, toolName: p.toolName, input: parsedInput(p.input), ...callerOptions(p) }]
          : [],
      );
      return result;
    },
  };

  const beforeEffect =
    (run: RunContext): BeforeEffect =>
    (intent, toolCallId, messages, requested) => {
      // An approved call's turn is in the history already: the history is the checkpoint.
      if (toolCallIds(messages).includes(toolCallId))
        return store.save({ ...run.session, executing: intent, messages: [...messages] });
      const known = turns.get(run);
      const calls = latest.some((c) => c.toolCallId === toolCallId)
        ? latest
        : [{ toolCallId, toolName: intent.tool, input: intent.args, ...callerMetadata(requested) }];
      const turn = known !== undefined && known.calls === calls ? known : { before: messages, calls, answers: [] };
      turns.set(run, turn);
      save(run, turn, intent);
    };

  /** Records a call's answer in its turn's checkpoint, once it has one. */
  const settled = (run: RunContext, toolCallId: string, toolName: string, content: JsonValue) => {
    const turn = turns.get(run);
    if (turn === undefined || !turn.calls.some((c) => c.toolCallId === toolCallId)) return;
    turn.answers = [...turn.answers, resultPart(toolCallId, toolName, content)];
    save(run, turn, null);
  };

  /** How many calls the turn of a call made: its assistant message in the history, or the model's latest turn. */
  const turnSize = (toolCallId: string, messages: readonly ModelMessage[]): number => {
    const inHistory = turnCallsOf(messages, toolCallId);
    if (inHistory > 0) return inHistory;
    return latest.some((c) => c.toolCallId === toolCallId) ? latest.length : 1;
  };

  return { middleware, beforeEffect, settled, turnSize };
}

/** The model's metadata on a call, as the history keeps it (the SDK writes providerMetadata as providerOptions). */
function callerOptions(part: { readonly providerMetadata?: unknown }) {
  return part.providerMetadata === undefined ? {} : { providerOptions: part.providerMetadata as never };
}
