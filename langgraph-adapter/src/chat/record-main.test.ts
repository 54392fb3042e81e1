import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parseRoute } from "../../../handwritten/route/index.js";
import { main } from "../../../scripts/route-record.js";
import { scratchDir } from "../../../test/setup/scratch.js";

const adapter = join(dirname(fileURLToPath(import.meta.url)), "../..");
const MODEL = "models/fake-weekly-report.ts";

async function run(argv: readonly string[]) {
  let stdout = "";
  let stderr = "";
  const code = await main(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), cwd: adapter });
  return { code, stdout, stderr };
}

describe("route:record", () => {
  const dir = scratchDir("route-record-");

  it("writes a sealed route for a module that exports a chat model", async () => {
    const output = join(dir, "weekly.route.json");
    const { code, stdout } = await run(["--model", MODEL, "--scenario", "route_weekly_report", "--output", output]);
    expect(code).toBe(0);
    expect(stdout).toContain("4 turns");
    const route = parseRoute(readFileSync(output, "utf8"));
    expect(route.ok && route.value.id).toBe("weekly");
  });

  it.each([
    [["--scenario", "route_weekly_report", "--output", "x.json"], "required"],
    [["--model", MODEL, "--scenario", "pre_approval_state", "--output", "x.json"], "unknown scenario"],
    [["--model", "package.json", "--scenario", "route_weekly_report", "--output", "x.json"], "model_not_chat_model"],
    [["--model", "nowhere.ts", "--scenario", "route_weekly_report", "--output", "x.json"], "model_not_loaded"],
    [["--model", MODEL, "--scenario", "route_weekly_report", "--output", "x.json", "--id", "bad id"], "route id"],
  ])("refuses %j with exit 2 and writes nothing", async (argv, message) => {
    const { code, stderr } = await run(argv);
    expect(code).toBe(2);
    expect(stderr).toContain(message);
    expect(existsSync(join(adapter, "x.json"))).toBe(false);
  });

  it("exits 3, writing nothing, when the adapter's chat module cannot load", async () => {
    const output = join(dir, "unloaded.route.json");
    let stderr = "";
    const argv = ["--model", MODEL, "--scenario", "route_weekly_report", "--output", output];
    const io = { stdout: () => undefined, stderr: (t: string) => (stderr += t), cwd: adapter };
    const code = await main(argv, { ...io, chatModule: join(dir, "no-chat-module.js") });
    expect(code).toBe(3);
    expect(stderr).toContain("chat module did not load");
    expect(existsSync(output)).toBe(false);
  });

  it("exits 4 when the route cannot be written", async () => {
    const output = join(dir, "weekly.route.json", "inside-a-file.json");
    const { code } = await run(["--model", MODEL, "--scenario", "route_weekly_report", "--output", output]);
    expect(code).toBe(4);
  });
});
