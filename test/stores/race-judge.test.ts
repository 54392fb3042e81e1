/**
 * The approval race's judge on rounds written by hand: a server that arrives after the publish and
 * asks again for its own call is a settled round; anything else off the one-publish path is not.
 */
import { describe, expect, it } from "vitest";
import type { ApprovalRaceRound } from "../../scenarios/mcp/approval-race.js";
import { judgeRace } from "./faults/concurrency-cases.js";

const OK = "ok/none";
const BUSY = "store_error/session_busy";
const USED = "approval_refused/approval_already_used";

function round(answers: string[], overrides: Partial<ApprovalRaceRound> = {}): ApprovalRaceRound {
  return { answers, effects: 1, nonce_spent: true, last_status: "ready", ...overrides };
}

describe("judgeRace", () => {
  it.each([
    ["one ok, the rest busy, the session ready", [round([OK, BUSY, BUSY])]],
    [
      "a late server refused and waiting for its own approval",
      [round([OK, BUSY, USED], { last_status: "approval_required" })],
    ],
  ])("holds: %s", (_, rounds) => {
    expect(judgeRace(rounds, 3).outcome).toBe("correct_run");
  });

  it.each([
    [
      "waiting for approval with no late server",
      [round([OK, BUSY, BUSY], { last_status: "approval_required" })],
      "silent_change",
    ],
    ["left authorized", [round([OK, BUSY, USED], { last_status: "authorized" })], "silent_change"],
    ["two oks", [round([OK, OK, BUSY], { effects: 2 })], "silent_change"],
    ["a spent approval with nothing run", [round([BUSY, BUSY, USED], { effects: 0 })], "silent_change"],
    ["an untyped answer", [round([OK, "error/internal_error", BUSY])], "raw_error"],
  ])("fails: %s", (_, rounds, outcome) => {
    expect(judgeRace(rounds, 3).outcome).toBe(outcome);
  });
});
