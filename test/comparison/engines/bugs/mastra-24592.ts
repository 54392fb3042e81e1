/**
 * mastra-ai/mastra#24592 (closed; also #5549, #7464): `mastra start` registers no restart of active runs
 * (`restartAllActiveWorkflowRuns()` runs only under `mastra dev`), so a run persisted as `running` before a crash
 * stays `running` after the restart. Reproduced on the handwritten engine: a new process leaves a run that was in
 * flight as it found it (waiting runs still resume), so nobody can act on it.
 */
import { handwrittenFactory } from "../../../../scenarios/index.js";
import { bugEngine } from "./kit.js";

/** Statuses of a run that was working when the process died, not waiting for anyone. */
const IN_FLIGHT = ["planned", "validated", "authorized", "executing", "batch"];

export const engineFactory = bugEngine("mastra_24592", handwrittenFactory, (inner) => ({
  resume: async (session) => {
    const found = await inner.state(session);
    if (found.ok && found.value !== undefined && IN_FLIGHT.includes(found.value.status))
      return { ok: true, value: found.value };
    return inner.resume(session);
  },
}));
