import { createHmac } from "node:crypto";
import { installHashing, type Hashing } from "./hashing.js";
import { nodeHashing } from "../durable/node-hashing.js";
import { describe, expect, it } from "vitest";
import { referenceCanonical } from "../handwritten/engine/test-helpers.js";
import { openCheckpoint, toCheckpoint } from "./checkpoint.js";
import { startRun } from "./facts.js";
import { createIdSource } from "./ids.js";
import { CheckpointTamperedError, checkSeal, isCheckpointTamperedError, openOrThrow, sealOf } from "./seal.js";

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

  it("seals a checkpoint's header as sealOf seals the header record, whatever its session id", () => {
    for (const id of ["s1", 'quote"and\\back', "line\nbreak", "lone\ud800"]) {
      const checkpoint = toCheckpoint(state(id), SECRET);
      const header = { v: 1, session_id: id, seq: checkpoint.seq, checkpoint_hash: checkpoint.checkpoint_hash };
      expect(checkpoint.seal).toBe(sealOf(SECRET, id, header));
      expect(openCheckpoint(checkpoint, id, SECRET).ok).toBe(true);
      expect(openCheckpoint({ ...checkpoint, seq: checkpoint.seq + 1 }, id, SECRET).ok).toBe(false);
    }
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

  it("is HMAC-SHA256 under the secret over a label, the session and the canonical record", () => {
    const record = { seq: 3, hash: "h", nested: { b: 2, a: 1 } };
    const expected = createHmac("sha256", SECRET)
      .update(`checkpoint-seal-v1\ns1\n${referenceCanonical(record)}`)
      .digest("hex");
    expect(sealOf(SECRET, "s1", record)).toBe(expected);
    expect(checkSeal(SECRET, "s2", record, expected).ok).toBe(false);
  });

  it("says which kind of tampering it found, naming the session", () => {
    const seal = sealOf(SECRET, "s1", { n: 1 });
    const failures = [
      checkSeal(SECRET, "s1", { n: 1 }, undefined),
      checkSeal(SECRET, "s1", { n: 1 }, 42),
      checkSeal(SECRET, "s1", { n: 10n }, seal),
      checkSeal(SECRET, "s1", { when: new Date(0) }, seal),
      checkSeal(SECRET, "s1", { n: 2 }, seal),
    ].map((checked) => (checked.ok ? null : checked.error));
    for (const failure of failures) expect(failure).toMatchObject({ code: "checkpoint_tampered", session_id: "s1" });
    const messages = failures.map((f) => f?.message ?? "");
    expect(messages.every((m) => m.startsWith("checkpoint_tampered: session s1: "))).toBe(true);
    expect(messages[0]).toContain("no seal");
    expect(messages[1]).toBe(messages[0]);
    expect(messages[2]).toContain("not JSON data");
    expect(messages[3]).toBe(messages[2]);
    expect(messages[4]).toContain("does not match its seal");
  });
});

describe("CheckpointTamperedError", () => {
  const failure = {
    code: "checkpoint_tampered",
    session_id: "s1",
    message: "checkpoint_tampered: session s1: x",
  } as const;

  it("is recognised by its name, also when thrown by another copy of the module", () => {
    const thrown = new CheckpointTamperedError(failure);
    expect([thrown.name, thrown.message, thrown.failure]).toEqual([
      "CheckpointTamperedError",
      failure.message,
      failure,
    ]);
    const foreign = Object.assign(new Error("from another bundle"), { name: "CheckpointTamperedError" });
    expect(isCheckpointTamperedError(foreign)).toBe(true);
  });

  it("is not any other error, nor a plain object carrying its name", () => {
    expect(isCheckpointTamperedError(new Error("plain"))).toBe(false);
    expect(isCheckpointTamperedError(new TypeError("type"))).toBe(false);
    expect(isCheckpointTamperedError({ name: "CheckpointTamperedError", message: "m" })).toBe(false);
  });
});

describe("a seal computed in this process", () => {
  /** Runs `body` with hashing that counts its HMACs, then puts node's back. */
  const countingHmacs = (body: () => void): number => {
    let hmacs = 0;
    const counting: Hashing = {
      sha256Hex: nodeHashing.sha256Hex,
      hmacSha256Hex: (secret, message) => (hmacs++, nodeHashing.hmacSha256Hex(secret, message)),
    };
    installHashing(counting);
    try {
      body();
    } finally {
      installHashing(nodeHashing);
    }
    return hmacs;
  };

  it("opens its own record again without a second HMAC, and still refuses any other byte, session or secret", () => {
    const record = { thread_id: "t", step: 3, state: { agent: "hash-of-agent" } };
    let seal = "";
    expect(countingHmacs(() => (seal = sealOf(SECRET, "t", record)))).toBe(1);
    expect(countingHmacs(() => expect(checkSeal(SECRET, "t", { ...record }, seal).ok).toBe(true))).toBe(0);
    // Each of these is computed afresh, and fails.
    const refused = [
      () => checkSeal(SECRET, "t", { ...record, step: 4 }, seal),
      () => checkSeal(SECRET, "other", record, seal),
      () => checkSeal("another-secret", "t", record, seal),
    ];
    for (const check of refused) expect(countingHmacs(() => expect(check().ok).toBe(false))).toBe(1);
    // A seal written elsewhere under the same secret opens by its HMAC.
    const message = `checkpoint-seal-v1\nt\n${referenceCanonical({ ...record, step: 5 })}`;
    const foreign = createHmac("sha256", SECRET).update(message).digest("hex");
    expect(countingHmacs(() => expect(checkSeal(SECRET, "t", { ...record, step: 5 }, foreign).ok).toBe(true))).toBe(1);
  });
});
