/**
 * The detector's whole corpus as tool input over MCP: every sample is refused, none runs, and no
 * raw value is in any answer or any byte the server stored — its stores in memory (every value
 * handed to them), or every row of its scope on SQLite and Postgres — nor in its audit trail.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { paced } from "../test/setup/pace.js";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createMemoryArtifactStore, createMemoryCheckpointStore, createMemoryLedger } from "../contract/index.js";
import { CORPUS, SENSITIVE_KINDS } from "../contract/sensitive-corpus.js";
import { openStores } from "../durable/index.js";
import { scopeRows } from "../durable/sql/migrations.js";
import { spellings } from "../scenarios/stored-text.js";
import { bodyOf, connectInMemory, type InMemoryOptions } from "../scenarios/mcp/in-memory.js";
import { TEST_SECRET } from "../scenarios/mcp/stdio-server.js";
import { freshStore, MEASURED_KINDS } from "../test/stores/targets.js";

const scratch = mkdtempSync(join(tmpdir(), "agent-harness-mcp-secrets-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The longest content save_artifact's schema takes. */
const CONTENT_MAX = 2_000;

/** Every store handed to the server records each value it is given, as JSON. */
function tapped<T extends object>(store: T, into: string[]): T {
  return new Proxy(store, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        into.push(JSON.stringify(args));
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

type Stored = { readonly stores: NonNullable<InMemoryOptions["stores"]>; readonly bytes: () => readonly string[] };

/** Sends every corpus sample as save_artifact's content; answers what came back and what is stored. */
async function sendCorpus(stored: Stored) {
  const harness = await connectInMemory({ stores: stored.stores });
  try {
    const answers: {
      readonly kind: string;
      readonly fits: boolean;
      readonly status: unknown;
      readonly code: unknown;
      readonly text: string;
    }[] = [];
    for (const sample of CORPUS) {
      const result = await harness.client.callTool({
        name: "save_artifact",
        arguments: { name: "note", content: sample.text },
      });
      answers.push({
        kind: sample.kind,
        fits: sample.text.length <= CONTENT_MAX,
        status: bodyOf(result)["status"],
        code: bodyOf(result)["code"],
        text: JSON.stringify(result),
      });
    }
    const stores = [...stored.bytes(), JSON.stringify(harness.audit.events()), JSON.stringify(harness.world.data)];
    return { answers, stores, effects: harness.world.totalEffects(), calls: harness.world.totalCalls() };
  } finally {
    await harness.close();
  }
}

const rawIn = (texts: readonly string[]) =>
  CORPUS.filter((sample) =>
    sample.secrets.some((secret) => spellings(secret).some((s) => texts.some((t) => t.includes(s)))),
  ).map((s) => `${s.kind}: ${s.name}`);

function expectRefusedAndAbsent(sent: Awaited<ReturnType<typeof sendCorpus>>) {
  expect([sent.calls, sent.effects]).toEqual([0, 0]);
  // A sample the schema takes is refused for what it carries; a longer one may be refused for its size first.
  expect(sent.answers.filter((a) => a.status !== "rejected")).toEqual([]);
  expect(sent.answers.filter((a) => a.fits && a.code !== "sensitive_input")).toEqual([]);
  expect(new Set(sent.answers.filter((a) => a.code === "sensitive_input").map((a) => a.kind))).toEqual(
    new Set(SENSITIVE_KINDS),
  );
  expect(rawIn(sent.answers.map((a) => a.text))).toEqual([]);
  expect(rawIn(sent.stores)).toEqual([]);
}

describe("the sensitive-data corpus as tool input over MCP", () => {
  it(
    "memory: every sample is refused, and no raw value is in an answer, a store or the audit trail",
    async () => {
      const handed: string[] = [];
      const sent = await sendCorpus({
        stores: {
          sessions: tapped(createMemoryCheckpointStore(), handed),
          ledger: tapped(createMemoryLedger(), handed),
          artifacts: tapped(createMemoryArtifactStore(), handed),
        },
        bytes: () => handed,
      });
      // The stores were handed the sessions' checkpoints: the search read something.
      expect(handed.some((text) => text.includes("save_artifact"))).toBe(true);
      expectRefusedAndAbsent(sent);
    },
    paced(60_000),
  );

  for (const kind of MEASURED_KINDS) {
    it(
      `${kind}: every sample is refused, and no raw value is in an answer, a row or the audit trail`,
      async () => {
        const { spec, scope } = freshStore(kind, scratch);
        const opened = openStores(spec, scope, TEST_SECRET, { spentJournal: null });
        if (!opened.ok) throw opened.error;
        const { stores, db } = opened.value;
        try {
          const sent = await sendCorpus({
            stores: { sessions: stores.checkpoints, ledger: stores.ledger, artifacts: stores.artifacts },
            bytes: () => scopeRows(db!, scope),
          });
          expect(scopeRows(db!, scope).some((row) => row.includes("save_artifact"))).toBe(true);
          expectRefusedAndAbsent(sent);
        } finally {
          db?.close();
        }
      },
      paced(60_000),
    );
  }
});
