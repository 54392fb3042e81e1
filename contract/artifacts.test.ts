import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createMemoryArtifactStore, MAX_INLINE_OUTPUT_CHARS, toMessageContent } from "./artifacts.js";

/** A JSON string whose canonical form ("..." with quotes) is exactly `chars` long. */
const stringOfChars = (chars: number) => "x".repeat(chars - 2);

describe("toMessageContent", () => {
  it("keeps an output of up to 2,048 canonical characters inline", () => {
    expect(MAX_INLINE_OUTPUT_CHARS).toBe(2048);
    expect(toMessageContent({ b: 1, a: [true] })).toEqual({ content: { a: [true], b: 1 }, artifact: null });
    expect(toMessageContent(undefined)).toEqual({ content: null, artifact: null });
    expect(toMessageContent(stringOfChars(2048)).artifact).toBeNull();
  });

  it("stores a longer one as an artifact and gives the conversation a reference and a summary", () => {
    const output = stringOfChars(2049);
    const body = JSON.stringify(output);
    const ref = `artifact:sha256:${createHash("sha256").update(body).digest("hex")}`;
    expect(toMessageContent(output)).toEqual({
      content: { artifact: ref, chars: 2049, summary: `${body.slice(0, 160)}…` },
      artifact: { ref, body },
    });
  });
});

describe("createMemoryArtifactStore", () => {
  it("returns what was put, by reference, and counts the bodies", () => {
    const store = createMemoryArtifactStore();
    store.put("r1", "one");
    store.put("r2", "two");
    expect([store.get("r1"), store.get("r2"), store.get("r3"), store.size()]).toEqual(["one", "two", undefined, 2]);
  });
});
