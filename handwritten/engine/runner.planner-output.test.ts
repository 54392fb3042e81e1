/** Bad planner output gets a clear reason code and no side effect (rule 1, engine level). */
import { describe, it, expect } from "vitest";
import { toolCall, finalAnswer } from "../fixtures/index.js";
import { eventsOfType, expectStatus, field, onlyToolMessage, setup, toolMessages, unwrap } from "./test-helpers.js";

const SESSION = "s1";

function nestedArguments(levels: number): unknown {
  let value: unknown = "leaf";
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
}

const cases: readonly { readonly what: string; readonly raw: string; readonly code: string }[] = [
  { what: "malformed JSON", raw: '{"type":"tool_call","tool":"save_artifact",', code: "malformed_json" },
  { what: "an unknown tool", raw: toolCall("drop_database", { name: "prod" }), code: "unknown_tool" },
  {
    what: "wrong argument types",
    raw: toolCall("save_artifact", { name: "q3", content: 17 }),
    code: "invalid_arguments",
  },
  { what: "a missing field", raw: toolCall("save_artifact", { name: "q3" }), code: "invalid_arguments" },
  {
    what: "unknown argument keys",
    raw: toolCall("save_artifact", { name: "q3", content: "x", overwrite: true }),
    code: "invalid_arguments",
  },
  {
    what: "a __proto__ key",
    raw: '{"type":"tool_call","tool":"save_artifact","arguments":{"name":"q3","content":"x","__proto__":{"isAdmin":true}}}',
    code: "forbidden_key",
  },
  {
    what: "an oversize string",
    raw: toolCall("save_artifact", { name: "q3", content: "x".repeat(5_000) }),
    code: "input_too_large",
  },
  { what: "deep nesting", raw: toolCall("save_artifact", nestedArguments(12)), code: "too_deep" },
];

describe("bad planner output", () => {
  it.each(cases)("rejects $what with $code in a tool message and no side effect", async ({ raw, code }) => {
    const { env, engine } = setup({ script: [raw] });
    const state = expectStatus(unwrap(await engine.start(SESSION, "save")), "done");
    const message = onlyToolMessage(state);
    expect(message.status).toBe("rejected");
    expect(field(message.content, "code")).toBe(code);
    expect(env.world.totalCalls()).toBe(0);
    expect(env.world.totalEffects()).toBe(0);
    expect(eventsOfType(env, SESSION, "call_rejected").map((e) => e.reason)).toEqual([code]);
    expect(eventsOfType(env, SESSION, "intent_recorded")).toEqual([]);
  });

  it("does not let a __proto__ key change any prototype", async () => {
    const { engine } = setup({
      script: [
        '{"type":"tool_call","tool":"read_table","arguments":{"__proto__":{"polluted":true},"table":"sales","limit":1}}',
      ],
    });
    await engine.start(SESSION, "read");
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
  });

  it("lets the model rewrite a rejected call on its next turn", async () => {
    const { env, engine } = setup({
      script: [
        "not json at all",
        toolCall("read_table", { table: "sales", limit: "2" }),
        toolCall("read_table", { table: "sales", limit: 2 }),
        finalAnswer("read"),
      ],
    });
    const state = expectStatus(unwrap(await engine.start(SESSION, "read")), "done");
    expect(
      toolMessages(state).map((m) => [m.status, m.status === "rejected" ? field(m.content, "code") : null]),
    ).toEqual([
      ["rejected", "malformed_json"],
      ["rejected", "invalid_arguments"],
      ["ok", null],
    ]);
    expect(env.world.totalCalls()).toBe(1);
  });
});
