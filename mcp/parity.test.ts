/**
 * The MCP boundary answers exactly what the local engine decides. An official SDK client drives
 * `mcp/server-main.ts` in a separate process over stdio; every answer is held against the
 * contract's own decision (computed in the test) and against the fixture world's own counts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paced } from "../test/setup/pace.js";
import { z } from "zod";
import type { LocalCall } from "../scenarios/mcp/local-oracle.js";
import type { PendingApproval } from "../contract/index.js";
import { FIXTURE_TOOL_NAMES, createFixtureRegistry, createFixtureWorld } from "../handwritten/fixtures/index.js";
import { createDriver, invalidArguments, TOOL_ARGS, type Driver } from "../scenarios/mcp/driver.js";
import { approveMain } from "./approve-main.js";
import { spawnServer, TEST_SECRET, type SpawnedServer } from "../scenarios/mcp/stdio-server.js";

const TOOLS = [...FIXTURE_TOOL_NAMES];
/** One changed character at the end of a token: its signature no longer holds. */
const tamper = (token: string) => `${token.slice(0, -1)}${token.endsWith("0") ? "1" : "0"}`;
const registry = createFixtureRegistry(createFixtureWorld());

describe("tools/call over stdio equals the local decision (2025-11-25 client)", () => {
  let server: SpawnedServer;
  let driver: Driver;
  beforeAll(async () => {
    server = await spawnServer();
    driver = createDriver(server);
  }, paced(30_000));
  afterAll(async () => server?.close());

  it("lists every registered tool with its zod input as JSON Schema and hints from its risk class", async () => {
    const { tools } = await server.client.listTools();
    expect(tools.map((t) => t.name)).toEqual(registry.names);
    for (const tool of tools) {
      const spec = registry.get(tool.name)!;
      expect(tool.inputSchema).toEqual(z.toJSONSchema(spec.input, { io: "input" }));
      expect(tool.inputSchema.additionalProperties).toBe(false);
      expect(tool._meta?.["agent-harness/risk"]).toBe(spec.risk);
      expect(tool.annotations?.readOnlyHint).toBe(spec.risk === "read_only");
      expect(tool.annotations?.destructiveHint).toBe(spec.risk === "high_risk" || spec.risk === "always_deny");
      expect(tool.annotations?.idempotentHint).toBe(spec.risk === "read_only" || spec.risk === "idempotent_write");
    }
  });

  it("answers an unknown tool with JSON-RPC error -32602", async () => {
    const { problems, observed } = await driver.drive({ session_id: "unknown", tool: "delete_everything", args: {} });
    expect(problems).toEqual([]);
    expect(observed).toMatchObject({ kind: "protocol_error", code: -32602 });
  });

  it.each(TOOLS)("%s: a valid call without a token", async (tool) => {
    expect((await driver.drive({ session_id: `valid-${tool}`, tool, args: TOOL_ARGS[tool].valid })).problems).toEqual(
      [],
    );
  });

  it.each(TOOLS)("%s: invalid arguments are rejected before policy with the local reason code", async (tool) => {
    for (const args of invalidArguments(tool)) {
      const { problems, observed } = await driver.drive({ session_id: `invalid-${tool}`, tool, args });
      expect(problems).toEqual([]);
      expect(observed).toMatchObject({ kind: "result", isError: true, body: { status: "rejected" } });
    }
  });

  it.each(TOOLS)("%s: an unapproved call asked twice never runs a high-risk tool", async (tool) => {
    const call = { session_id: `unapproved-${tool}`, tool, args: TOOL_ARGS[tool].valid };
    expect([...(await driver.drive(call)).problems, ...(await driver.drive(call)).problems]).toEqual([]);
  });

  it.each(TOOLS)("%s: an approved call runs once", async (tool) => {
    expect(await driver.driveApproving({ session_id: `approved-${tool}`, tool, args: TOOL_ARGS[tool].valid })).toEqual(
      [],
    );
  });

  it.each(TOOLS)("%s: a replayed approval token is refused", async (tool) => {
    const call = { session_id: `replayed-token-${tool}`, tool, args: TOOL_ARGS[tool].valid };
    await driver.drive(call);
    const token = driver.approveFor(call);
    const problems = [
      ...(await driver.drive({ ...call, token })).problems,
      ...(await driver.drive({ ...call, token })).problems,
    ];
    expect(problems).toEqual([]);
  });

  it.each(TOOLS)("%s: an expired token is refused", async (tool) => {
    const call = { session_id: `expired-${tool}`, tool, args: TOOL_ARGS[tool].valid };
    await driver.drive(call);
    expect(
      (await driver.drive({ ...call, token: driver.approveFor(call, Date.now() - 60_000, 1_000) })).problems,
    ).toEqual([]);
  });

  it.each(TOOLS)("%s: a token from another session is refused", async (tool) => {
    const mine = { session_id: `session-a-${tool}`, tool, args: TOOL_ARGS[tool].valid };
    const theirs = { ...mine, session_id: `session-b-${tool}` };
    await driver.drive(mine);
    await driver.drive(theirs);
    expect((await driver.drive({ ...theirs, token: driver.approveFor(mine) })).problems).toEqual([]);
  });

  it.each(TOOLS)("%s: a replayed idempotency key replays, and with other arguments conflicts", async (tool) => {
    const call = { session_id: `key-${tool}`, tool, args: TOOL_ARGS[tool].valid, key: `key-${tool}-1` };
    const problems = [
      ...(await driver.driveApproving(call)),
      ...(await driver.driveApproving(call)),
      ...(await driver.driveApproving({ ...call, args: TOOL_ARGS[tool].other })),
    ];
    expect(problems).toEqual([]);
  });

  it.each(TOOLS)("%s: tampered, malformed, forged and misdirected tokens are refused", async (tool) => {
    const call = { session_id: `bad-tokens-${tool}`, tool, args: TOOL_ARGS[tool].valid, key: `bad-${tool}` };
    const problems: string[] = [];
    const check = async (c: LocalCall) => problems.push(...(await driver.drive(c)).problems);
    await check(call);
    const good = driver.approveFor(call);
    await check({ ...call, token: { server: tamper(good.server), local: tamper(good.local) } });
    await check({ ...call, token: { server: "not-a-token", local: "not-a-token" } });
    await check({ ...call, token: driver.forgedToken(call, { tool: "save_artifact" }) });
    await check({ ...call, token: driver.forgedToken(call, { args_digest: "0".repeat(64) }) });
    await check({ ...call, args: TOOL_ARGS[tool].other, token: good });
    await check({ ...call, key: `other-${tool}`, token: good });
    await check({ session_id: `nothing-pending-${tool}`, tool, args: TOOL_ARGS[tool].valid, token: good });
    await check({ ...call, token: good });
    expect(problems).toEqual([]);
  });

  it("a token from the approve command runs the pending call exactly once", async () => {
    const call = { session_id: "cli-approval", tool: "publish_report", args: TOOL_ARGS.publish_report.other };
    const first = await driver.drive(call);
    expect(first.observed).toMatchObject({ body: { status: "approval_required" } });
    const body = first.observed.kind === "result" ? first.observed.body : {};
    // The command reads an answer naming the pending call; each side hands it the call it holds.
    const pendings: PendingApproval[] = [];
    driver.mint(call, (pending) => (pendings.push(pending), ""));
    const [serverToken, localToken] = await Promise.all(
      pendings.map(async (pending) => {
        const answer = JSON.stringify({ ...body, pending });
        const { code, out } = await approveMain(["--answer", answer], { AGENT_HARNESS_APPROVAL_SECRET: TEST_SECRET });
        expect(code).toBe(0);
        return out.trim();
      }),
    );
    const approve = { server: serverToken!, local: localToken! };
    const before = server.world().effects.publish_report ?? {};
    const second = await driver.drive({ ...call, token: approve });
    expect(second.problems).toEqual([]);
    expect(second.observed).toMatchObject({ body: { status: "ok" } });
    const after = server.world().effects.publish_report ?? {};
    expect(Object.values(after).reduce((a, b) => a + b, 0) - Object.values(before).reduce((a, b) => a + b, 0)).toBe(1);
  });

  it("has answered every reason code the local engine has for these cases", () => {
    expect([...driver.seen].sort()).toEqual(
      expect.arrayContaining([
        "-32602",
        "always_deny",
        "approval_already_used",
        "approval_args_mismatch",
        "approval_bad_signature",
        "approval_expired",
        "approval_malformed",
        "approval_not_pending",
        "approval_refused",
        "approval_required",
        "approval_session_mismatch",
        "approval_tool_mismatch",
        "conflict",
        "denied",
        "forbidden_key",
        "input_too_large",
        "invalid_arguments",
        "key_reused_with_other_arguments",
        "ok",
        "rejected",
        "replayed",
        "sensitive_input",
        "too_deep",
      ]),
    );
  });

  it("writes a redacted audit trail of contract trace events, with no token or contact data in it", () => {
    const text = server.auditText();
    const events = server.audit();
    expect(events.length).toBeGreaterThan(100);
    for (const secret of ["apv1.", "jane@example.com", "abcdefgh12345678", TEST_SECRET])
      expect(text).not.toContain(secret);
    for (const event of events) {
      expect(Object.keys(event).sort()).toEqual(TRACE_EVENT_KEYS);
      expect(event.checkpoint_hash).toMatch(/^[0-9a-f]{64}$/);
    }
    for (const session of new Set(events.map((e) => e.session_id))) {
      const seqs = events.filter((e) => e.session_id === session).map((e) => e.seq);
      expect(seqs).toEqual(seqs.map((_, i) => i));
    }
    expect(new Set(events.filter((e) => e.type === "approval_refused").map((e) => e.reason))).toEqual(
      new Set([
        "approval_already_used",
        "approval_args_mismatch",
        "approval_bad_signature",
        "approval_expired",
        "approval_malformed",
        "approval_not_pending",
        "approval_session_mismatch",
        "approval_tool_mismatch",
      ]),
    );
  });
});

const TRACE_EVENT_KEYS = [
  "args",
  "args_digest",
  "at",
  "checkpoint_hash",
  "decision",
  "event_id",
  "idempotency_key",
  "reason",
  "result_status",
  "seq",
  "session_id",
  "status",
  "step",
  "tool",
  "type",
];
