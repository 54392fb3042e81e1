/**
 * A person's "no" is final for every token of that call (CONTRACT.md §9, issue 23): a token signed
 * for a waiting publish but not sent, then a decline, then the session restored to the approval
 * point — the kept token is refused `approval_already_used` and the publish never runs, in
 * process and in a new server process over the same SQLite file.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { paced } from "../test/setup/pace.js";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  approvePending,
  createIdSource,
  createManualClock,
  createMemoryCheckpointStore,
  type PendingApproval,
} from "../contract/index.js";
import { createFixtureWorld } from "../handwritten/fixtures/index.js";
import { latestEarlierApproval } from "../runtime/index.js";
import { createCallTool, type PersonAnswer, type ToolCallRequest } from "./call-tool.js";
import { createFixtureHarnessDeps } from "./deps.js";
import type { Observed } from "../scenarios/mcp/parity.js";
import { checkpointCount, rewindCheckpoints } from "../scenarios/mcp/restart.js";
import { spawnServer, TEST_SECRET } from "../scenarios/mcp/stdio-server.js";

const PUBLISH = { artifact: "art_q3", audience: "team" };
const READ = { table: "sales", limit: 1 };
const REFUSED = { status: "approval_refused", code: "approval_already_used" };

function inProcess() {
  const world = createFixtureWorld();
  const clock = createManualClock();
  // The whole history: the test restores a session to an earlier checkpoint (the server keeps only the latest).
  const sessions = createMemoryCheckpointStore();
  const deps = createFixtureHarnessDeps({
    world,
    clock,
    ids: createIdSource("decline"),
    secret: TEST_SECRET,
    sessions,
  });
  const call = createCallTool(deps);
  const answer = async (name: string, args: unknown, extra: Partial<ToolCallRequest> = {}) => {
    const decision = await call({
      session_id: "s",
      name,
      arguments: args,
      approval: null,
      idempotency_key: undefined,
      ...extra,
    });
    if (decision.kind !== "answered") throw new Error(decision.message);
    return decision.answer as { status: string; code?: string; pending?: PendingApproval };
  };
  const mint = (pending: PendingApproval) => approvePending(pending, "s", TEST_SECRET, clock.now());
  return { world, deps, answer, mint };
}

describe("a token minted before a decline, in process", () => {
  it("is refused after the host's next call declined the publish and the session is restored", async () => {
    const { world, deps, answer, mint } = inProcess();
    const waiting = await answer("publish_report", PUBLISH);
    const asked = deps.sessions.latest("s")!;
    const kept = mint(waiting.pending!);
    // A new call from the host moves on from the waiting publish: it is declined.
    expect((await answer("read_table", READ)).status).toBe("ok");
    deps.sessions.put(asked);
    expect(deps.sessions.latest("s")!.state.status).toBe("approval_required");
    expect(await answer("publish_report", PUBLISH, { approval: kept })).toMatchObject(REFUSED);
    expect(world.totalCalls("publish_report")).toBe(0);
  });

  it("is refused after the person declined when asked (elicitation) and the session is restored", async () => {
    const { world, deps, answer, mint } = inProcess();
    let kept: string | null = null;
    const ask = async (pending: PendingApproval): Promise<PersonAnswer> => {
      // The token exists before the person says no: the host signed it, the person declined.
      kept = mint(pending);
      return { kind: "decline" };
    };
    const asked = await answer("publish_report", PUBLISH, { ask });
    expect(asked).toMatchObject({ status: "declined", code: "approval_declined" });
    deps.sessions.put(latestEarlierApproval(deps.sessions.list("s"), (c) => c.state.status === "approval_required")!);
    expect(await answer("publish_report", PUBLISH, { approval: kept! })).toMatchObject(REFUSED);
    expect(world.totalCalls("publish_report")).toBe(0);
  });
});

const dir = mkdtempSync(join(tmpdir(), "agent-harness-decline-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const body = (observed: Observed) => (observed.kind === "result" ? observed.body : {});

describe("a token minted before a decline, across a server restart on the same SQLite file", () => {
  it(
    "is refused by a new server process after the store is restored to the approval point",
    async () => {
      const store = `sqlite:${join(dir, "mcp.sqlite")}`;
      const session = "decline-restart";
      const meta = (extra: Record<string, unknown> = {}) => ({ "agent-harness/session": session, ...extra });
      const publish = { name: "publish_report", arguments: PUBLISH };

      const first = await spawnServer("2025-11-25", ["--store", store]);
      const waiting = await first.call({ ...publish, _meta: meta() });
      const asked = checkpointCount(store, session);
      const kept = approvePending(body(waiting)["pending"] as PendingApproval, session, TEST_SECRET, Date.now());
      const declinedBy = await first.call({ name: "read_table", arguments: READ, _meta: meta() });
      expect(body(declinedBy)["status"]).toBe("ok");
      expect(first.audit().map((e) => e.type)).toContain("approval_declined");
      await first.kill();

      expect(rewindCheckpoints(store, session, asked)).toBe("approval_required");
      const second = await spawnServer("2025-11-25", ["--store", store]);
      const sent = await second.call({ ...publish, _meta: meta({ "agent-harness/approval": kept }) });
      const world = second.world();
      await second.close();
      expect({ status: body(sent)["status"], code: body(sent)["code"] }).toEqual(REFUSED);
      expect(world.calls["publish_report"] ?? {}).toEqual({});
    },
    paced(90_000),
  );
});
