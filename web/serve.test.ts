import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_PORT, portFrom, startServer } from "./serve.js";

describe("the static server", () => {
  it("serves files from its directory on 127.0.0.1 and nothing outside it", async () => {
    const dir = await mkdtemp(join(tmpdir(), "web-serve-"));
    await writeFile(join(dir, "index.html"), "<!doctype html><title>t</title>");
    await writeFile(join(dir, "main.js"), "export {};");
    const server = await startServer({ dir, port: 0 });
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      const index = await fetch(server.url);
      expect(index.status).toBe(200);
      expect(index.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(await index.text()).toContain("<title>t</title>");
      expect((await fetch(`${server.url}main.js`)).headers.get("content-type")).toBe("text/javascript; charset=utf-8");
      expect((await fetch(`${server.url}missing.js`)).status).toBe(404);
      expect((await fetch(`${server.url}..%2f..%2fetc%2fpasswd`)).status).toBe(403);
      expect((await fetch(`${server.url}%E0%A4%A`)).status).toBe(400);
      expect((await fetch(server.url, { method: "POST" })).status).toBe(405);
    } finally {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("takes its port from --port, then $PORT, else 5173", () => {
    expect(portFrom([], {})).toBe(DEFAULT_PORT);
    expect(DEFAULT_PORT).toBe(5173);
    expect(portFrom([], { PORT: "8080" })).toBe(8080);
    expect(portFrom(["--port", "0"], { PORT: "8080" })).toBe(0);
    expect(() => portFrom(["--port", "http"], {})).toThrow(/bad port/);
    expect(() => portFrom(["--port", "70000"], {})).toThrow(/bad port/);
  });
});
