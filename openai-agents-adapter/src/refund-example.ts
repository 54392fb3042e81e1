/**
 * The body of examples/openai-agents-hardened.ts (kept here, where the SDK's types are checked): the shared
 * refund demo (examples/refund-kit.ts) on the OpenAI Agents SDK hardened by its layer, with what the layer kept
 * of the SDK's own state: each RunState, sealed beside its checkpoint.
 */
import { runRefundDemo, type RefundDemo } from "../../examples/refund-kit.js";
import { createOpenAIHardenedFactory, RUN_STATES } from "./hardened.js";

export type { RefundDemo } from "../../examples/refund-kit.js";

export const refundDemo = (): Promise<RefundDemo> =>
  runRefundDemo(createOpenAIHardenedFactory(), {
    atEnd: (env) => {
      const runStates = [...(env.slots.get(RUN_STATES)?.values() ?? [])];
      return {
        kept: {
          sealed_run_states: runStates.map((s) => ({
            checkpoint_hash: s.checkpoint_hash.slice(0, 12),
            sealed: s.seal !== "",
          })),
        },
        checks: [
          {
            says: "every kept RunState is sealed",
            holds: runStates.length > 0 && runStates.every((s) => s.seal !== ""),
          },
        ],
      };
    },
  });
