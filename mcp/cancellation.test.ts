/**
 * `notifications/cancelled` aborts the running call through its AbortSignal: before dispatch
 * nothing runs and the call stays pending; after dispatch the outcome is uncertain and the
 * session stops in reconcile_required, with the fixture world's own side-effect counts.
 */
import { afterEach, describe, expect, it } from "vitest";
import { approvePending, createRegistry, defineTool, type PendingApproval } from "../contract/index.js";
import { createFixtureTools, type FixtureWorld } from "../handwritten/fixtures/index.js";
import { bodyOf, connectInMemory, type InMemoryHarness } from "../scenarios/mcp/in-memory.js";
import { TEST_SECRET } from "../scenarios/mcp/stdio-server.js";

const PUBLISH = { name: "publish_report", arguments: { artifact: "art_q3", audience: "team" } };
const SESSION = "cancelled";
const meta = (extra: Record<string, unknown> = {}) => ({ "agent-harness/session": SESSION, ...extra });

let harness: InMemoryHarness;
afterEach(async () => harness?.close());

/** The fixture tools, with publish_report publishing (the side effect lands) and then hanging until aborted. */
function hangingPublish(started: () => void) {
  return (world: FixtureWorld) =>
    createRegistry(
      createFixtureTools(world).map((spec) =>
        spec.name !== "publish_report"
          ? spec
          : defineTool({
              ...spec,
              timeoutMs: 60_000,
              execute: async (args, ctx) => {
                await spec.execute(args, ctx);
                started();
                return new Promise((_, reject) =>
                  ctx.signal.addEventListener("abort", () => reject(new Error("aborted")), { once: true }),
                );
              },
            }),
      ),
    );
}

const rejects = (promise: Promise<unknown>) =>
  promise.then(
    () => "resolved",
    () => "rejected",
  );

describe("cancellation", () => {
  it("before dispatch (while the person is asked): no side effect, and the call stays pending", async () => {
    let asked!: () => void;
    const askedOnce = new Promise<void>((resolve) => (asked = resolve));
    harness = await connectInMemory({
      elicit: () => {
        asked();
        return new Promise(() => undefined); // the person never answers
      },
    });
    const cancel = new AbortController();
    const call = harness.client.callTool({ ...PUBLISH, _meta: meta() }, { signal: cancel.signal });
    await askedOnce;
    cancel.abort("the host gave up");
    expect(await rejects(call)).toBe("rejected");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(harness.world.totalCalls("publish_report")).toBe(0);
    expect(harness.world.totalEffects()).toBe(0);
    const waiting = harness.deps.sessions.latest(SESSION)?.state;
    expect(waiting?.status).toBe("approval_required");
    // The cancelled call let go of its session: an out-of-band token for the pending call runs it once.
    const pending = waiting?.status === "approval_required" ? waiting.pending_approval : null;
    const token = approvePending(pending!, SESSION, TEST_SECRET, harness.clock.now());
    const approved = await harness.client.callTool({ ...PUBLISH, _meta: meta({ "agent-harness/approval": token }) });
    expect(bodyOf(approved).status).toBe("ok");
    expect(harness.world.totalEffects("publish_report")).toBe(1);
  });

  it("after dispatch: the call is uncertain, the session stops in reconcile_required, and nothing runs it again", async () => {
    let started!: () => void;
    const dispatched = new Promise<void>((resolve) => (started = resolve));
    harness = await connectInMemory({ registry: hangingPublish(() => started()) });
    const first = bodyOf(await harness.client.callTool({ ...PUBLISH, _meta: meta() }));
    const token = approvePending(first.pending as PendingApproval, SESSION, TEST_SECRET, harness.clock.now());
    const cancel = new AbortController();
    const call = harness.client.callTool(
      { ...PUBLISH, _meta: meta({ "agent-harness/approval": token }) },
      { signal: cancel.signal },
    );
    await dispatched;
    cancel.abort("the host gave up");
    expect(await rejects(call)).toBe("rejected");
    await new Promise((resolve) => setTimeout(resolve, 20));

    const state = harness.deps.sessions.latest(SESSION)?.state;
    expect(state?.status).toBe("reconcile_required");
    const key = state?.status === "reconcile_required" ? state.intent.key : "";
    expect(harness.deps.ledger.get(key)?.state).toBe("uncertain");
    expect(harness.audit.list(SESSION).at(-1)).toMatchObject({ type: "tool_uncertain", reason: "cancelled" });
    expect(harness.world.totalCalls("publish_report")).toBe(1);
    expect(harness.world.totalEffects("publish_report")).toBe(1);

    const after = bodyOf(await harness.client.callTool({ ...PUBLISH, _meta: meta() }));
    expect(after).toMatchObject({ status: "stopped", code: "reconcile_required" });
    expect(harness.world.totalCalls("publish_report")).toBe(1);
  });
});
