/**
 * Issue 46: the server as people start it. SIGTERM to `npm run mcp -- --http …` (npm alone, not its
 * process group) stops the server and frees its port; and the default store is the project root's
 * wherever the server or the approver starts, so the Inspector CLI (which must run from mcp/) and a
 * token minted at the root share one store and key.
 */
import { connect } from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { spawnHttpServer, type HttpProcess } from "../scenarios/mcp/http-process.js";
import { REPO_ROOT, spawnServer } from "../scenarios/mcp/stdio-server.js";
import { paced, tooSlow } from "../test/setup/pace.js";
import { defaultStorePath } from "./default-store.js";

const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: "127.0.0.1", port });
    socket.once("connect", () => (socket.destroy(), resolve(false)));
    socket.once("error", () => resolve(true));
  });

describe("npm run mcp -- --http …", () => {
  let server: HttpProcess | undefined;
  afterAll(async () => server?.kill());

  it(
    "stops on SIGTERM to npm and frees its port",
    async () => {
      server = await spawnHttpServer({
        command: ["npm", "run", "--silent", "mcp", "--", "--http", "127.0.0.1:0", "--store", "memory"],
        cwd: REPO_ROOT,
        env: process.env,
        timeoutMs: paced(60_000),
      });
      const port = Number(new URL(server.url).port);
      expect(await refused(port)).toBe(false);
      process.kill(server.pid, "SIGTERM");
      const limit = paced(20_000);
      const until = Date.now() + limit;
      while (!(await refused(port))) {
        if (Date.now() > until) throw new Error(`port ${port} still served after SIGTERM: ${tooSlow(limit)}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    paced(120_000),
  );
});

describe("the default store", () => {
  const outside = mkdtempSync(join(tmpdir(), "agent-harness-outside-"));
  afterAll(() => rmSync(outside, { recursive: true, force: true }));

  it("is the project root's from the root and from mcp/", () => {
    const root = join(REPO_ROOT, ".agent-harness/mcp.sqlite");
    expect([defaultStorePath(REPO_ROOT), defaultStorePath(join(REPO_ROOT, "mcp"))]).toEqual([root, root]);
  });

  it("is under the working directory outside the project", () => {
    expect(defaultStorePath(outside)).toBe(join(outside, ".agent-harness/mcp.sqlite"));
  });
});

describe("a spawned stdio server that goes away (scenarios/mcp/stdio-server.ts)", () => {
  it("fails with what the server said on stderr, and leaves nothing behind", async () => {
    const start = spawnServer("2025-11-25", ["--store", "bogus:x"]);
    await expect(start).rejects.toThrow(/the server's stderr ends: .*store_bad_spec: bogus:x: unknown store/s);
  });
});
