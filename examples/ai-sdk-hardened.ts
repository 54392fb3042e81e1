/**
 * The AI SDK hardening layer applied to an agent of a team's own, with a tool the harness does not
 * ship: `refund_payment` (high risk) beside `lookup_order` (read only). The model is scripted, so it
 * runs offline; generateText's loop, its toolApproval switch and its message history are the SDK's.
 *
 *   npx tsx examples/ai-sdk-hardened.ts   → prints what the layer kept; exit 0 when every check holds
 *
 * Type-checked with the adapter (ai-sdk-adapter/tsconfig.json), since it imports the pinned `ai`.
 */
import { z } from "zod";
// A Node host: the contract hashes and seals with node:crypto.
import { installNodeHashing } from "../durable/index.js";
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
  messagesOf,
  type AgentState,
  type ToolSpec,
} from "../contract/index.js";
import { createSlots, untransacted, type EngineContext, type EngineResult } from "../runtime/index.js";
import { createAgentEngine, hardenAiSdk, HARDENING_PIECES } from "../ai-sdk-adapter/src/index.js";

installNodeHashing();
const refunds = new Map<string, number>();
const lookupOrder: ToolSpec = {
  name: "lookup_order",
  description: "Reads an order",
  input: z.strictObject({ order_id: z.string() }),
  risk: "read_only",
  timeoutMs: 1000,
  execute: async ({ order_id }) => ({ order_id, total_cents: 4200, status: "delivered" }),
};
const refundPayment: ToolSpec = {
  name: "refund_payment",
  description: "Refunds an order to the card it was paid with",
  input: z.strictObject({ order_id: z.string(), amount_cents: z.number().int().positive() }),
  risk: "high_risk",
  timeoutMs: 1000,
  async execute({ order_id, amount_cents }, { idempotencyKey }) {
    refunds.set(idempotencyKey, (refunds.get(idempotencyKey) ?? 0) + 1);
    return { refunded: amount_cents, order_id };
  },
};

// The scripted model: one line of planner text per model turn.
const SCRIPT = [
  { type: "tool_call", tool: "lookup_order", arguments: { order_id: "A-17" } },
  { type: "tool_call", tool: "refund_payment", arguments: { order_id: "A-17", amount_cents: 4200 } },
  { type: "final", text: "Refunded 42.00 for A-17." },
];
const ledger = createMemoryLedger();
const trace = createMemoryTraceSink();
const clock = createManualClock();
const secret = "example-server-secret";
const env: EngineContext = {
  registry: createRegistry([lookupOrder, refundPayment]),
  ledger,
  nonces: createMemoryNonceStore(),
  artifacts: createMemoryArtifactStore(),
  checkpoints: createMemoryCheckpointStore(),
  trace,
  atomically: untransacted,
  clock,
  ids: createIdSource("example-seed"),
  planner: { respond: async (state) => JSON.stringify(SCRIPT[Math.min(state.step, SCRIPT.length - 1)]) },
  secret,
  limits: DEFAULT_LIMITS,
  batchExecution: "fan_out",
  slots: createSlots(),
};

const agent = createAgentEngine(env, "refund_agent", hardenAiSdk(env));
const SESSION = "refund-A-17";
const value = (result: EngineResult): AgentState => {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
};
const tokenFor = (state: AgentState, args?: Record<string, unknown>) => {
  const pending = state.pending_approval;
  if (pending === null) throw new Error(`nothing waits for approval (${state.status})`);
  const approved = args === undefined ? pending : { ...pending, args_digest: JSON.stringify(args) };
  return approvePending(approved, SESSION, secret, clock.now());
};
const checks: [string, boolean][] = [];

const waiting = value(await agent.start(SESSION, "Refund order A-17 for jane.doe@example.com"));
checks.push([
  "the refund waits for a person, nothing refunded",
  waiting.status === "approval_required" && refunds.size === 0,
]);
value(await agent.submitApproval(SESSION, { kind: "token", token: tokenFor(waiting, { amount_cents: 99999 }) }));
checks.push([
  "a token for other arguments is refused",
  trace.list(SESSION).some((e) => e.reason === "approval_args_mismatch"),
]);
const token = tokenFor(waiting);
const done = value(await agent.submitApproval(SESSION, { kind: "token", token }));
checks.push([
  "the person's token runs the refund once",
  done.status === "done" && [...refunds.values()].join() === "1",
]);
if (agent.rewindToApproval === undefined) throw new Error("the agent cannot rewind");
value(await agent.rewindToApproval(SESSION));
value(await agent.submitApproval(SESSION, { kind: "token", token }));
checks.push([
  "after a rewind the spent token is refused",
  trace.list(SESSION).some((e) => e.reason === "approval_already_used"),
]);
checks.push(["still one refund", [...refunds.values()].join() === "1"]);

process.stdout.write(`pieces: ${HARDENING_PIECES.join(", ")}\n`);
process.stdout.write(`refunds per idempotency key: ${JSON.stringify(Object.fromEntries(refunds))}\n`);
process.stdout.write(`ledger: ${JSON.stringify(ledger.entries().map((e) => [e.key, e.state]))}\n`);
process.stdout.write(
  `trace: ${trace
    .list(SESSION)
    .map((e) => `${e.type}${e.reason === null ? "" : `(${e.reason})`}`)
    .join(", ")}\n`,
);
const stored = await agent.state(SESSION);
const goal = stored.ok && stored.value !== undefined ? messagesOf(stored.value)[0]?.content : undefined;
process.stdout.write(`stored goal (the customer's email was in it): ${JSON.stringify(goal)}\n`);
for (const [says, holds] of checks) process.stdout.write(`${holds ? "ok  " : "FAIL"} ${says}\n`);
process.exitCode = checks.every(([, holds]) => holds) ? 0 : 1;
