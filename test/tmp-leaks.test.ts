/** The temp-file check's naming (test/setup/tmp-leaks.ts): what a leak report says, from what is left. */
import { userInfo } from "node:os";
import { describe, expect, it } from "vitest";
import { leakedPrefixes, leakMessage } from "./setup/tmp-leaks.js";

describe("temp files left by a run", () => {
  it("are named by prefix, with a count, and the random or numbered tail dropped", () => {
    const left = ["learner-Ab12Cd", "learner-xYz9Qr", "route-record-AbCdEf", "frameworks-1733", "notes.json"];
    expect(leakedPrefixes(left)).toEqual(["frameworks-", "learner- (2)", "notes.json", "route-record-"]);
  });

  it("leave a tool's cache alone, and nothing left says nothing", () => {
    expect(leakedPrefixes([`tsx-${userInfo().uid}`])).toEqual([]);
    expect(leakMessage([])).toBeNull();
    expect(leakMessage(["learner- (2)"])).toContain("learner- (2)");
  });
});
