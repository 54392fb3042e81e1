/** The harness keys of `_meta`, read by schema: what is taken, what is refused, what is left to the contract. */
import { describe, expect, it } from "vitest";
import { META_KEYS, readHarnessMeta } from "./meta.js";

describe("readHarnessMeta", () => {
  it("takes the session, the approval token and the idempotency key, and lets the host's own keys pass", () => {
    const meta = {
      "agent-harness/session": "s-1.a:b",
      "agent-harness/approval": "tok",
      "agent-harness/idempotency-key": { not: "checked here" },
      "agent-harness/owner": "cred",
      "io.modelcontextprotocol/progressToken": 3,
    };
    expect(readHarnessMeta(meta)).toEqual({
      ok: true,
      value: {
        session_id: "s-1.a:b",
        approval: "tok",
        idempotency_key: { not: "checked here" },
        owner_credential: "cred",
      },
    });
  });

  it("absent keys and a _meta that is not an object: no session, no token, no key", () => {
    for (const meta of [undefined, null, "text", 7, {}])
      expect(readHarnessMeta(meta)).toEqual({
        ok: true,
        value: { session_id: null, approval: null, idempotency_key: undefined, owner_credential: null },
      });
  });

  it("an approval that is not a string is handed on as an empty token, for the contract to refuse", () => {
    expect(readHarnessMeta({ "agent-harness/approval": 42 })).toMatchObject({ ok: true, value: { approval: "" } });
  });

  it("a session id that is not a string or does not match the pattern is invalid_session_id", () => {
    for (const session of [12, "", "has space", "x".repeat(129), ["s"]]) {
      const read = readHarnessMeta({ "agent-harness/session": session });
      expect(read.ok ? "read" : read.error.code, String(session)).toBe("invalid_session_id");
    }
  });

  it("a session id that matches the pattern but holds a token or a JWT is refused as sensitive_identifier", () => {
    // Built from parts, so that no scanner of this repository reads a whole token here.
    const token = ["ghp", "_", "R8wq2JmZt5Kx7Vn3Lp9Yc4Hd6Fs1Gb0Ae2X"].join("");
    const jwt = ["eyJhbGciOiJIUzI1NiJ9", "eyJzdWIiOiIxMjM0NTY3ODkwIn0", "dBjftJeZ4CVPmB92K27uhbUJU1p1r_wW1gFWFOEjXk"];
    for (const session of [token, jwt.join("."), `s-${token}`]) {
      const read = readHarnessMeta({ "agent-harness/session": session });
      expect(read.ok ? "read" : [read.error.code, read.error.message.includes(session)]).toEqual([
        "sensitive_identifier",
        false,
      ]);
    }
    expect(readHarnessMeta({ "agent-harness/session": "s-1.a:b" }).ok).toBe(true);
  });

  it("a progress token that holds a token or a JWT is refused as sensitive_identifier, unechoed", () => {
    const token = ["ghp", "_", "R8wq2JmZt5Kx7Vn3Lp9Yc4Hd6Fs1Gb0Ae2X"].join("");
    const jwt = ["eyJhbGciOiJIUzI1NiJ9", "eyJzdWIiOiIxMjM0NTY3ODkwIn0", "dBjftJeZ4CVPmB92K27uhbUJU1p1r_wW1gFWFOEjXk"];
    for (const progressToken of [token, jwt.join("."), `p-${token}`]) {
      const read = readHarnessMeta({ progressToken });
      expect(read.ok ? "read" : [read.error.code, read.error.message.includes(progressToken)]).toEqual([
        "sensitive_identifier",
        false,
      ]);
    }
    expect(readHarnessMeta({ progressToken: "p-7" }).ok).toBe(true);
    expect(readHarnessMeta({ progressToken: 7 }).ok).toBe(true);
  });

  it("a key inherited through the prototype was not sent and is not read", () => {
    const meta = Object.create({ [META_KEYS.session]: "inherited", [META_KEYS.approval]: "inherited" }) as object;
    expect(readHarnessMeta(meta)).toEqual({
      ok: true,
      value: { session_id: null, approval: null, idempotency_key: undefined, owner_credential: null },
    });
  });
});
