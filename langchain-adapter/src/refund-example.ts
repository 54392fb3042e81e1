/**
 * The body of examples/langchain-agent-hardened.ts (kept here, where LangChain's types are checked): the shared
 * refund demo (examples/refund-kit.ts) on createAgent hardened by its layer, with what the layer kept of
 * LangChain's own state: the interrupted thread, sealed beside its checkpoint.
 */
import { runRefundDemo, type RefundDemo } from "../../examples/refund-kit.js";
import { createLangChainHardenedFactory, THREADS } from "./hardened.js";

export type { RefundDemo } from "../../examples/refund-kit.js";

export const refundDemo = (): Promise<RefundDemo> =>
  runRefundDemo(createLangChainHardenedFactory(), {
    atEnd: (env) => {
      const threads = [...(env.slots.get(THREADS)?.threads.values() ?? [])];
      return {
        kept: {
          sealed_threads: threads.map((s) => ({
            checkpoint_hash: s.checkpoint_hash.slice(0, 12),
            thread_id: s.thread_id,
            waiting_calls: s.asked.map((a) => a.callId),
            sealed: s.seal !== "",
          })),
        },
        checks: [
          {
            says: "the interrupted thread is kept, sealed",
            holds: threads.length > 0 && threads.every((s) => s.seal !== ""),
          },
        ],
      };
    },
  });
