/**
 * A tool call whose effect fails while the server goes away: the world's commit fails too. The
 * caller hears the commit's error, and the effect's own rejection is not left unhandled (which
 * would end a worker process: seen in the Postgres restart race).
 */
import { afterEach, describe, expect, it } from "vitest";
import { StoreError, type SqlConnection } from "../../durable/index.js";
import { createSqlWorld } from "../../durable/stores/world.js";

/** A connection that reads nothing and, once `down` is set, refuses every write. */
function flakyConnection() {
  const state = { down: false };
  const connection: SqlConnection = {
    dialect: "sqlite",
    label: "sqlite:flaky",
    query: (sql) => {
      if (state.down && !sql.startsWith("SELECT")) throw new StoreError("store_unavailable", "sqlite:flaky", "gone");
      return { rows: [], changes: 0 };
    },
    transaction: (body) => body(),
    afterCommit: (effect) => effect(),
    close: () => undefined,
  };
  return { connection, state };
}

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => void unhandled.push(reason);

afterEach(() => {
  process.off("unhandledRejection", onUnhandled);
  unhandled.length = 0;
});

describe("a SQL world whose commit fails after a failing effect", () => {
  it("rejects with the commit's store error and leaves no rejection unhandled", async () => {
    process.on("unhandledRejection", onUnhandled);
    const { connection, state } = flakyConnection();
    const world = createSqlWorld(connection, "scope");
    state.down = true;
    const ctx = { idempotencyKey: "k1", signal: new AbortController().signal };
    const call = world.perform("publish_report", ctx, () => world.recordEffect("publish_report", "k1"));
    await expect(call).rejects.toThrow(/store_unavailable|gone/);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(unhandled).toEqual([]);
  });
});
