/**
 * Approval through the host: a client that declares elicitation is asked about a high-risk call;
 * accept runs it once under a bound token, decline records it and runs nothing, cancel (or a
 * forged or oversized answer) leaves it pending. A client without elicitation keeps the out-of-band path.
 */
import type { ElicitResult } from "@modelcontextprotocol/server";
import { afterEach, describe, expect, it } from "vitest";
import { approvePending, type PendingApproval } from "../contract/index.js";
import { bodyOf, connectInMemory, type InMemoryHarness } from "../scenarios/mcp/in-memory.js";
import { TEST_SECRET } from "../scenarios/mcp/stdio-server.js";

const PUBLISH = { name: "publish_report", arguments: { artifact: "art_q3", audience: "team" } };
const session = (id: string) => ({ "agent-harness/session": id });

let harness: InMemoryHarness;
afterEach(async () => harness?.close());

async function publishWith(answer: unknown, id = "asked") {
  const asked: unknown[] = [];
  harness = await connectInMemory({
    elicit: (params) => {
      asked.push(params);
      return answer as ElicitResult;
    },
  });
  const body = bodyOf(await harness.client.callTool({ ...PUBLISH, _meta: session(id) }));
  const types = harness.audit.list(id).map((e) => e.type);
  return { body, asked, types, effects: harness.world.totalEffects("publish_report") };
}

describe("approval through elicitation", () => {
  it("asks with the tool, its arguments and the expiry, and on accept runs the call once", async () => {
    const { body, asked, types, effects } = await publishWith({ action: "accept", content: { approve: true } });
    expect(asked).toHaveLength(1);
    const message = (asked[0] as { message: string }).message;
    expect(message).toContain("publish_report");
    expect(message).toContain('{"artifact":"art_q3","audience":"team"}');
    expect(message).toMatch(/expires at \d{4}-\d\d-\d\dT/);
    expect(body).toMatchObject({ status: "ok", tool: "publish_report" });
    expect(effects).toBe(1);
    expect(types).toEqual(expect.arrayContaining(["approval_requested", "approval_accepted", "tool_succeeded"]));
  });

  it("binds the elicited approval like an out-of-band token: single use, so the same pending call cannot run twice", async () => {
    const { body } = await publishWith({ action: "accept", content: { approve: true } });
    expect(body.status).toBe("ok");
    const state = harness.deps.sessions.latest("asked")?.state;
    expect(state?.used_approvals).toHaveLength(1);
    expect(state?.status).toBe("ready");
  });

  it("on decline records approval_declined and runs nothing", async () => {
    const { body, types, effects } = await publishWith({ action: "decline" });
    expect(body).toMatchObject({ status: "declined", code: "approval_declined" });
    expect(types.at(-1)).toBe("approval_declined");
    expect(effects).toBe(0);
  });

  it.each([
    ["cancel", { action: "cancel" }],
    ["a forged answer (approve is not a boolean)", { action: "accept", content: { approve: "yes" } }],
    ["a forged answer (an extra field)", { action: "accept", content: { approve: true, token: "x" } }],
    ["an oversized answer", { action: "accept", content: { approve: true, note: "x".repeat(5_000) } }],
  ])("on %s leaves the call pending and runs nothing", async (_why, answer) => {
    const { body, types, effects } = await publishWith(answer);
    expect(body).toMatchObject({ status: "approval_required" });
    expect(types.at(-1)).toBe("approval_requested");
    expect(effects).toBe(0);
    // The call still waits, so an out-of-band token for it works.
    const pending = body.pending as PendingApproval;
    const token = approvePending(pending, "asked", TEST_SECRET, harness.clock.now());
    const approved = await harness.client.callTool({
      ...PUBLISH,
      _meta: { ...session("asked"), "agent-harness/approval": token },
    });
    expect(bodyOf(approved).status).toBe("ok");
    expect(harness.world.totalEffects("publish_report")).toBe(1);
  });

  it("does not ask a client without elicitation: the call waits for an out-of-band token", async () => {
    harness = await connectInMemory();
    const body = bodyOf(await harness.client.callTool({ ...PUBLISH, _meta: session("oob") }));
    expect(body.status).toBe("approval_required");
    expect(harness.world.totalEffects()).toBe(0);
  });
});
