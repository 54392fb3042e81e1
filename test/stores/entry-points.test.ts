/**
 * The same comparison on a database as in memory: every column's observations, run with the
 * contract's stores on SQLite (and Postgres when a server is given), equal the committed
 * in-memory evidence. A store changes where state lives, never what the engines do.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { paced } from "../setup/pace.js";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openStoreOption } from "../../durable/index.js";
import { localGraphFactory } from "../../local-graph/agent/index.js";
import { ALL_COLUMNS } from "../../scenarios/index.js";
import { compare } from "../../scripts/comparison/report.js";
import { committedText } from "../setup/committed.js";
import { freshStore, MEASURED_KINDS } from "./targets.js";

const scratch = mkdtempSync(join(tmpdir(), "agent-harness-entry-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// As git holds it: npm run compare rewrites the working copy.
const committed = JSON.parse(committedText("evidence/13-framework-comparison-local-v2.json")) as {
  scenarios: unknown;
};

describe("compare --store", () => {
  for (const kind of MEASURED_KINDS) {
    it(
      `${kind}: every column observes what it observes in memory`,
      async () => {
        const { spec } = freshStore(kind, scratch);
        const text = spec.kind === "sqlite" ? `sqlite:${spec.path}` : `postgres:${spec.url}`;
        const store = await openStoreOption(text, "compare-test", {});
        if (!store.ok) throw store.error;
        try {
          const report = await compare({
            framework: "local_state_graph",
            factory: localGraphFactory,
            scenarios: ALL_COLUMNS,
            commit: null,
            now: new Date(0),
            environment: store.value.environment,
            store: store.value.label,
          });
          expect(report.runtime.store).toBe(store.value.label);
          expect(report.all_equal).toBe(true);
          expect(report.all_hold).toBe(true);
          expect(report.scenarios).toEqual(committed.scenarios);
          // The runs really lived in the database: one scope per engine and column, each with its
          // checkpoints (the handwritten engine's, or the local graph's own).
          const scopes = store.value.db!.query(
            "SELECT COUNT(DISTINCT scope) AS n FROM log_records WHERE scope LIKE ?",
            [`${store.value.scopePrefix}-%`],
          );
          expect(Number(scopes.rows[0]!["n"])).toBe(2 * ALL_COLUMNS.length);
        } finally {
          store.value.close();
        }
      },
      paced(120_000),
    );
  }
});
