/**
 * The agent state: JSON-serialisable data, a discriminated union on `status`. Its conversation is an
 * `AppendList` in memory (`MessageList`) and an array in JSON; everything else is plain data.
 */
import { z } from "zod";
import { AppendList, listItems } from "./append-list.js";
import type { PendingApproval } from "./approval.js";
import type { JsonValue } from "./canonical.js";
import type { RiskClass } from "./risk.js";
import type { ValidatedCall } from "./validation.js";

export const STATE_VERSION = 1;

export type ToolMessageStatus =
  "ok" | "replayed" | "error" | "rejected" | "denied" | "declined" | "conflict" | "reconciled";

/** The answer to one tool call; a call of a multi-call turn is tagged with its call id. */
export type ToolMessage = {
  readonly role: "tool";
  readonly tool: string | null;
  readonly status: ToolMessageStatus;
  readonly idempotency_key: string | null;
  readonly content: JsonValue;
  readonly call_id?: string;
};

/** Tool output enters the conversation as data under role `tool`, never as an instruction. */
export type Message =
  | { readonly role: "user"; readonly content: string }
  | { readonly role: "assistant"; readonly content: string }
  | ToolMessage;

/**
 * The conversation. A fact extends it as an `AppendList`, whose versions share their items, so an
 * append costs the same at the ten-thousandth message as at the tenth; a state read back from JSON
 * or built by hand holds a plain array. Both hash, serialise and read alike: read it through
 * `messagesOf` or `lastMessage`, never as an array.
 */
export type MessageList = readonly Message[] | AppendList<Message>;

/** The messages of a state as an array: a plain array itself, an `AppendList` version copied out once (then remembered). */
export function messagesOf(state: { readonly messages: MessageList }): readonly Message[] {
  return listItems(state.messages);
}

/** The messages from index `start` on (as `slice(start)`), copying only those however long the conversation. */
export function messagesFrom(state: { readonly messages: MessageList }, start: number): Message[] {
  const { messages } = state;
  if (!(messages instanceof AppendList)) return messages.slice(start);
  const out: Message[] = [];
  for (let i = start < 0 ? Math.max(0, messages.length + start) : start; i < messages.length; i++)
    out.push(messages.at(i) as Message);
  return out;
}

/** The last message of a state, without copying the conversation out. */
export function lastMessage(state: { readonly messages: MessageList }): Message | undefined {
  return state.messages.at(-1);
}

/** A call that passed schema and policy, with the key it runs under. */
export type AuthorizedCall = ValidatedCall & { readonly idempotency_key: string };

/** The intent written to the checkpoint before a tool may run. */
export type Intent = {
  readonly key: string;
  readonly tool: string;
  readonly risk: RiskClass;
  readonly args: Readonly<Record<string, unknown>>;
  readonly args_digest: string;
  readonly step: number;
  /** Attempts made so far; a transient failure before dispatch adds one. */
  readonly attempt: number;
  /** When the next attempt may start (backoff on the injected clock), or null. */
  readonly retry_at: number | null;
};

/** Where one call of a multi-call turn stands. */
export type BatchPhase =
  | { readonly kind: "validated" }
  | { readonly kind: "authorized" }
  | { readonly kind: "awaiting_approval"; readonly nonce: string; readonly requested_at: number }
  | { readonly kind: "executing"; readonly intent: Intent }
  | { readonly kind: "uncertain"; readonly intent: Intent }
  | { readonly kind: "exhausted"; readonly message: string }
  | { readonly kind: "settled"; readonly message: ToolMessage };

/** One call of a batch; `call` is null when the call was rejected before it had a tool and key. */
export type BatchCall = {
  readonly call_id: string;
  readonly call: AuthorizedCall | null;
  readonly phase: BatchPhase;
};

/** A planner turn with several calls: each call moves on its own; the turn ends when all have settled. */
export type Batch = { readonly calls: readonly BatchCall[] };

export type Failure = { readonly code: "retries_exhausted" | "time_limit"; readonly message: string };

type StateBase = {
  readonly v: typeof STATE_VERSION;
  readonly session_id: string;
  /** Id of the last fact applied. */
  readonly event_id: string;
  /** Number of facts applied; one trace event each. */
  readonly seq: number;
  /** Planner turns taken (bounded by `max_steps`). */
  readonly step: number;
  readonly messages: MessageList;
  /** Nonces of approval tokens already accepted: a token works once. */
  readonly used_approvals: readonly string[];
  readonly started_at: number;
  readonly updated_at: number;
  /** The state's hash without this field, by the chained-list rule of `state-hash.ts`. */
  readonly checkpoint_hash: string;
};

type Idle = { readonly pending_approval: null };

export type AgentState =
  | (StateBase & Idle & { readonly status: "ready" })
  | (StateBase &
      Idle & {
        readonly status: "planned";
        /** The planner's output with credentials and contact data already replaced (`redactText`). */
        readonly planned: string;
        /** Present when something was redacted: such output may end the run, never call a tool. */
        readonly planned_redacted?: true;
      })
  | (StateBase & Idle & { readonly status: "validated"; readonly call: AuthorizedCall })
  | (StateBase & {
      readonly status: "approval_required";
      readonly call: AuthorizedCall;
      readonly pending_approval: PendingApproval;
      readonly batch?: Batch;
    })
  /** A batch between its checkpoints: calls to authorize, or calls dispatched. Other calls may wait for approval. */
  | (StateBase & {
      readonly status: "batch";
      readonly batch: Batch;
      readonly pending_approval: PendingApproval | null;
    })
  | (StateBase & Idle & { readonly status: "authorized"; readonly call: AuthorizedCall })
  | (StateBase & Idle & { readonly status: "executing"; readonly intent: Intent })
  | (StateBase & Idle & { readonly status: "reconcile_required"; readonly intent: Intent; readonly batch?: Batch })
  | (StateBase & Idle & { readonly status: "done"; readonly final: string })
  | (StateBase & Idle & { readonly status: "failed"; readonly failure: Failure })
  | (StateBase & Idle & { readonly status: "step_limit" });

export type AgentStatus = AgentState["status"];
export type StateOf<S extends AgentStatus> = Extract<AgentState, { status: S }>;

/** Every status, once: the compiler refuses this object while a status is missing or unknown. */
const STATUSES: { readonly [S in AgentStatus]: S } = {
  ready: "ready",
  planned: "planned",
  validated: "validated",
  approval_required: "approval_required",
  batch: "batch",
  authorized: "authorized",
  executing: "executing",
  reconcile_required: "reconcile_required",
  done: "done",
  failed: "failed",
  step_limit: "step_limit",
};

const ROLES: { readonly [R in Message["role"]]: R } = { user: "user", assistant: "assistant", tool: "tool" };

const MessagesSchema = z.array(z.looseObject({ role: z.enum(ROLES) }));

/** The messages as JSON holds them, or an `AppendList` (a state of this process) whose items are checked the same way. */
const MessageListSchema = z.union([
  MessagesSchema,
  z
    .custom<AppendList<unknown>>((value) => value instanceof AppendList)
    .check((ctx) => {
      const items = MessagesSchema.safeParse(ctx.value.toArray());
      for (const { message, path } of items.error?.issues ?? [])
        ctx.issues.push({ code: "custom", message, path, input: ctx.value });
    }),
]);

/**
 * What every state holds whatever its status, as a state read back from a store is checked. The
 * fields of each status are not restated here: the state's hash covers all of them and the
 * checkpoint's seal covers the hash (`openCheckpoint`), so an edit anywhere is refused there.
 */
export const AgentStateEnvelopeSchema = z.looseObject({
  v: z.literal(STATE_VERSION),
  session_id: z.string(),
  event_id: z.string(),
  seq: z.number(),
  step: z.number(),
  messages: MessageListSchema,
  used_approvals: z.array(z.string()),
  started_at: z.number(),
  updated_at: z.number(),
  checkpoint_hash: z.string(),
  status: z.enum(STATUSES),
});

/** States a run cannot leave by itself. `approval_required` and `reconcile_required` wait for a person. */
export const TERMINAL_STATUSES = ["done", "failed", "step_limit"] as const satisfies readonly AgentStatus[];
export const WAITING_STATUSES = ["approval_required", "reconcile_required"] as const satisfies readonly AgentStatus[];

export function isTerminal(state: AgentState): boolean {
  return (TERMINAL_STATUSES as readonly string[]).includes(state.status);
}

export function isWaiting(state: AgentState): boolean {
  return (WAITING_STATUSES as readonly string[]).includes(state.status);
}

/** Bounds on a run. */
export type AgentLimits = {
  /** @default 8 */ readonly maxSteps: number;
  /** Retries of a transient failure before dispatch. @default 3 */ readonly maxRetries: number;
  /** First backoff; doubles per retry. @default 100 */ readonly backoffMs: number;
  /** Wall time of a run on the injected clock. @default 600000 */ readonly maxRunMs: number;
};

export const DEFAULT_LIMITS: AgentLimits = Object.freeze({
  maxSteps: 8,
  maxRetries: 3,
  backoffMs: 100,
  maxRunMs: 600_000,
});
