/** The session rules of the one call path, in process: bounded history, a new call declines a waiting one, one call at a time. */
import { describe, expect, it } from "vitest";
import {
  approvePending,
  createIdSource,
  createManualClock,
  createMemoryCheckpointStore,
  type Checkpoint,
  type PendingApproval,
} from "../contract/index.js";
import { createFixtureWorld } from "../handwritten/fixtures/index.js";
import { createMemoryAuditSink } from "./audit.js";
import { createCallTool, MCP_MAX_MESSAGES, type ToolCallRequest } from "./call-tool.js";
import { createFixtureHarnessDeps } from "./deps.js";
import { TEST_SECRET } from "../scenarios/mcp/stdio-server.js";

function setup() {
  const world = createFixtureWorld();
  const audit = createMemoryAuditSink();
  const clock = createManualClock();
  // The whole history, which a test forging records from older checkpoints reads (the server keeps only the latest).
  const sessions = createMemoryCheckpointStore();
  const deps = createFixtureHarnessDeps({
    world,
    clock,
    ids: createIdSource("call-tool"),
    secret: TEST_SECRET,
    audit,
    sessions,
  });
  const call = createCallTool(deps);
  const request = (name: string, args: unknown, extra: Partial<ToolCallRequest> = {}): ToolCallRequest => ({
    session_id: "s",
    name,
    arguments: args,
    approval: null,
    idempotency_key: undefined,
    ...extra,
  });
  const answer = async (r: ToolCallRequest) => {
    const decision = await call(r);
    if (decision.kind !== "answered") throw new Error(decision.message);
    return decision.answer;
  };
  return { world, audit, clock, deps, request, answer };
}

const PUBLISH = { artifact: "art_q3", audience: "team" };

describe("the MCP call path", () => {
  it("refuses an idempotency key that holds a JWT or a card number, and keeps it in no checkpoint or audit line", async () => {
    const { deps, audit, world, request, answer } = setup();
    // Built from parts, so that no scanner of this repository reads a whole token here.
    const jwt = ["eyJhbGciOiJIUzI1NiJ9", "eyJzdWIiOiJib2IifQ", "c2lnbmF0dXJlLWZha2U"].join(".");
    for (const key of [`key-${jwt}`, "pay-4242424242424242"]) {
      const save = request("save_artifact", { name: "n", content: "clean" }, { idempotency_key: key });
      expect(await answer(save)).toMatchObject({ status: "rejected", code: "sensitive_input" });
      const stored = JSON.stringify([deps.sessions.list("s"), audit.list("s")]);
      expect([stored.includes(key), stored.includes(key.slice(4))]).toEqual([false, false]);
    }
    expect(world.totalCalls()).toBe(0);
  });

  it("keeps a long session's conversation bounded, and its spent nonces, through trims", async () => {
    const { deps, audit, clock, request, answer } = setup();
    const first = await answer(request("publish_report", PUBLISH));
    const pending = (first as { pending: PendingApproval }).pending;
    const token = approvePending(pending, "s", TEST_SECRET, clock.now());
    expect((await answer(request("publish_report", PUBLISH, { approval: token }))).status).toBe("ok");
    for (let i = 0; i < 3 * MCP_MAX_MESSAGES; i++) await answer(request("read_table", { table: "sales", limit: 1 }));
    const state = deps.sessions.latest("s")!.state;
    expect(state.messages.length).toBeLessThanOrEqual(MCP_MAX_MESSAGES + 2);
    expect(state.used_approvals).toEqual([pending.nonce]);
    expect(audit.list("s").filter((e) => e.type === "messages_trimmed").length).toBeGreaterThan(1);
    // The spent token is still refused after the trims.
    const again = await answer(request("publish_report", PUBLISH, { approval: token }));
    expect(again).toMatchObject({ status: "approval_refused", code: "approval_already_used" });
  });

  it("declines a waiting call when the host makes another, so its token no longer runs anything", async () => {
    const { world, audit, clock, request, answer } = setup();
    const first = await answer(request("publish_report", PUBLISH));
    const token = approvePending((first as { pending: PendingApproval }).pending, "s", TEST_SECRET, clock.now());
    expect((await answer(request("read_table", { table: "sales", limit: 1 }))).status).toBe("ok");
    expect(audit.list("s").map((e) => e.type)).toContain("approval_declined");
    const late = await answer(request("publish_report", PUBLISH, { approval: token }));
    expect(late).toMatchObject({ status: "approval_refused", code: "approval_not_pending" });
    expect(world.totalEffects("publish_report")).toBe(0);
  });

  it("takes the calls of one session one at a time: concurrent calls leave one gap-free trace", async () => {
    const { audit, request, answer } = setup();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => answer(request("save_artifact", { name: `a${i}.txt`, content: "x" }))),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill("ok"));
    const seqs = audit.list("s").map((e) => e.seq);
    expect(seqs).toEqual(seqs.map((_, i) => i));
  });

  it("refuses to drive a session whose stored checkpoint fails its seal, and runs nothing", async () => {
    const { world, deps, request, answer } = setup();
    await answer(request("publish_report", PUBLISH));
    const stored = deps.sessions.latest("s")!;
    // Arguments nobody approved: the pending call's audience changed in the store.
    const tampered = JSON.parse(JSON.stringify(stored)) as { state: { call: { args: Record<string, unknown> } } };
    tampered.state.call.args = { ...PUBLISH, audience: "public" };
    deps.sessions.put(tampered as unknown as typeof stored);
    const refused = await answer(request("read_table", { table: "sales", limit: 1 }));
    expect(refused).toMatchObject({ status: "stopped", code: "checkpoint_tampered" });
    expect(world.totalCalls()).toBe(0);
  });

  it("checks in full a record that is not exactly the one this process sealed, even one it sealed parts of", async () => {
    const { world, deps, request, answer } = setup();
    const read = () => answer(request("read_table", { table: "sales", limit: 1 }));
    await read();
    await read();
    const calls = world.totalCalls();
    // The latest header and seal over an older sealed state; the latest sealed state under a moved header.
    const forgeries = [
      (older: Checkpoint, latest: Checkpoint): Checkpoint => ({ ...latest, state: older.state }),
      (_: Checkpoint, latest: Checkpoint): Checkpoint => ({ ...latest, seq: latest.seq + 1 }),
    ];
    for (const forge of forgeries) {
      const [older, latest] = deps.sessions.list("s").slice(-2) as [Checkpoint, Checkpoint];
      deps.sessions.put(forge(older, latest));
      expect(await read()).toMatchObject({ status: "stopped", code: "checkpoint_tampered" });
      // The record as sealed here, put back: known again, and driven on.
      deps.sessions.put(latest);
      expect(await read()).toMatchObject({ status: "ok" });
    }
    expect(world.totalCalls()).toBe(calls + 2);
  });
});

describe("the MCP call path's sessions in memory", () => {
  it("keep each session's latest checkpoint only, and a waiting call goes on from it", async () => {
    const clock = createManualClock();
    const deps = createFixtureHarnessDeps({
      world: createFixtureWorld(),
      clock,
      ids: createIdSource("latest"),
      secret: TEST_SECRET,
    });
    const call = createCallTool(deps);
    const answer = async (name: string, args: unknown, approval: string | null = null) => {
      const decision = await call({ session_id: "s", name, arguments: args, approval, idempotency_key: undefined });
      if (decision.kind !== "answered") throw new Error(decision.message);
      return decision.answer;
    };
    for (let i = 0; i < 3; i++) expect((await answer("read_table", { table: "sales", limit: 1 })).status).toBe("ok");
    const waiting = await answer("publish_report", PUBLISH);
    const pending = (waiting as { pending: PendingApproval }).pending;
    const token = approvePending(pending, "s", TEST_SECRET, clock.now());
    expect((await answer("publish_report", PUBLISH, token)).status).toBe("ok");
    const kept = deps.sessions.list("s");
    expect(kept).toHaveLength(1);
    expect(kept[0]).toBe(deps.sessions.latest("s"));
    expect(kept[0]?.state.status).toBe("ready");
  });
});
