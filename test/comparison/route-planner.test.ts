/** compare.ts --planner route:PATH: a frozen route replayed on both frameworks, and every way a route file can be refused. */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseRoute, sealRoute, type Route } from "../../handwritten/route/index.js";
import { FRAMEWORK_IDS, loadEngine } from "../../engines/index.js";
import { chargesParity, judgedOf } from "../../engines/catalogue.js";
import { main } from "../../scripts/compare.js";
import { NOT_MEASURED } from "../../scripts/comparison/report.js";
import { scratchDir } from "../setup/scratch.js";

const EXAMPLE = new URL("../../routes/route_weekly_report.route.json", import.meta.url);
const example = (): Route => {
  const parsed = parseRoute(readFileSync(EXAMPLE, "utf8"));
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
};
const dir = scratchDir("route-compare-");

/** Writes `route` with its own digest recomputed (a tampered file keeps the old one). */
function writeRoute(name: string, route: Route | string): string {
  const path = join(dir, name);
  writeFileSync(path, typeof route === "string" ? route : JSON.stringify(route));
  return path;
}
const resealed = (route: Route, change: Partial<Route>): Route => {
  const { digest: _old, ...body } = { ...route, ...change };
  return sealRoute(body);
};

async function compareWith(framework: string, routePath: string) {
  const output = join(dir, `${framework}-${Math.random().toString(36).slice(2)}.json`);
  const err: string[] = [];
  const code = await main(
    ["--framework", framework, "--planner", `route:${routePath}`, "--output", output, "--quiet"],
    {
      stdout: () => undefined,
      stderr: (t) => void err.push(t),
    },
  );
  const report = existsSync(output) ? (JSON.parse(readFileSync(output, "utf8")) as Record<string, unknown>) : null;
  return { code, report, stderr: err.join("") };
}

describe("compare.ts --planner route:PATH", () => {
  it.each(FRAMEWORK_IDS)(
    "replays the committed fake-model route on %s: measured, equal unless native, gate blocked because the model is fake",
    async (framework) => {
      const route = example();
      const { code, report } = await compareWith(framework, EXAMPLE.pathname);
      // An optional framework that is not installed here is not measured, and says so (exit 3).
      if (!(await loadEngine(framework)).ok) {
        expect([code, report?.["status"]]).toEqual([3, NOT_MEASURED]);
        return;
      }
      expect(report?.["status"]).toBe("measured");
      // A native variant is judged by behaviour alone: its exit code follows the behaviour verdicts, not parity.
      if (judgedOf(framework) === "foreign") expect(code).toBe(report?.["all_hold"] === true ? 0 : 1);
      else expect(code).toBe(0);
      expect(report?.["planner"]).toEqual({
        kind: "route",
        id: route.id,
        model: route.model.name,
        digest: route.digest,
      });
      expect(report?.["planner_gate"]).toBe("blocked");
      expect(report?.["planner_gate_reason"]).toContain("fake model");
      if (chargesParity(framework)) expect(report?.["all_equal"]).toBe(true);
      expect((report?.["scenarios"] as { name: string }[]).map((s) => s.name)).toEqual([route.scenario]);
    },
  );

  it("opens the gate for a measured replay of a route from a model that is not a fake", async () => {
    const real = resealed(example(), { model: { name: "gpt-test", provider: "openai", params: {} } });
    const { code, report } = await compareWith("local_state_graph", writeRoute("real.route.json", real));
    expect(code).toBe(0);
    expect(report?.["planner_gate"]).toBe("open");
    expect(report?.["planner_gate_reason"]).toBeNull();
  });

  it.each([
    ["route_not_json", () => "{"],
    ["route_digest_mismatch", () => JSON.stringify({ ...example(), label: "edited by hand" })],
    ["route_bad_shape", () => JSON.stringify({ ...example(), schema: "agent-harness.route.v0" })],
  ])("exits 2 for a bad route file (%s) and writes nothing", async (code, make) => {
    const result = await compareWith("local_state_graph", writeRoute(`${code}.json`, make()));
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`(${code})`);
    expect(result.report).toBeNull();
  });

  it("exits 2 for a route file that cannot be read", async () => {
    const result = await compareWith("local_state_graph", join(dir, "missing.route.json"));
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("input_not_found");
  });

  it.each([
    ["route_tools_missing", (r: Route) => resealed(r, { tools: [...r.tools, "send_email"] })],
    ["route_unknown_scenario", (r: Route) => resealed(r, { scenario: "somewhere_else" })],
    ["route_tools_changed", (r: Route) => resealed(r, { tools_digest: "0".repeat(64) })],
  ])("exits 3 for a route this checkout cannot replay (%s) and writes nothing", async (code, change) => {
    const result = await compareWith("local_state_graph", writeRoute(`${code}.json`, change(example())));
    expect(result.code).toBe(3);
    expect(result.stderr).toContain(`(${code})`);
    expect(result.report).toBeNull();
  });

  it("exits 3 with not-measured evidence when the engines ask for more turns than the route holds", async () => {
    const short = resealed(example(), { turns: example().turns.slice(0, 2) });
    const { code, report } = await compareWith("local_state_graph", writeRoute("short.route.json", short));
    expect(code).toBe(3);
    expect(report?.["status"]).toBe(NOT_MEASURED);
    expect(report?.["reason"]).toMatch(/^route_exhausted/);
    expect(report?.["all_equal"]).toBeNull();
    expect(report?.["planner_gate"]).toBe("blocked");
  });

  it("refuses a --planner that is neither fixture nor route:PATH", async () => {
    const err: string[] = [];
    const code = await main(["--framework", "local_state_graph", "--planner", "gpt"], {
      stdout: () => undefined,
      stderr: (t) => void err.push(t),
    });
    expect(code).toBe(2);
    expect(err.join("")).toContain("(bad_value)");
  });
});
