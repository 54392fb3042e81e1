/** tsx scripts/runtime-record.ts --planner: bad input ends the command before anything runs or is written. */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { parseRoute, sealRoute } from "../../handwritten/route/index.js";
import { main } from "../../scripts/runtime-record.js";
import { scratchDir } from "../setup/scratch.js";

const dir = scratchDir("runtime-record-");
const EXAMPLE = new URL("../../routes/route_weekly_report.route.json", import.meta.url);

function unknownScenarioRoute(): string {
  const parsed = parseRoute(readFileSync(EXAMPLE, "utf8"));
  if (!parsed.ok) throw new Error(parsed.error.message);
  const { digest: _old, ...body } = parsed.value;
  const path = join(dir, "elsewhere.route.json");
  writeFileSync(path, JSON.stringify(sealRoute({ ...body, scenario: "somewhere_else" })));
  return path;
}

async function run(planner: string) {
  const output = join(dir, `${Math.random().toString(36).slice(2)}.json`);
  const stderr = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
  try {
    const code = await main(["--planner", planner, "--output", output, "--quiet"]);
    const said = stderr.mock.calls.map((c) => String(c[0])).join("");
    return { code, said, written: existsSync(output) };
  } finally {
    stderr.mockRestore();
  }
}

describe("runtime-record --planner", () => {
  it.each([
    ["gpt", 2, "(bad_value)"],
    [`route:${join(dir, "missing.route.json")}`, 2, "(input_not_found)"],
    ["route:package.json", 2, "(route_bad_shape)"],
  ])("refuses %s with exit %i, runs nothing and writes nothing", async (planner, exit, code) => {
    const result = await run(planner);
    expect(result).toMatchObject({ code: exit, written: false });
    expect(result.said).toContain(code);
  });

  it("exits 3 for a route this checkout cannot replay, before running anything", async () => {
    const result = await run(`route:${unknownScenarioRoute()}`);
    expect(result).toMatchObject({ code: 3, written: false });
    expect(result.said).toContain("(route_unknown_scenario)");
  });
});
