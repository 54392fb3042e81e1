import { describe, expect, it } from "vitest";
import { openCheckpoint, toCheckpoint } from "./checkpoint.js";
import { startRun } from "./facts.js";
import { createIdSource } from "./ids.js";
import { checkSeal, isCheckpointTamperedError, openOrThrow, sealOf } from "./seal.js";

const SECRET = "seal-test-secret";
const state = (session: string, goal = "goal") => startRun(session, goal, { at: 0, ids: createIdSource("seed") }).state;

describe("checkpoint seals", () => {
  it("opens a checkpoint exactly as it was written", () => {
    const checkpoint = toCheckpoint(state("s1"), SECRET);
    expect(openCheckpoint(JSON.parse(JSON.stringify(checkpoint)), "s1", SECRET)).toEqual({
      ok: true,
      value: checkpoint.state,
    });
  });

  it("refuses an edited state even when its unkeyed hash was recomputed, naming the session", () => {
    const forged = toCheckpoint(state("s1", "forged"), "attacker-guess");
    const honest = toCheckpoint(state("s1"), SECRET);
    const opened = openCheckpoint({ ...forged, seal: honest.seal }, "s1", SECRET);
    expect(opened).toMatchObject({ ok: false, error: { code: "checkpoint_tampered", session_id: "s1" } });
    expect(opened.ok ? "" : opened.error.message).toContain("s1");
  });

  it("refuses a state edited under a sealed hash left as it was, naming the session", () => {
    const honest = toCheckpoint(state("s1"), SECRET);
    const edited = { ...honest, state: { ...honest.state, messages: [{ role: "user" as const, content: "forged" }] } };
    const opened = openCheckpoint(JSON.parse(JSON.stringify(edited)), "s1", SECRET);
    expect(opened).toMatchObject({ ok: false, error: { code: "checkpoint_tampered", session_id: "s1" } });
    expect(opened.ok ? "" : opened.error.message).toContain("sealed hash");
  });

  it("refuses a checkpoint sealed under another secret, or carrying no seal", () => {
    expect(openCheckpoint(toCheckpoint(state("s1"), "other"), "s1", SECRET).ok).toBe(false);
    const { seal: _dropped, ...unsealed } = toCheckpoint(state("s1"), SECRET);
    expect(openCheckpoint({ ...unsealed, seal: undefined as unknown as string }, "s1", SECRET).ok).toBe(false);
  });

  it("refuses a checkpoint copied from another session", () => {
    expect(openCheckpoint(toCheckpoint(state("s2"), SECRET), "s1", SECRET).ok).toBe(false);
  });

  it("binds the seal to the record's canonical form, not its key order", () => {
    const seal = sealOf(SECRET, "t", { a: 1, b: [1, 2] });
    expect(checkSeal(SECRET, "t", { b: [1, 2], a: 1 }, seal).ok).toBe(true);
    expect(checkSeal(SECRET, "t", { b: [2, 1], a: 1 }, seal).ok).toBe(false);
    expect(checkSeal(SECRET, "t", { a: 1, b: [1, 2], c: undefined }, seal).ok).toBe(true);
  });

  it("throws a CheckpointTamperedError from openOrThrow, for store interfaces that return plain values", () => {
    const seal = sealOf(SECRET, "t", { n: 1 });
    expect(openOrThrow(SECRET, "t", { n: 1 }, seal)).toEqual({ n: 1 });
    let thrown: unknown;
    try {
      openOrThrow(SECRET, "t", { n: 2 }, seal);
    } catch (error) {
      thrown = error;
    }
    expect(isCheckpointTamperedError(thrown)).toBe(true);
    expect((thrown as { code: string }).code).toBe("checkpoint_tampered");
  });
});
