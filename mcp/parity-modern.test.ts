/**
 * The same server serves the 2026-07-28 era (no initialize; version and capabilities in each
 * request's `_meta`): a client pinned to it gets the same decisions and the same effects.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paced } from "../test/setup/pace.js";
import { createFixtureRegistry, createFixtureWorld } from "../handwritten/fixtures/index.js";
import { createDriver, TOOL_ARGS, type Driver } from "../scenarios/mcp/driver.js";
import { spawnServer, type SpawnedServer } from "../scenarios/mcp/stdio-server.js";

describe("tools/call over stdio equals the local decision (client pinned to 2026-07-28)", () => {
  let server: SpawnedServer;
  let driver: Driver;
  beforeAll(async () => {
    server = await spawnServer("2026-07-28");
    driver = createDriver(server);
  }, paced(30_000));
  afterAll(async () => server?.close());

  it("negotiates the modern era and lists the registry", async () => {
    expect(server.client.getNegotiatedProtocolVersion()).toBe("2026-07-28");
    const { tools } = await server.client.listTools();
    expect(tools.map((t) => t.name)).toEqual(createFixtureRegistry(createFixtureWorld()).names);
  });

  it("gates a high-risk call on approval, runs it once, and refuses the token's replay", async () => {
    const call = { session_id: "modern", tool: "publish_report", args: TOOL_ARGS.publish_report.valid };
    const problems = [...(await driver.drive(call)).problems];
    const token = driver.approveFor(call);
    problems.push(
      ...(await driver.drive({ ...call, token })).problems,
      ...(await driver.drive({ ...call, token })).problems,
    );
    expect(problems).toEqual([]);
    expect(server.world().total_effects).toBe(1);
    expect([...driver.seen]).toEqual(expect.arrayContaining(["approval_required", "ok", "approval_already_used"]));
  });

  it("rejects invalid arguments, denies always_deny tools and replays idempotency keys as locally", async () => {
    const problems = [
      ...(await driver.drive({ session_id: "modern", tool: "save_artifact", args: { name: "x", content: 1 } }))
        .problems,
      ...(await driver.drive({ session_id: "modern", tool: "run_shell", args: TOOL_ARGS.run_shell.valid })).problems,
      ...(
        await driver.drive({
          session_id: "modern",
          tool: "save_artifact",
          args: TOOL_ARGS.save_artifact.valid,
          key: "modern-1",
        })
      ).problems,
      ...(
        await driver.drive({
          session_id: "modern",
          tool: "save_artifact",
          args: TOOL_ARGS.save_artifact.valid,
          key: "modern-1",
        })
      ).problems,
      ...(await driver.drive({ session_id: "modern", tool: "nope", args: {} })).problems,
    ];
    expect(problems).toEqual([]);
    expect([...driver.seen]).toEqual(expect.arrayContaining(["rejected", "denied", "replayed", "-32602"]));
  });
});
