/**
 * HTTP session ownership outlives the server (issue 47 item 5): two server runs, one after the
 * other, on one SQLite store. The first claim of a session hands its client an owner credential
 * (`_meta["agent-harness/owner"]`); after the restart a client naming the session without it is
 * refused (`session_forbidden`) for calls and `trace://` reads, and the owner, sending it back, acts
 * again. The store holds only the credential's keyed digest.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, describe, expect, it } from "vitest";
import { createIdSource, systemClock } from "../contract/index.js";
import { openStores, type SqlSpec } from "../durable/index.js";
import { bodyOf } from "../scenarios/mcp/in-memory.js";
import { TEST_SECRET } from "../scenarios/mcp/stdio-server.js";
import { MEASURED_KINDS, postgresUrl } from "../test/stores/targets.js";
import { createFixtureHarnessDeps } from "./deps.js";
import { serveHttp } from "./http.js";

const scratch = mkdtempSync(join(tmpdir(), "agent-harness-owners-"));
// A scope of its own per run: a Postgres server is shared with other runs.
const scope = `owners_${randomBytes(4).toString("hex")}`;
const storeOf = (kind: SqlSpec["kind"]): SqlSpec =>
  kind === "sqlite" ? { kind, path: join(scratch, "mcp.sqlite") } : { kind, url: postgresUrl! };
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** One server run on the store: its URL, and how to stop it as a process exiting would. */
async function run(store: SqlSpec) {
  const opened = openStores(store, scope, TEST_SECRET);
  if (!opened.ok) throw opened.error;
  const { stores, db } = opened.value;
  const deps = createFixtureHarnessDeps({
    world: stores.world(),
    sessions: stores.checkpoints,
    ledger: stores.ledger,
    nonces: stores.nonces,
    artifacts: stores.artifacts,
    atomically: stores.atomically,
    secret: TEST_SECRET,
    clock: systemClock,
    ids: createIdSource(`owners-${Math.random()}`),
  });
  const served = await serveHttp(deps, { host: "127.0.0.1", port: 0, token: null, owners: stores.owners }, {});
  const clients: Client[] = [];
  const connect = async () => {
    const client = new Client({ name: "agent-harness-owners-test", version: "0.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(served.url)));
    clients.push(client);
    return client;
  };
  const stop = async () => {
    for (const client of clients) await client.close().catch(() => undefined);
    await served.close();
    db?.close();
  };
  return { connect, stop };
}

const SESSION = "quarterly-report";
const read = (meta: Record<string, string>) => ({
  name: "read_table",
  arguments: { table: "sales", limit: 1 },
  _meta: { "agent-harness/session": SESSION, ...meta },
});
const OWNER = "agent-harness/owner";

describe.each(MEASURED_KINDS)("HTTP session owners across a restart, on %s", (kind) => {
  it("keeps a session with its owner: a stranger is refused before and after, the owner's credential works", async () => {
    const first = await run(storeOf(kind));
    const owner = await first.connect();
    const claimed = await owner.callTool(read({}));
    expect(bodyOf(claimed)).toMatchObject({ status: "ok", session_id: SESSION });
    const credential = (claimed._meta as Record<string, unknown> | undefined)?.[OWNER];
    expect(credential).toMatch(/^[0-9a-f]{64}$/);
    // Handed out once: the owner's next call carries no new one.
    expect((await owner.callTool(read({})))._meta?.[OWNER]).toBeUndefined();
    const stranger = await first.connect();
    expect(bodyOf(await stranger.callTool(read({})))).toMatchObject({ code: "session_forbidden" });
    await first.stop();

    const second = await run(storeOf(kind));
    const thief = await second.connect();
    // First to name it after the restart, with no credential or a wrong one: refused, for calls and reads.
    expect(bodyOf(await thief.callTool(read({})))).toMatchObject({ code: "session_forbidden" });
    expect(bodyOf(await thief.callTool(read({ [OWNER]: "0".repeat(64) })))).toMatchObject({
      code: "session_forbidden",
    });
    await expect(thief.readResource({ uri: `trace://${SESSION}` })).rejects.toThrow(/session_forbidden/);
    const back = await second.connect();
    expect(bodyOf(await back.callTool(read({ [OWNER]: credential as string })))).toMatchObject({
      status: "ok",
      session_id: SESSION,
    });
    // Once proven, this connection is the owner: its reads and calls need the credential no more.
    expect(bodyOf(await back.callTool(read({})))).toMatchObject({ status: "ok" });
    const trace = await back.readResource({ uri: `trace://${SESSION}` });
    expect((trace.contents[0] as { text: string }).text).toContain("read_table");
    expect(bodyOf(await thief.callTool(read({})))).toMatchObject({ code: "session_forbidden" });
    await second.stop();

    // The credential itself is in no stored byte: only its keyed digest.
    for (const name of readdirSync(scratch))
      expect(readFileSync(join(scratch, name)).includes(Buffer.from(credential as string))).toBe(false);
  }, 60_000);
});
