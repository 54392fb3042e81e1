import { describe, expect, it } from "vitest";
import { AppendList } from "./append-list.js";
import { canonicalJson } from "./canonical.js";
import { CheckpointSchema, createMemoryCheckpointStore, hashState, toCheckpoint } from "./checkpoint.js";
import { applyFact, startRun, type Fact } from "./facts.js";
import { createIdSource } from "./ids.js";
import { AgentStateEnvelopeSchema, lastMessage, messagesFrom, messagesOf, type AgentState } from "./state.js";

const env = { at: 1_000, ids: createIdSource("message-list") };
const SECRET = "message-list-secret";

const planned = (raw: string): Fact => ({ type: "planner_responded", raw });
const rejected: Fact = {
  type: "call_rejected",
  rejection: { code: "malformed_call", message: "m", tool: null, issues: [] },
};
const apply = (state: AgentState, ...facts: Fact[]) => facts.reduce((s, fact) => applyFact(s, fact, env).state, state);

/** What a reader of a stored checkpoint sees of a state: its JSON, its messages, its last message, its hash. */
const seen = (state: AgentState) => ({
  json: JSON.stringify(state),
  canonical: canonicalJson(state),
  contents: messagesOf(state).map((m) => m.content),
  last: lastMessage(state)?.content,
  hash: hashState(state),
});

describe("the conversation a fact extends", () => {
  it("never shows an older state a message appended after it, on its own line or on a rewound sibling", () => {
    const start = startRun("s", "goal", env).state;
    const first = apply(start, planned("one"), rejected);
    const before = seen(first);
    // The newest version extends the shared store in place...
    const later = apply(first, planned("two"), rejected, planned("three"));
    // ...and a state rewound to `first` appends beside it.
    const sibling = apply(first, planned("other"));
    const laterAgain = apply(later, rejected);

    expect(seen(first)).toEqual(before);
    expect(before.hash).toBe(first.checkpoint_hash);
    expect(messagesOf(first)).toHaveLength(3);
    expect(messagesOf(later).map((m) => m.content)).toEqual([
      "goal",
      "one",
      before.contents[2],
      "two",
      before.contents[2],
      "three",
    ]);
    expect(
      messagesOf(sibling)
        .slice(1)
        .map((m) => m.content),
    ).toEqual(["one", before.contents[2], "other"]);
    expect(lastMessage(later)?.content).toBe("three");
    expect(messagesOf(laterAgain)).toHaveLength(7);
    for (const state of [first, later, sibling, laterAgain]) expect(hashState(state)).toBe(state.checkpoint_hash);
  });

  it("keeps each checkpoint of a session as it was written, read through the store", () => {
    const store = createMemoryCheckpointStore();
    let state = startRun("s", "goal", env).state;
    const written: string[] = [];
    for (const fact of [planned("a"), rejected, planned("b"), rejected, planned("c")]) {
      state = applyFact(state, fact, env).state;
      store.put(toCheckpoint(state, SECRET));
      written.push(JSON.stringify(state));
    }
    expect(store.list("s").map((c) => JSON.stringify(c.state))).toEqual(written);
    expect(store.list("s").map((c) => messagesOf(c.state).length)).toEqual([2, 3, 4, 5, 6]);
  });

  it("gives the messages from an index on as slice() gives them, on a list and on a plain array", () => {
    const state = apply(startRun("s", "goal", env).state, planned("one"), rejected, planned("two"));
    const plain = { messages: [...messagesOf(state)] };
    for (const start of [0, 2, 4, 9, -1, -3, -9]) {
      expect(messagesFrom(state, start)).toEqual(messagesOf(state).slice(start));
      expect(messagesFrom(plain, start)).toEqual(plain.messages.slice(start));
    }
  });

  it("writes, hashes and checks as the plain array it stands for", () => {
    const state = apply(startRun("s", "goal", env).state, planned("one"), rejected);
    expect(state.messages).toBeInstanceOf(AppendList);
    const plain = { ...state, messages: [...messagesOf(state)] };
    expect(canonicalJson(state)).toBe(canonicalJson(plain));
    expect(JSON.stringify(state)).toBe(JSON.stringify(plain));
    expect(hashState(plain)).toBe(state.checkpoint_hash);
    expect(CheckpointSchema.safeParse(toCheckpoint(state, SECRET)).success).toBe(true);
    const bad = AppendList.from<unknown>([...messagesOf(state), { role: "system" }]);
    expect(AgentStateEnvelopeSchema.safeParse({ ...state, messages: bad }).success).toBe(false);
  });
});
