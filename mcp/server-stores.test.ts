/**
 * The stores the MCP server opens: in memory, each session keeps its latest checkpoint only (the
 * server only ever resumes from it), while the same memory spec opened for anything else keeps
 * every checkpoint, which rewinds and restores read.
 */
import { describe, expect, it } from "vitest";
import { applyFact, createIdSource, startRun, toCheckpoint, type CheckpointStore } from "../contract/index.js";
import { openStores } from "../durable/index.js";
import { MCP_STORE_SCOPE, mcpOpenOptions } from "./server-start.js";

const SECRET = "server-stores-test-secret";
const ids = createIdSource("server-stores");

function twoCheckpoints(store: CheckpointStore): readonly string[] {
  const first = startRun("s1", "goal", { at: 0, ids }).state;
  const second = applyFact(first, { type: "planner_responded", raw: "{}" }, { at: 1, ids }).state;
  store.put(toCheckpoint(first, SECRET));
  store.put(toCheckpoint(second, SECRET));
  return [first.checkpoint_hash, second.checkpoint_hash];
}

function memoryCheckpoints(options: Parameters<typeof openStores>[3]): CheckpointStore {
  const opened = openStores({ kind: "memory" }, MCP_STORE_SCOPE, SECRET, options);
  if (!opened.ok) throw new Error(opened.error.message);
  return opened.value.stores.checkpoints;
}

describe("the MCP server's stores in memory", () => {
  it("keep each session's latest checkpoint only", () => {
    const store = memoryCheckpoints(mcpOpenOptions({ spentJournal: null, acceptRestore: false }));
    const [, second] = twoCheckpoints(store);
    expect(store.list("s1").map((c) => c.checkpoint_hash)).toEqual([second]);
    expect(store.latest("s1")?.checkpoint_hash).toBe(second);
  });

  it("while a memory spec opened without the option keeps every checkpoint", () => {
    const store = memoryCheckpoints({});
    expect(store.list("s1")).toEqual([]);
    const hashes = twoCheckpoints(store);
    expect(store.list("s1").map((c) => c.checkpoint_hash)).toEqual(hashes);
  });
});
