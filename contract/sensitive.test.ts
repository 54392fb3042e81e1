import { describe, it, expect } from "vitest";
import { createRegistry } from "./registry.js";
import { isIban, isLuhn } from "./financial.js";
import { PHONE_REGIONS } from "./secret-scanners.js";
import { CORPUS, PLAIN_SAMPLES, SENSITIVE_KINDS, SENSITIVE_SAMPLES } from "./sensitive-corpus.js";
import { CORPUS_PRIVATE_KEYS } from "./sensitive-corpus-keys.js";
import { findSensitive, redact } from "./redact.js";
import { isSensitiveText, redactText, REDACTED, scanText } from "./sensitive.js";
import { defineTool } from "./tool.js";
import { validatePlannerOutput } from "./validation.js";
import { z } from "zod";

describe("the detector's corpus", () => {
  it("has at least 40 samples of each side, and every kind", () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(40);
    expect(PLAIN_SAMPLES.length).toBeGreaterThanOrEqual(40);
    expect(new Set(CORPUS.map((s) => s.kind))).toEqual(new Set(SENSITIVE_KINDS));
  });

  it.each(CORPUS.map((s) => [s.kind, s.name, s] as const))("finds %s: %s, and redacts it whole", (_kind, _name, s) => {
    expect(isSensitiveText(s.text)).toBe(true);
    const redacted = redactText(s.text);
    expect(redacted).toContain(REDACTED);
    for (const secret of s.secrets) expect(redacted).not.toContain(secret);
  });

  // Planner output is JSON: a line break before a token is `\n`, whose `n` once hid `\nghp_…` from a
  // word-boundary pattern and lent a URL pattern its scheme's first letter, breaking the escape.
  it.each(CORPUS.map((s) => [s.kind, s.name, s] as const))(
    "finds %s: %s on a line of its own in JSON, and the redacted text stays JSON",
    (_kind, _name, s) => {
      const text = JSON.stringify({ type: "final", text: `first line\n${s.text}\nlast line` });
      const redacted = redactText(text);
      expect(() => JSON.parse(redacted) as unknown).not.toThrow();
      for (const secret of s.secrets) expect(redacted).not.toContain(JSON.stringify(secret).slice(1, -1));
    },
  );

  it.each(PLAIN_SAMPLES.map((text) => [text]))("leaves %j alone", (text) => {
    expect(scanText(text)).toEqual([]);
    expect(redactText(text)).toBe(text);
  });
});

describe("private keys made with node:crypto and ssh-keygen", () => {
  it("holds 24 keys of distinct types", () => {
    expect(new Set(CORPUS_PRIVATE_KEYS.map(([name]) => name)).size).toBe(24);
  });

  // Wherever a key falls, across the 4 KB windows secretlint scans in, nothing of it stays.
  it.each(CORPUS_PRIVATE_KEYS)(
    "%s, at every offset around the window edges, is one find, header to footer",
    (_name, pem) => {
      for (const offset of [0, 1, 3000, 3584, 4095, 4096, 7000, 20_000]) {
        const text = `${"z ".repeat(offset / 2)}${offset % 2 === 0 ? "" : "z"}${pem} and then the rest`;
        const keys = scanText(text).filter((span) => span.detector === "private-key");
        expect(keys).toEqual([{ start: offset, end: offset + pem.length, detector: "private-key" }]);
        expect(redactText(text)).toBe(`${text.slice(0, offset)}${REDACTED} and then the rest`);
      }
    },
  );

  it("finds two keys in a row as two finds", () => {
    const [[, first], [, second]] = CORPUS_PRIVATE_KEYS as [[string, string], [string, string]];
    const text = `${first}\n${second}`;
    expect(scanText(text).filter((span) => span.detector === "private-key")).toEqual([
      { start: 0, end: first.length, detector: "private-key" },
      { start: first.length + 1, end: text.length, detector: "private-key" },
    ]);
  });

  it("ends a key cut off before its footer where its body ends, keeping the words after it and a JSON string's quote", () => {
    const cut = "-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIG then words";
    expect(redactText(cut)).toBe(`${REDACTED} then words`);
    const escaped = String.raw`{\"k\":\"-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2Vw\"}`;
    expect(redactText(escaped)).toBe(String.raw`{\"k\":\"${REDACTED}\"}`);
    // A second header before any footer: the first key was cut off, and the footer is the second's.
    const two = "-----BEGIN PRIVATE KEY-----\nAAAA then -----BEGIN PRIVATE KEY-----\nBBBB\n-----END PRIVATE KEY-----";
    expect(redactText(two)).toBe(`${REDACTED} then ${REDACTED}`);
  });
});

describe("financial data", () => {
  it.each([
    ["an IBAN whose check digits are off by one", "DE88 3704 0044 0532 0130 00"],
    ["an IBAN of the wrong length for its country", "DE89 3704 0044 0532 0130 0"],
    ["an IBAN of a country with none", "ZZ89 3704 0044 0532 0130 00"],
    ["a card number failing Luhn", "4111 1111 1111 1121"],
    ["a Luhn-valid number with no issuer's prefix", "1111 1111 1111 1117"],
    ["a card number's digits inside a longer run", "94111111111111111"],
    ["a card number's digits after a decimal point", "0.4111111111111111"],
  ])("leaves %s alone", (_what, text) => {
    expect(scanText(text)).toEqual([]);
  });

  it.each([
    ["DE89370400440532013000", true],
    ["GB82WEST12345698765432", true],
    ["GB82WEST12345698765433", false],
    ["NO9386011117947", true],
  ])("isIban(%s) is %s", (iban, valid) => {
    expect(isIban(iban)).toBe(valid);
  });

  it.each([
    ["4111111111111111", true],
    ["79927398713", true],
    ["79927398710", false],
    ["0", true],
  ])("isLuhn(%s) is %s", (digits, valid) => {
    expect(isLuhn(digits)).toBe(valid);
  });
});

describe("phone numbers by region", () => {
  it("lists the regions whose national numbers are found", () => {
    expect(Object.keys(PHONE_REGIONS).sort()).toEqual(["BR", "CN", "DE", "FR", "GB", "IN", "JP", "US"]);
  });

  it.each([
    // Valid German and British numbers only with the trunk prefix a national number is written with.
    ["a German number without its trunk prefix", "30901820"],
    ["a ten-digit run that is a Brazilian landline only when written with separators", "1234567890"],
    ["a bare run that is a valid US number only after its country code", "12345678901"],
  ])("leaves %s alone", (_what, text) => {
    expect(scanText(text)).toEqual([]);
  });

  it("refuses the Chinese mobile number 13800138000 as tool input", () => {
    expect(findSensitive({ note: "13800138000" })).toEqual(["$.note"]);
  });
});

describe("what issue 19 found passing as tool input", () => {
  const registry = createRegistry([
    defineTool({
      name: "send_note",
      description: "sends a note",
      risk: "idempotent_write",
      input: z.strictObject({ note: z.string() }),
      timeoutMs: 1000,
      execute: async () => ({ sent: true }),
    }),
  ]);
  const call = (note: string) =>
    JSON.stringify({ type: "tool_call", tool: "send_note", arguments: { note }, idempotency_key: "k-1" });
  it.each([
    ["a phone number", "call me on +1 415-555-0132"],
    ["a JWT", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJib2IifQ.c2lnbmF0dXJlLWZha2U"],
    ["a Slack bot token", "xoxb-123456789012-1234567890123-abcdefghijABCDEFGHIJklmn"],
    ["a password assignment", "password=Tr0ub4dor-fake"],
    ["the Chinese mobile number 13800138000", "13800138000"],
    ["a token in YAML", "token: f4k3t0k3n99"],
    ["a token in a URL query", "https://api.example.com/export?token=f4k3t0k3n99"],
    ["a doubly escaped password", String.raw`{\\\"password\\\": \\\"hunter22\\\"}`],
    ["an IBAN", "DE89 3704 0044 0532 0130 00"],
    ["a card number", "4111 1111 1111 1111"],
  ])("refuses %s as sensitive_input", (_what, note) => {
    const result = validatePlannerOutput(registry, call(note));
    expect(result.ok ? null : result.error.code).toBe("sensitive_input");
  });
});

describe("redactText", () => {
  it("replaces only the sensitive stretches and keeps the rest of the text", () => {
    expect(redactText("mail bob@example.org or call +1 415-555-0132 today")).toBe(
      `mail ${REDACTED} or call ${REDACTED} today`,
    );
  });

  it("merges overlapping finds into one replacement", () => {
    expect(redactText("Authorization: Bearer abcdefghijklmnop")).toBe(REDACTED);
  });
});

describe("findSensitive", () => {
  it("finds contact data and credentials in values and sensitive key names, with their paths", () => {
    expect(
      findSensitive({
        note: "write to bob@example.org",
        nested: [{ header: "Bearer abcdefghijklmnop" }],
        password: "hunter2",
        fine: "nothing to see",
      }),
    ).toEqual(["$.note", "$.nested[0].header", "$.password"]);
  });

  it("finds nothing in plain data", () => {
    expect(findSensitive({ table: "sales", limit: 5, rows: ["a", 1, null] })).toEqual([]);
  });
});

describe("redact", () => {
  it("replaces sensitive keys and values and leaves the rest", () => {
    expect(redact({ api_key: "x", note: "mail bob@example.org", table: "sales" })).toEqual({
      api_key: REDACTED,
      note: REDACTED,
      table: "sales",
    });
  });

  it("cuts long strings", () => {
    const out = redact("z".repeat(500));
    expect(typeof out === "string" && out.length < 500).toBe(true);
  });

  it("keeps long strings whole when asked to (a frozen route replays them), still redacting inside arrays", () => {
    const long = "z".repeat(500);
    expect(redact({ rows: [long, "bob@example.org"] }, Infinity)).toEqual({ rows: [long, REDACTED] });
  });

  it("keeps a __proto__ key as plain data instead of changing the prototype", () => {
    const input = JSON.parse('{"__proto__":{"polluted":true}}') as unknown;
    const out = redact(input) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.keys(out)).toEqual(["__proto__"]);
  });
});

describe("findSensitive on long input", () => {
  // Speed is the benchmark's business (the anchored pattern is linear); this pins the answers.
  it("still finds an address after a long run of letters, and nothing in the run alone", () => {
    const long = "a".repeat(20_000);
    expect(findSensitive(long)).toEqual([]);
    expect(findSensitive(`${long} bob@example.com`)).toEqual(["$"]);
    expect(findSensitive(`${long}bob@example.com`)).toEqual(["$"]);
  });

  it("answers on 16 KB runs built to make a backtracking pattern fail slowly", () => {
    // Each run repeats the prefix of a pattern that then never completes; the answers are pinned here, the time in the bench.
    const units = ["eyJa", "xoxb-", "sk-", "1 ", "+1 ", "(1) ", "a@", "password", "://a:", "-----BEGIN "];
    // The private-key, assignment, IBAN, card and phone patterns' prefixes.
    units.push(
      "-----BEGIN PRIVATE KEY-----",
      "-----END PRIVATE KEY-----",
      'token: "',
      "token=\\\\",
      "DE89 ",
      "4111 ",
      "0 ",
    );
    for (const unit of units) {
      const run = unit.repeat(Math.ceil(16_384 / unit.length));
      expect(Array.isArray(scanText(run))).toBe(true);
      expect(scanText(`${run} bob@example.com`).some((s) => s.detector === "email")).toBe(true);
    }
  });
});

describe("scanText's memo", () => {
  it("answers a repeated scan with equal spans that a caller may change without changing the next answer", () => {
    const text = "mail bob@example.com or call +1 415 555 0100";
    const first = scanText(text);
    expect(first.length).toBeGreaterThan(1);
    const again = scanText(text);
    expect(again).toEqual(first);
    again[0] = { ...first[0]!, start: 999 };
    again.pop();
    expect(scanText(text)).toEqual(first);
  });
});

/**
 * Each detector against the form it is written for. A find must run from where the credential's
 * form starts (`from`) through the end of its secret part (`to`): a shorter find would leave part
 * of the secret in the redacted text.
 */
const FOUND: readonly (readonly [detector: string, text: string, from: string, to: string])[] = [
  ["email", "write to dana.fake+reports@mail.example.co.uk today", "dana.fake", "example.co.uk"],
  ["assignment", "login with password=hunter2 today", "password", "hunter2"],
  ["assignment", "user=admin pass=s3cret!x", "pass", "s3cret!x"],
  ["assignment", "password = hunter22", "password", "hunter22"],
  ["assignment", "SECRET_KEY = 'django-insecure-abc'", "SECRET_KEY", "django-insecure-abc"],
  ["assignment", "{ secretKey: 'minio-secret-abc' }", "secretKey", "minio-secret-abc"],
  ["assignment", 'new S3({ secretAccessKey: "notARealKey1" })', "secretAccessKey", "notARealKey1"],
  ["assignment", "aws_secret_access_key = notARealKey1", "secret_access_key", "notARealKey1"],
  // JSON inside a JSON string, as planner output carries it: the quotes come escaped.
  ["assignment", String.raw`{\"password\": \"hunter22\"}`, "password", "hunter22"],
  ["assignment", "GET /v1/data?apikey=abc123&x=1", "apikey", "abc123"],
  ["assignment", 'const accessToken = "abc12345"', "accessToken", "abc12345"],
  ["assignment", "authToken=abc12345", "authToken", "abc12345"],
  ["assignment", "auth_token=abc12345", "auth_token", "abc12345"],
  // RFC 6750: "Bearer" 1*SP b64token.
  ["bearer", "Bearer  fakeBearerToken12345", "Bearer", "fakeBearerToken12345"],
  // RFC 7235: credentials = auth-scheme [ 1*SP token68 ], after optional whitespace.
  ["authorization", "Authorization: Basic dXNlcjpwYXNzd29yZA==", "Authorization", "dXNlcjpwYXNzd29yZA=="],
  ["authorization", "Authorization:Basic dXNlcjpwYXNzd29yZA==", "Authorization", "dXNlcjpwYXNzd29yZA=="],
  ["authorization", "Authorization: Basic  dXNlcjpwYXNzd29yZA==", "Authorization", "dXNlcjpwYXNzd29yZA=="],
  ["authorization", "authorization : Basic dXNlcjpwYXNzd29yZA==", "authorization", "dXNlcjpwYXNzd29yZA=="],
  ["authorization", "Authorization: 0123456789abcdef", "Authorization", "0123456789abcdef"],
  ["url-credentials", "see https://admin:hunter2@internal.example.com/admin now", "https", "hunter2@"],
  ["jwt", "x eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJib2IifQ.c2lnbmF0dXJlLWZha2U y", "eyJ", "c2lnbmF0dXJlLWZha2U"],
  ["api-key", "key sk-abcdefghijklmnop1234 x", "sk-", "mnop1234"],
  ["slack", "use xoxb-1234567890-abcdef end", "xoxb", "abcdef"],
  ["slack", "xoxp-1234567890-abcdef", "xoxp", "abcdef"],
  ["github", "token ghp_abcdefghijklmnopqrstuvwxyz0123456789 x", "ghp_", "0123456789"],
  ["aws-key-id", "id AKIAZ7QX3MPLE4FAKE12 here", "AKIA", "FAKE12"],
  ["cookie-header", "Cookie: session=abc123; theme=dark", "Cookie", "theme=dark"],
  ["cookie-header", "Set-Cookie: id=a3fWa; Secure\nnext line", "Set-Cookie", "Secure"],
  ["cookie-header", "Cookie : session=abc", "Cookie", "session=abc"],
  // Cut off before its footer: found through the end of its body.
  ["private-key", "-----BEGIN EC PRIVATE KEY-----\nMHcCAQEE", "-----BEGIN", "MHcCAQEE"],
  [
    "private-key",
    "k -----BEGIN PRIVATE KEY-----\nMC4CAQ\n-----END PRIVATE KEY----- done",
    "-----BEGIN",
    "END PRIVATE KEY-----",
  ],
  ["libphonenumber", "call (415) 555-0132", "(415)", "0132"],
  ["libphonenumber", "phone: 415-555-0132", "415", "0132"],
  ["libphonenumber", "US dotted 1.415.555.0132", "1.415", "0132"],
  ["libphonenumber", "Paris +33 1.23.45.67.89", "+33", "89"],
  ["libphonenumber", "London +44 (20) 79 46 09 58", "+44", "58"],
  // A URL must percent-encode a double quote (RFC 3986): one ends the find.
  [
    "secretlint:database-connection-string",
    'psql "postgres://report_user:S3cretPassw0rd@db.example.com/sales" -c "select 1"',
    "postgres",
    "sales",
  ],
  ["secretlint:npm", "//registry.npmjs.org/:_authToken=npm_abcdefghijklmnopqrstuvwxyz0123456789", "npm_", "0123456789"],
];

describe("what each detector finds, and how far", () => {
  it.each(FOUND)("%s finds %j", (detector, text, from, to) => {
    const start = text.indexOf(from);
    const end = text.lastIndexOf(to) + to.length;
    expect(scanText(text).filter((span) => span.detector === detector)).toEqual([{ start, end, detector }]);
    expect(redactText(text)).not.toContain(to);
  });
});

describe("sensitive key names", () => {
  // Each is how some real API or config names a credential or contact field; the values say nothing.
  it.each([
    "pass",
    "passwd",
    "apikey",
    "api-key",
    "authorization",
    "authorisation",
    "privatekey",
    "private_key",
    "email",
    "e-mail",
  ])("%s", (key) => {
    expect(findSensitive({ [key]: "x" })).toEqual([`$.${key}`]);
    expect(redact({ [key]: "x" })).toEqual({ [key]: REDACTED });
  });
});

describe("scanText's order", () => {
  it("lists finds by start, the longest first among those that start together", () => {
    const text = "see https://admin:hunter2@internal.example.com/admin now";
    const spans = scanText(text);
    const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end);
    expect(spans).toEqual(sorted);
    // Two finds start at the URL: secretlint's (through the host) and the credentials pattern's (through `@`).
    expect(spans.filter((s) => s.start === text.indexOf("https")).map((s) => s.end)).toEqual([
      text.lastIndexOf("/admin"),
      text.indexOf("internal"),
    ]);
  });
});

describe("scanText's order among finds found in a different order", () => {
  it("lists an e-mail-to-SMS address before the phone number it starts with", () => {
    // The phone scanner runs before the e-mail pattern; the longer find still comes first.
    const text = "text 4155550132@vtext.com";
    expect(scanText(text)).toEqual([
      { start: 5, end: text.length, detector: "email" },
      { start: 5, end: 15, detector: "libphonenumber" },
    ]);
  });
});

describe("redactText with a find inside another", () => {
  it("keeps the text after the outer find, once", () => {
    expect(redactText("see https://admin:hunter2@internal.example.com/admin now")).toBe(`see ${REDACTED}/admin now`);
  });
});

describe("redact on data that is not a string", () => {
  it("keeps numbers, booleans and null as they are, in objects and arrays", () => {
    expect(redact({ limit: 5, ok: true, none: null, rows: [1, false, null] })).toEqual({
      limit: 5,
      ok: true,
      none: null,
      rows: [1, false, null],
    });
    expect(redact(5)).toBe(5);
    expect(redact(null)).toBe(null);
  });

  it("cuts a string only when it is longer than the limit, keeping the head and the length", () => {
    expect(redact("z".repeat(200))).toBe("z".repeat(200));
    const cut = redact("z".repeat(201));
    expect(typeof cut === "string" && cut.startsWith("z".repeat(200)) && cut.includes("201")).toBe(true);
    expect(cut).not.toBe("z".repeat(201));
  });

  it("returns an ordinary object a caller may change", () => {
    const out = redact({ table: "sales", note: "ok" }) as Record<string, unknown>;
    out.table = "orders";
    delete out.note;
    expect(out).toEqual({ table: "orders" });
  });
});

describe("values JSON does not carry", () => {
  // A function is dropped by JSON.stringify, so nothing of it reaches a trace or a checkpoint: its
  // properties are not paths of the data.
  it("findSensitive does not walk into a function's properties", () => {
    expect(findSensitive({ run: Object.assign(() => 1, { password: "hunter2" }) })).toEqual([]);
  });
});

describe("redacting planner output", () => {
  // Validation parses the redacted text (facts.ts): a find that ate a quote would turn a refused
  // call (`sensitive_input`) into `malformed_json`.
  it.each([...SENSITIVE_SAMPLES.map(([, text]) => text), ...FOUND.map(([, text]) => text)])(
    "keeps a tool call holding %j valid JSON",
    (text) => {
      const raw = JSON.stringify({ type: "tool_call", tool: "run_shell", arguments: { command: text } });
      expect(() => JSON.parse(redactText(raw)) as unknown).not.toThrow();
    },
  );
});
