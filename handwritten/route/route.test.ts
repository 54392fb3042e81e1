import { describe, expect, it } from "vitest";
import { createIdSource, digest, startRun, toolOffersDigest, validatePlannerOutput } from "../../contract/index.js";
import { createFixtureRegistry, createFixtureWorld } from "../fixtures/index.js";
import {
  checkReplayable,
  createRoutePlanner,
  parseRoute,
  plannerGate,
  plannerTextOf,
  routeIdentity,
  sealRoute,
  type RouteBody,
  type RouteTurn,
} from "./index.js";

const registry = createFixtureRegistry(createFixtureWorld());

const turn = (step: number, partial: Partial<RouteTurn>): RouteTurn => ({
  step,
  text: "",
  tool_calls: [],
  invalid_tool_calls: [],
  raw: null,
  ...partial,
});

const body = (turns: readonly RouteTurn[], extra: Partial<RouteBody> = {}): RouteBody => ({
  schema: "agent-harness.route.v1",
  id: "test-route",
  label: "written by hand in a test",
  scenario: "route_injected_note",
  model: { name: "hand", provider: null, params: {} },
  prompt: "be careful",
  tools: [...registry.names],
  tools_digest: toolOffersDigest(registry),
  turns: [...turns],
  ...extra,
});

const readCall = turn(0, { tool_calls: [{ id: "c1", name: "read_table", args: { table: "sales", limit: 2 } }] });
const answer = turn(1, { text: "Customers ask for a weekly report." });
const text = (route: unknown) => JSON.stringify(route);
const stateAt = (step: number) => ({ ...startRun("s", "g", { at: 0, ids: createIdSource("x") }).state, step });

describe("parseRoute", () => {
  it("reads back a sealed route", () => {
    const route = sealRoute(body([readCall, answer]));
    expect(parseRoute(text(route))).toEqual({ ok: true, value: route });
  });

  it.each([
    ["route_not_json", "{not json"],
    ["route_bad_shape", text({ ...sealRoute(body([])), schema: "other.v1" })],
    ["route_bad_shape", text({ ...sealRoute(body([])), extra: 1 })],
    ["route_digest_mismatch", text({ ...sealRoute(body([readCall])), label: "edited" })],
    ["route_bad_steps", text(sealRoute(body([answer])))],
  ])("refuses %s", (code, input) => {
    const parsed = parseRoute(input);
    expect(parsed.ok ? null : parsed.error.code).toBe(code);
  });

  it("seals over every field but the digest", () => {
    const route = sealRoute(body([readCall]));
    const { digest: stated, ...rest } = route;
    expect(stated).toBe(digest(rest));
  });
});

describe("plannerTextOf", () => {
  it("turns one tool call into the tool_call envelope and text alone into a final answer", () => {
    expect(plannerTextOf(readCall)).toBe(
      '{"type":"tool_call","tool":"read_table","arguments":{"table":"sales","limit":2}}',
    );
    expect(plannerTextOf(answer)).toBe('{"type":"final","text":"Customers ask for a weekly report."}');
  });

  it("keeps an unparsed call's arguments as the raw string, for the tool's schema to reject", () => {
    const bad = turn(0, { invalid_tool_calls: [{ id: "c", name: "read_table", args: '{"table": sal', error: "x" }] });
    expect(plannerTextOf(bad)).toBe('{"type":"tool_call","tool":"read_table","arguments":"{\\"table\\": sal"}');
  });

  it("turns several calls into one tool_calls batch, each under the model's id, unparsed calls last", () => {
    const two = turn(0, {
      tool_calls: [readCall.tool_calls[0]!, { id: null, name: "run_shell", args: { command: "ls" } }],
      invalid_tool_calls: [{ id: "c3", name: "save_artifact", args: '{"name": ', error: "x" }],
    });
    expect(JSON.parse(plannerTextOf(two))).toEqual({
      type: "tool_calls",
      calls: [
        { id: "c1", tool: "read_table", arguments: { table: "sales", limit: 2 } },
        { id: "call_1", tool: "run_shell", arguments: { command: "ls" } },
        { id: "c3", tool: "save_artifact", arguments: '{"name": ' },
      ],
    });
  });

  it("hands a batch the model gave duplicate ids to validation, which refuses the turn", () => {
    const twice = turn(0, { tool_calls: [readCall.tool_calls[0]!, readCall.tool_calls[0]!] });
    const action = validatePlannerOutput(registry, plannerTextOf(twice));
    expect(action.ok ? null : action.error.code).toBe("duplicate_call_id");
  });
});

describe("checkReplayable", () => {
  const scenarios = ["route_injected_note"];
  it("accepts a route recorded against this registry on a known scenario", () => {
    expect(checkReplayable(sealRoute(body([readCall, answer])), registry, scenarios).ok).toBe(true);
  });

  it.each([
    ["route_unknown_scenario", body([], { scenario: "elsewhere" })],
    ["route_tools_missing", body([], { tools: [...registry.names, "send_email"] })],
    ["route_tools_changed", body([], { tools_digest: "0".repeat(64) })],
  ])("refuses %s", (code, input) => {
    const checked = checkReplayable(sealRoute(input), registry, scenarios);
    expect(checked.ok ? null : checked.error.code).toBe(code);
  });
});

describe("createRoutePlanner", () => {
  it("answers each step with its turn, the same answer every time it is asked", async () => {
    const planner = createRoutePlanner(sealRoute(body([readCall, answer])));
    const first = await planner.respond(stateAt(0));
    expect(await planner.respond(stateAt(0))).toBe(first);
    expect(JSON.parse(await planner.respond(stateAt(1)))).toEqual({ type: "final", text: answer.text });
    expect(planner.misses()).toEqual([]);
  });

  it("remembers a step the route does not hold, and ends the run saying so", async () => {
    const planner = createRoutePlanner(sealRoute(body([readCall])));
    const out = JSON.parse(await planner.respond(stateAt(1))) as { type: string; text: string };
    expect(out.type).toBe("final");
    expect(out.text).toContain("no answer for step 1");
    expect(planner.misses()).toEqual([1]);
  });

  it("names the route in evidence by id, model and digest", () => {
    const route = sealRoute(body([answer]));
    expect(routeIdentity(route)).toEqual({ kind: "route", id: "test-route", model: "hand", digest: route.digest });
  });
});

describe("plannerGate", () => {
  const real = sealRoute(body([answer], { model: { name: "gpt-x", provider: "openai", params: {} } }));
  it("stays blocked, with the reason, when only the FixtureModel ran", () => {
    const gate = plannerGate(null, true);
    expect(gate.planner_gate).toBe("blocked");
    expect(gate.planner_gate_reason).toContain("only the FixtureModel ran");
  });

  it("stays blocked for a fake model's route and for a route that was not measured", () => {
    const fake = sealRoute(body([answer], { model: { name: "X", provider: null, params: { llm_type: "fake" } } }));
    expect(plannerGate(fake, true).planner_gate_reason).toContain("fake model");
    expect(plannerGate(real, false).planner_gate).toBe("blocked");
  });

  it("opens only for a measured replay of a real model's route", () => {
    expect(plannerGate(real, true)).toEqual({ planner_gate: "open", planner_gate_reason: null });
  });
});
