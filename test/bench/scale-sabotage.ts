/**
 * Sabotaged workers of the multi-worker bench, to prove its count bites (test/bench/scale.test.ts). Each is the
 * contract's engine with one thing done wrong outside it, as a careless worker would: `duplicating` picks a session
 * up and runs its last call again without asking the ledger (an at-least-once recovery: the effect lands twice);
 * `losing` answers an approval as done without handing the token to the engine (the call never runs).
 */
import { contractWorker, openContract, SCALE_TOOL, scaleEngine } from "../../scripts/bench/scale/contract-engine.js";
import type { ScaleEngine } from "../../scripts/bench/scale/engine.js";

export const duplicating: ScaleEngine = {
  ...scaleEngine,
  id: "sabotaged_duplicating",
  async open(place, worker) {
    const opened = openContract(place, worker);
    const honest = contractWorker(opened);
    return {
      ...honest,
      async resume(session_id) {
        const outcome = await honest.resume(session_id);
        // The key of the session's last call, from its own checkpoints, and its effect again, past the ledger.
        const executing = opened.env.checkpoints
          .list(session_id)
          .map((c) => c.state)
          .filter((s) => s.status === "executing")
          .at(-1);
        if (executing?.status === "executing") opened.env.world.recordEffect(SCALE_TOOL, executing.intent.key);
        return outcome;
      },
    };
  },
};

export const losing: ScaleEngine = {
  ...scaleEngine,
  id: "sabotaged_losing",
  async open(place, worker) {
    const honest = contractWorker(openContract(place, worker));
    return { ...honest, approve: async () => ({ ok: true, status: "done", effect_key: null }) };
  },
};
