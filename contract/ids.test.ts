import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createIdSource, deriveIdempotencyKey } from "./ids.js";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

describe("createIdSource", () => {
  it("numbers a session's facts with four digits at least", () => {
    const ids = createIdSource("seed");
    expect(ids.eventId("s", 7)).toBe("s:0007");
    expect(ids.eventId("s", 12_345)).toBe("s:12345");
  });

  it("derives each approval nonce from the seed, the session and the step", () => {
    const ids = createIdSource("seed");
    expect(ids.nonce("s", 3)).toBe(sha256("seed\u0000nonce\u0000s\u00003").slice(0, 24));
    expect(
      new Set([ids.nonce("s", 3), ids.nonce("s", 4), ids.nonce("t", 3), createIdSource("x").nonce("s", 3)]).size,
    ).toBe(4);
  });
});

describe("deriveIdempotencyKey", () => {
  it("is idem_ and 32 hex digits of the session, step, tool and argument digest", () => {
    expect(deriveIdempotencyKey("s", 2, "publish", "d")).toBe(
      `idem_${sha256("s\u00002\u0000publish\u0000d").slice(0, 32)}`,
    );
  });
});
