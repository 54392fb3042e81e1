/** The raw-argument store: one entry per id, served only after delivery, dropped only at its own stage. */
import { describe, expect, it } from "vitest";
import { createRawArguments } from "./raw-arguments.js";

describe("raw arguments", () => {
  it("serves a call's arguments only once its request was delivered, and only once", () => {
    const raw = createRawArguments();
    expect(raw.keep(1, { __proto__: null, a: 1 })).toBe(true);
    expect(raw.take(1)).toEqual({ found: false });
    raw.deliver(1);
    expect(raw.take(1)).toMatchObject({ found: true, args: { a: 1 } });
    expect(raw.take(1)).toEqual({ found: false });
  });

  it("refuses a second entry for an id that still holds one", () => {
    const raw = createRawArguments();
    expect(raw.keep("x", 1)).toBe(true);
    expect(raw.keep("x", 2)).toBe(false);
    raw.deliver("x");
    expect(raw.take("x")).toEqual({ found: true, args: 1 });
    expect(raw.keep("x", 3)).toBe(true);
  });

  it("drops an entry only at the stage named: a refused frame's never touches a delivered request's", () => {
    const raw = createRawArguments();
    raw.keep(7, "delivered-one");
    raw.deliver(7);
    raw.drop(7, "undelivered");
    expect(raw.take(7)).toEqual({ found: true, args: "delivered-one" });
    raw.keep(8, "undelivered-one");
    raw.drop(8, "delivered");
    raw.deliver(8);
    expect(raw.take(8)).toEqual({ found: true, args: "undelivered-one" });
    raw.keep(9, "answered");
    raw.deliver(9);
    raw.drop(9, "delivered");
    expect(raw.take(9)).toEqual({ found: false });
  });

  it("evicts the oldest entries past its capacity", () => {
    const raw = createRawArguments(2);
    for (const id of [1, 2, 3]) raw.keep(id, id);
    for (const id of [1, 2, 3]) raw.deliver(id);
    expect([1, 2, 3].map((id) => raw.take(id).found)).toEqual([false, true, true]);
  });
});
