/**
 * The detector's corpus: texts that must be found (credentials, keys, contact and financial data,
 * each a fake) and texts that must not (ordinary tool input and answers that look a little alike).
 * Each sample names its kind and the parts of it that redaction must remove. The private keys
 * (`sensitive-corpus-keys.ts`) were made for this corpus and guard nothing.
 */
import { CORPUS_PRIVATE_KEYS } from "./sensitive-corpus-keys.js";

/** The kinds of sensitive data the project claims to find; evidence/sensitive-corpus-v1.json reports each. */
export const SENSITIVE_KINDS = [
  "private-key",
  "token",
  "assignment",
  "auth-header",
  "connection-url",
  "email",
  "phone",
  "financial",
] as const;
export type SensitiveKind = (typeof SENSITIVE_KINDS)[number];

/** A text that must be found, and the parts of it (all of them when none is named) redaction must remove. */
export type CorpusSample = {
  readonly kind: SensitiveKind;
  readonly name: string;
  readonly text: string;
  readonly secrets: readonly string[];
};

const sample = (kind: SensitiveKind, name: string, text: string, ...secrets: string[]): CorpusSample => ({
  kind,
  name,
  text,
  secrets: secrets.length > 0 ? secrets : [text],
});

/** Every line of a key, header and footer included, must go. */
const keyLines = (pem: string) => pem.split("\n").filter((line) => line.length > 0);
// Ordinary prose around a key, long enough that the key straddles the 4 KB windows secretlint scans in.
const FILLER = "The weekly report lists the new rows of the sales table. ".repeat(70);

const privateKeySamples = CORPUS_PRIVATE_KEYS.flatMap(([name, pem]) => [
  sample("private-key", name, pem, ...keyLines(pem)),
  sample("private-key", `${name}, inside a large text`, `${FILLER}${pem}\n${FILLER}`, ...keyLines(pem)),
  // As a tool call's arguments carry it: line breaks escaped once, and again in JSON inside a JSON string.
  sample("private-key", `${name}, in JSON`, JSON.stringify({ note: pem }), ...keyLines(pem)),
  sample("private-key", `${name}, in escaped JSON`, JSON.stringify(JSON.stringify({ key: pem })), ...keyLines(pem)),
]);

export const CORPUS: readonly CorpusSample[] = [
  ...privateKeySamples,
  sample("private-key", "a key cut off before its footer", "-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA", "MIIEpAIBAAKCAQEA"),
  sample("private-key", "a header alone", "-----BEGIN OPENSSH PRIVATE KEY-----"),
  sample("token", "slack bot token", "xoxb-123456789012-1234567890123-abcdefghijABCDEFGHIJklmn"),
  sample("token", "slack user token", "use xoxp-123456789012-123456789012-123456789012-0123456789abcdef0123456789abcdef", "xoxp-123456789012-123456789012-123456789012-0123456789abcdef0123456789abcdef"),
  sample("token", "slack webhook", "https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX", "XXXXXXXXXXXXXXXXXXXXXXXX"),
  sample("token", "github classic token", "ghp_abcdefghijklmnopqrstuvwxyz0123456789"),
  sample("token", "github oauth token", "token gho_ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", "gho_ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"),
  sample("token", "github fine-grained", `github_pat_11ABCDEFG0123456789abc_${"Z9".repeat(29)}y`),
  sample("token", "github fine-grained, shorter body", "pat github_pat_11AAAAAAA0abcdefghijklm_abcdefghijklmnopqrstuvwxyz0123456789 here", "github_pat_11AAAAAAA0abcdefghijklm_abcdefghijklmnopqrstuvwxyz0123456789"),
  sample("token", "github token spelled in \\u escapes", String.raw`{"auth":"\u0067hp_abcdefghijklmnopqrstuvwxyz0123456789"}`, "ghp_abcdefghijklmnopqrstuvwxyz0123456789", String.raw`\u0067hp_abcdefghijklmnopqrstuvwxyz0123456789`),
  sample("token", "github token spelled in escapes, JSON inside JSON", String.raw`{"body":"{\"auth\":\"\\u0067hp_abcdefghijklmnopqrstuvwxyz0123456789\"}"}`, "ghp_abcdefghijklmnopqrstuvwxyz0123456789", "hp_abcdefghijklmnopqrstuvwxyz0123456789"),
  sample("token", "npm token", "npm_abcdefghijklmnopqrstuvwxyz0123456789"),
  sample("token", "anthropic key", `sk-ant-api03-${"a".repeat(93)}AA`),
  sample("token", "openai-style key", "sk-proj-4f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c"),
  sample("token", "stripe-style secret", "sk-live_51Habcdefghijklmnopqrstuvwx"),
  sample("token", "aws access key id", "AKIAZ7QX3MPLE4FAKE12"),
  sample("token", "aws session key id", "ASIAZ7QX3MPLE4FAKE12"),
  sample("token", "sendgrid key", "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"),
  sample("token", "sendgrid key with - and _", "key SG.ngeVfQFYQlKU0ufo8x5d1A.TwL2iGABf9DHoTf-09kqeF8tAmbihYzrnopKc-1s5c_r end", "SG.ngeVfQFYQlKU0ufo8x5d1A.TwL2iGABf9DHoTf-09kqeF8tAmbihYzrnopKc-1s5c_r"),
  sample("token", "jwt", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJib2IifQ.c2lnbmF0dXJlLWZha2U"),
  sample("token", "jwt in a sentence", "session eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJ1aWQiOjQyfQ.abcdEFGHijkl is live", "eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJ1aWQiOjQyfQ.abcdEFGHijkl"),
  sample("assignment", "aws secret access key", 'AWS_SECRET_ACCESS_KEY="wJalrXUtnFEMI/K7MDENG/bPxRfiCYzFAKEKEY12"', "wJalrXUtnFEMI/K7MDENG/bPxRfiCYzFAKEKEY12"),
  sample("assignment", "password assignment", "password=Tr0ub4dor-fake", "Tr0ub4dor-fake"),
  sample("assignment", "password in json", '{"password": "correct horse battery"}', "correct", "horse battery"),
  sample("assignment", "password in yaml", 'db:\n  password: "correct horse battery"\n', "correct", "horse battery"),
  sample("assignment", "pwd colon", "pwd: s3cr3t!x", "s3cr3t!x"),
  sample("assignment", "api key assignment", "api_key=4f9a8b7c6d5e", "4f9a8b7c6d5e"),
  sample("assignment", "apikey in yaml", "service:\n  apiKey: 7d9c1e5b3a\n", "7d9c1e5b3a"),
  sample("assignment", "client secret", "client_secret: 'abc123def456'", "abc123def456"),
  sample("assignment", "secret in json", '{"secret":"q8Zr2LmX"}', "q8Zr2LmX"),
  sample("assignment", "django secret key", "SECRET_KEY = 'django-insecure-abc'", "django-insecure-abc"),
  sample("assignment", "aws sdk config", 'new S3({ accessKeyId: "id", secretAccessKey: "notARealKey1" })', "notARealKey1"),
  sample("assignment", "api key in a query", "GET /v1/data?apikey=abc123&x=1", "abc123"),
  sample("assignment", "token in a query", "https://api.example.com/export?format=csv&token=f4k3t0k3n99", "f4k3t0k3n99"),
  sample("assignment", "token in yaml", "auth:\n  token: f4k3t0k3n99\n", "f4k3t0k3n99"),
  sample("assignment", "token in json", '{"token": "f4k3t0k3n99"}', "f4k3t0k3n99"),
  sample("assignment", "access token assignment", "ACCESS_TOKEN=ya29.a0AfH6SMBfake", "ya29.a0AfH6SMBfake"),
  sample("assignment", "refresh token in json", '{"refresh_token":"rt-0f1e2d3c"}', "rt-0f1e2d3c"),
  sample("assignment", "password in escaped json", String.raw`{\"password\": \"hunter22 x\"}`, "hunter22 x"),
  sample("assignment", "password in doubly escaped json", String.raw`{\\\"password\\\": \\\"hunter22 x\\\"}`, "hunter22 x"),
  sample("assignment", "token in escaped json", JSON.stringify(JSON.stringify({ auth: { token: "f4k3t0k3n99" } })), "f4k3t0k3n99"),
  sample("assignment", "secret three levels deep", JSON.stringify(JSON.stringify(JSON.stringify({ secret: "q8Zr2LmX" }))), "q8Zr2LmX"),
  sample("auth-header", "bearer header", "Authorization: Bearer abcdefghijklmnop", "abcdefghijklmnop"),
  sample("auth-header", "bearer alone", "bearer fakeBearerToken12345", "fakeBearerToken12345"),
  sample("auth-header", "basic auth header", "Authorization: Basic dXNlcjpwYXNzd29yZA==", "dXNlcjpwYXNzd29yZA=="),
  sample("auth-header", "cookie header", "Cookie: session=abc123", "abc123"),
  sample("auth-header", "set-cookie header", "Set-Cookie: id=a3fWa; Secure", "a3fWa"),
  sample("connection-url", "basic auth url", "https://admin:hunter2@internal.example.com/admin", "hunter2"),
  sample("connection-url", "database url", "postgres://report_user:S3cretPassw0rd@db.example.com:5432/sales", "S3cretPassw0rd"),
  sample("connection-url", "mongodb url", "mongodb+srv://app:pa55word@cluster0.example.net/prod", "pa55word"),
  sample("email", "email", "write to bob@example.org", "bob@example.org"),
  sample("email", "email with plus", "dana.fake+reports@mail.example.co.uk"),
  sample("email", "email alone", "ops@example.com"),
  sample("email", "email in a mailto link", "<a href=\"mailto:li.wei@example.cn\">", "li.wei@example.cn"),
  sample("email", "email in json", '{"to":"bob@example.org"}', "bob@example.org"),
  sample("email", "email, IDN domain", "write to josé@bücher.de today", "josé@bücher.de"),
  sample("email", "email, non-Latin domain", '{"to":"li.wei@例え.jp"}', "li.wei@例え.jp"),
  sample("email", "email, IDN domain spelled in \\u escapes", String.raw`{"to":"jos\u00e9@b\u00fccher.de"}`, "josé@bücher.de", String.raw`jos\u00e9@b\u00fccher.de`),
  ...phoneSamples(),
  sample("financial", "IBAN DE, grouped", "pay to DE89 3704 0044 0532 0130 00 today", "3704 0044 0532 0130"),
  sample("financial", "IBAN GB", "GB82 WEST 1234 5698 7654 32", "1234 5698 7654"),
  sample("financial", "IBAN FR", "IBAN: FR14 2004 1010 0505 0001 3M02 606", "2004 1010 0505 0001 3M02 606"),
  sample("financial", "IBAN NL, whole", "NL91ABNA0417164300"),
  sample("financial", "IBAN ES in json", '{"iban":"ES9121000418450200051332"}', "ES9121000418450200051332"),
  sample("financial", "Visa, grouped", "card 4111 1111 1111 1111 exp 12/29", "4111 1111 1111 1111"),
  sample("financial", "Visa, whole", "4242424242424242"),
  sample("financial", "Mastercard", "5555 5555 5555 4444"),
  sample("financial", "Mastercard 2-series", "2223003122003222"),
  sample("financial", "American Express", "3782 822463 10005"),
  sample("financial", "Discover, dashes", "6011-1111-1111-1117"),
  sample("financial", "JCB", "3530111333300000"),
  sample("financial", "UnionPay", "6200000000000005"),
  sample("financial", "Diners Club", "3056 9309 0259 04"),
]; // prettier-ignore

function phoneSamples(): CorpusSample[] {
  // [region, national form, international form]: each written the way its region writes it.
  const numbers: readonly (readonly [string, string, string])[] = [
    ["CN mobile", "13800138000", "+86 138 0013 8000"],
    ["CN mobile, grouped", "138 0013 8000", "+8613800138000"],
    ["CN landline", "010 6552 9988", "+86 10 6552 9988"],
    ["US", "(415) 555-0132", "+1 415-555-0132"],
    ["US dotted", "415.555.0132", "+1.415.555.0132"],
    ["US with trunk prefix", "1.415.555.0132", "+1 (212) 555-0199"],
    ["GB landline", "020 7946 0958", "+44 20 7946 0958"],
    ["GB mobile", "07911 123456", "+44 7911 123456"],
    ["DE landline", "030 901820", "+49 30 901820"],
    ["DE mobile", "0151 23456789", "+49 151 23456789"],
    ["FR landline", "01 23 45 67 89", "+33 1 23 45 67 89"],
    ["FR mobile", "06 12 34 56 78", "+33 6.12.34.56.78"],
    ["IN mobile", "98765 43210", "+91 98765 43210"],
    ["IN landline", "011 2345 6789", "+91 11 2345 6789"],
    ["JP landline", "03-1234-5678", "+81 3-1234-5678"],
    ["JP mobile", "090-1234-5678", "+81 90-1234-5678"],
    ["BR mobile", "(11) 91234-5678", "+55 11 91234-5678"],
    ["BR landline", "(21) 2345-6789", "+55 21 2345-6789"],
  ];
  // Other claimed spellings: the international prefix 00 for "+", and no-break spaces between the groups.
  const spelled: readonly (readonly [string, string])[] = [
    ["GB landline, 00 prefix", "0044 20 7946 0958"],
    ["GB mobile, 00 prefix", "0044 7911 123456"],
    ["DE landline, 00 prefix spaced", "00 49 30 901820"],
    ["GB landline, no-break spaces", "020\u00a07946\u00a00958"],
    ["GB international, no-break spaces", "+44\u00a020\u00a07946\u00a00958"],
    ["FR mobile, narrow no-break spaces", "+33\u202f6\u202f12\u202f34\u202f56\u202f78"],
  ];
  return [
    ...numbers.flatMap(([name, national, international]) => [
      sample("phone", `${name}, national`, `call ${national} today`, national),
      sample("phone", `${name}, international`, `{"note":"reach me at ${international}"}`, international),
    ]),
    ...spelled.map(([name, written]) => sample("phone", name, `call ${written} today`, written)),
  ];
}

/** The corpus as [name, text] pairs. */
export const SENSITIVE_SAMPLES: readonly (readonly [name: string, text: string])[] = CORPUS.map((s) => [
  s.name,
  s.text,
]);

export const PLAIN_SAMPLES: readonly string[] = [
  "Summarise the sales table and share the report.",
  "hello world",
  "signups grow 3 a week",
  "order 1234567890",
  "2024-01-01",
  "2024-01-01T12:30:45Z",
  "version 1.2.3",
  "v20.20.2",
  "12:30:45",
  "count 100000 rows",
  "ticket #20240101",
  "revenue: 1,234,567.89 USD",
  "the token budget is 4096",
  "max tokens: 100",
  "password reset flow documented in the wiki",
  "the secret sauce is patience",
  "use the team audience",
  "art_weekly",
  "weekly-report.md",
  "https://example.com/reports/weekly",
  "http://localhost:5173/",
  "see docs at https://docs.example.org/a/b?c=d",
  "sk-short",
  "skill set",
  "task-1234",
  "AKIA",
  "bearer of good news",
  "a basic approach",
  "cookies are baked at 180 degrees",
  "email the team lead",
  "phone it in",
  "@mention someone",
  "user@",
  "x@y",
  "sha256 0f3c9a2b7d1e4f5a6b8c9d0e1f2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c",
  "uuid 123e4567-e89b-12d3-a456-426614174000",
  "idempotency key write-003",
  "ratio 3.14159",
  "IPv4 192.168.1.10",
  // An IPv4 address whose ten digits also form a valid US number (212 255 5019).
  "server at 212.255.50.19",
  // Single digits with a separator between each: a list, not a written phone number.
  "digits 4 1 5 5 5 5 0 1 3 2",
  "matrix 1 2 3 4 5 6",
  "-----BEGIN CERTIFICATE-----",
  "-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEAGb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE=\n-----END PUBLIC KEY-----",
  "eyJ is how base64 JSON starts",
  '{"type":"final","text":"published"}',
  '{"type":"tool_call","tool":"read_table","arguments":{"table":"sales","limit":5}}',
  // Numbers that are valid phone numbers somewhere only when read without their trunk prefix or separators.
  "epoch 1700000000",
  "epoch ms 1700000000000",
  "id 20240101123045",
  "batch 1234567890123",
  "total 4111.11 EUR",
  // Fails the Luhn check by one digit; the IBAN fails mod-97 by one digit.
  "ref 4111111111111112",
  "DE89 3704 0044 0532 0130 01",
  "token_count: 42",
  "tokens=5",
  "the secret_santa list",
  // Runs of digits after a 00 that no country's numbers fit.
  "invoice 00012345",
  "code 0000 1234",
  "build 00 1 2",
];
