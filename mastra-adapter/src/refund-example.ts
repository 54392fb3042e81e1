/**
 * The body of examples/mastra-hardened.ts (kept here, where Mastra's types are checked): the shared refund demo
 * (examples/refund-kit.ts) on a Mastra agent hardened by its layer, with what the layer and Mastra kept: the
 * suspended run, sealed beside its checkpoint while it waits, and none left in Mastra's storage once resumed.
 */
import { runRefundDemo, type RefundDemo } from "../../examples/refund-kit.js";
import { createMastraHardenedFactory, SUSPENDED_RUNS } from "./hardened.js";
import { turnModel } from "./model.js";
import { mastraAgent } from "./storage.js";

export type { RefundDemo } from "../../examples/refund-kit.js";

export const refundDemo = (): Promise<RefundDemo> =>
  runRefundDemo(createMastraHardenedFactory(), {
    atWait: (env) => {
      const kept = [...(env.slots.get(SUSPENDED_RUNS)?.values() ?? [])][0];
      return kept === undefined || kept.seal === "" ? null : { toolCallId: kept.toolCallId, sealed: true };
    },
    atEnd: async (env, suspendedAt) => {
      const runs = [...(env.slots.get(SUSPENDED_RUNS)?.values() ?? [])];
      // Mastra's own storage, read as a restarted server would: the run approveToolCallGenerate resumed is no longer listed.
      const idle = mastraAgent(
        env,
        turnModel("unused", async () => []),
        {},
      );
      const listed = (await idle.listSuspendedRuns()).runs.map((r) => ({ runId: r.runId, status: r.status }));
      return {
        kept: { mastra_suspended_at: suspendedAt ?? null, mastra_lists_after_approval: listed },
        checks: [
          {
            says: "Mastra suspended the refund in its storage, sealed beside the checkpoint",
            holds: suspendedAt !== null && suspendedAt !== undefined,
          },
          {
            says: "Mastra resumed that suspended run: the layer spent it, Mastra lists none",
            holds: runs.length === 0 && listed.length === 0,
          },
        ],
      };
    },
  });
