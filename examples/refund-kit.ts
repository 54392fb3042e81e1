/**
 * The refund demo the hardening examples share (examples/*-hardened.ts): a team's own agent with a tool the
 * harness does not ship, `refund_payment` (high_risk), beside a read, run offline with a scripted model on any
 * hardened engine. It returns what the contract kept and the checks it made; each framework adds what it kept
 * of its own state (a sealed RunState, a thread, a suspended run) and the checks on it.
 */
import { z } from "zod";
import {
  approvePending,
  createIdSource,
  createManualClock,
  createMemoryArtifactStore,
  createMemoryCheckpointStore,
  createMemoryLedger,
  createMemoryNonceStore,
  createMemoryTraceSink,
  createRegistry,
  DEFAULT_LIMITS,
  defineTool,
  type AgentState,
} from "../contract/index.js";
import { createSlots, untransacted, unwrapEngine, type EngineContext, type EngineFactory } from "../runtime/index.js";

const SESSION = "refund-demo";
const refunds: { readonly order_id: string; readonly amount_cents: number; readonly key: string }[] = [];

const lookupOrder = defineTool({
  name: "lookup_order",
  description: "Reads an order.",
  input: z.strictObject({ order_id: z.string().min(1) }),
  risk: "read_only",
  timeoutMs: 1_000,
  execute: async ({ order_id }) => ({ order_id, paid_cents: 1_299, status: "delivered" }),
});
const refundPayment = defineTool({
  name: "refund_payment",
  description: "Refunds part or all of an order's payment to the customer.",
  input: z.strictObject({ order_id: z.string().min(1), amount_cents: z.number().int().positive() }),
  risk: "high_risk",
  timeoutMs: 1_000,
  execute: async ({ order_id, amount_cents }, ctx) => {
    refunds.push({ order_id, amount_cents, key: ctx.idempotencyKey });
    return { refund_id: `re_${refunds.length}`, order_id, amount_cents };
  },
});

/** The scripted model: one planner turn per step, as a real model's would be. */
const SCRIPT = [
  JSON.stringify({ type: "tool_call", tool: "lookup_order", arguments: { order_id: "ord_42" } }),
  JSON.stringify({ type: "tool_call", tool: "refund_payment", arguments: { order_id: "ord_42", amount_cents: 1_299 } }),
  JSON.stringify({ type: "final", text: "Refunded 12.99 on ord_42." }),
];

export type RefundCheck = { readonly says: string; readonly holds: boolean };
export type RefundDemo = { readonly kept: Readonly<Record<string, unknown>>; readonly checks: readonly RefundCheck[] };

/** What a framework kept of its own state: read when the refund waits (`atWait`) and once it is done (`atEnd`). */
export type FrameworkKept<W> = {
  atWait?(env: EngineContext): W;
  atEnd(env: EngineContext, atWait: W | undefined): Promise<RefundDemo> | RefundDemo;
};

/** The refund on a hardened engine: waits for a person, refuses a token for another amount, runs once, refuses a replay. */
export async function runRefundDemo<W>(
  factory: EngineFactory<string>,
  framework: FrameworkKept<W>,
): Promise<RefundDemo> {
  const clock = createManualClock();
  const env: EngineContext = {
    registry: createRegistry([lookupOrder, refundPayment]),
    ledger: createMemoryLedger(),
    nonces: createMemoryNonceStore(),
    artifacts: createMemoryArtifactStore(),
    checkpoints: createMemoryCheckpointStore(),
    trace: createMemoryTraceSink(),
    atomically: untransacted,
    clock,
    ids: createIdSource("refund-demo"),
    planner: { respond: async (state: AgentState) => SCRIPT[state.step] ?? SCRIPT[2]! },
    secret: "refund-demo-secret",
    limits: DEFAULT_LIMITS,
    batchExecution: "fan_out",
    slots: createSlots(),
  };
  const engine = factory.create(env);
  const refundsAtStart = refunds.length;
  const waiting = unwrapEngine(await engine.start(SESSION, "Refund order ord_42 in full."));
  const refundsBefore = refunds.length - refundsAtStart;
  if (waiting.status !== "approval_required") throw new Error(`the refund did not wait: ${waiting.status}`);
  const atWait = framework.atWait?.(env);
  // A person approves this refund; a token for another amount is refused first.
  const pending = waiting.pending_approval;
  const other = approvePending({ ...pending, args_digest: "other-amount" }, SESSION, env.secret, clock.now());
  const refused = await engine.submitApproval(SESSION, { kind: "token", token: other });
  const token = approvePending(pending, SESSION, env.secret, clock.now());
  const done = unwrapEngine(await engine.submitApproval(SESSION, { kind: "token", token }));
  const replayed = await engine.submitApproval(SESSION, { kind: "token", token });
  const trace = await engine.trace(SESSION);
  const refusal = trace.find((e) => e.type === "approval_refused")?.reason ?? null;
  const ledger = env.ledger.get(pending.idempotency_key);
  const made = refunds.slice(refundsAtStart);
  const own = await framework.atEnd(env, atWait);
  return {
    kept: {
      status_after_start: waiting.status,
      refunds_before_approval: refundsBefore,
      other_amount_token: refused.ok ? refusal : refused.error.code,
      final_status: done.status,
      refunds: made,
      replayed_token: replayed.ok ? "accepted" : replayed.error.code,
      ledger: ledger === undefined ? null : { key: pending.idempotency_key, state: ledger.state },
      trace: trace.map((e) => e.type),
      ...own.kept,
    },
    checks: [
      { says: "the refund waited for a person with no refund made", holds: refundsBefore === 0 },
      { says: "done after the approval", holds: done.status === "done" },
      {
        says: "exactly one refund, under the contract's idempotency key",
        holds: made.length === 1 && made[0]?.key === pending.idempotency_key,
      },
      { says: "the ledger holds the refund completed", holds: ledger?.state === "completed" },
      { says: "a token for another amount is refused", holds: refusal === "approval_args_mismatch" },
      { says: "a used token is refused", holds: !replayed.ok },
      ...own.checks,
    ],
  };
}
