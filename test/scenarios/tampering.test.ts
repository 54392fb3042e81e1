/**
 * `isTampering` (scenarios/tamper.ts) is what tells the bench a scenario edits the stores between turns: it
 * must hold for an action of every tampering column and for no action of any other column.
 */
import { describe, expect, it } from "vitest";
import { ALL_COLUMNS, isTampering, TAMPER_COLUMNS } from "../../scenarios/index.js";

describe("isTampering", () => {
  it("finds a tampering action in each tampering column, and in no other", () => {
    const tampering = ALL_COLUMNS.filter((c) => c.actions.some(isTampering)).map((c) => c.name);
    expect(TAMPER_COLUMNS.length).toBeGreaterThan(0);
    expect(tampering).toEqual(TAMPER_COLUMNS.map((c) => c.name));
  });

  it("holds for each kind tamper() performs, not for an engine's own actions", () => {
    for (const kind of ["edit_waiting_call", "forget_outcome", "restore_to_intent"])
      expect(isTampering({ kind }), kind).toBe(true);
    for (const kind of ["start", "approve", "restart_and_resume", "rewind_to_approval", "bare_call", "toString"])
      expect(isTampering({ kind }), kind).toBe(false);
  });
});
