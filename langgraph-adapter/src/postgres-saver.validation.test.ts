/** LangGraph's saver validation suite against PostgresSaver on the test server (AGENT_HARNESS_PG_URL). */
import type { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";
import { openPostgresCheckpointer, schemaFor } from "./postgres-checkpointer.js";
import { validateSaver } from "./saver-validation.js";

const url = process.env["AGENT_HARNESS_PG_URL"] || undefined;
let n = 0;

// Left out of a run without a server (test/setup/requirements.ts).
if (url === undefined) throw new Error("the PostgresSaver validation needs AGENT_HARNESS_PG_URL");
await validateSaver<PostgresSaver>({
  name: "PostgresSaver",
  // A schema of its own per run of the suite, dropped afterwards.
  create: () => openPostgresCheckpointer(url, `validation_${process.pid}_${(n += 1)}`),
  destroy: async (saver) => {
    const schema = schemaFor(`validation_${process.pid}_${n}`);
    await (saver as unknown as { pool: { query(sql: string): Promise<unknown>; end(): Promise<void> } }).pool
      .query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)
      .catch(() => undefined);
    await saver.end();
  },
});
