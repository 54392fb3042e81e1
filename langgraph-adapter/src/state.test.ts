/** The trace channel's reducer: LangGraph calls it twice with the same writes, and it appends once. */
import { describe, expect, it } from "vitest";
import { AppendList, listItems, traceEvent, type TraceEvent } from "../../contract/index.js";
import { appendTrace } from "./state.js";

const event = (seq: number): TraceEvent =>
  traceEvent(
    {
      seq,
      event_id: `e${seq}`,
      at: seq,
      session_id: "s",
      step: 0,
      type: "run_started",
      status: "ready",
      checkpoint_hash: "h",
    },
    {},
  );

describe("appendTrace", () => {
  it("gives the same list when the same events are appended to the same list again", () => {
    const left = AppendList.from([event(1)]);
    const events = [event(2), event(3)];
    const first = appendTrace(left, events);
    expect(appendTrace(left, events)).toBe(first);
    expect(appendTrace(left, [...events])).toBe(first);
    expect(listItems(first)).toEqual([event(1), ...events].map((e) => ({ ...e })));
  });

  it("appends what it is given when the events differ, even in the same array", () => {
    const left = AppendList.from([event(1)]);
    const events = [event(2)];
    const first = appendTrace(left, events);
    events.push(event(3));
    const second = appendTrace(left, events);
    expect(listItems(second).map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(listItems(first).map((e) => e.seq)).toEqual([1, 2]);
    expect(listItems(appendTrace(left, [event(4)])).map((e) => e.seq)).toEqual([1, 4]);
  });
});
