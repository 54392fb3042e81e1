/** The server's and the approver's command lines: clear help, and exit 2 with a clear error on bad usage. */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { approvePending, verifyApprovalToken, type PendingApproval } from "../contract/index.js";
import { approveMain } from "./approve-main.js";
import { parseServerFlags, readSecret } from "./cli.js";
import { DEFAULT_MAX_FRAME_BYTES } from "./frame-check.js";
import { DEFAULT_MAX_SESSIONS, DEFAULT_SESSION_IDLE_MS } from "./http-sessions.js";
import { claimStoreKey, keyFileFor, keyIdOf, openDatabase } from "../durable/index.js";
import { main } from "./server-main.js";
import { MCP_STORE_SCOPE } from "./server-start.js";

/** Runs `main` as the process would, capturing what it writes. */
const run = async (argv: string[], env: NodeJS.ProcessEnv = {}) => {
  let [stdout, stderr] = ["", ""];
  const code = await main(argv, env, { out: (t) => void (stdout += t), err: (t) => void (stderr += t) });
  return { code, stdout, stderr };
};

describe("npm run mcp", () => {
  it("prints its usage for --help and exits 0 without serving", async () => {
    const { code, stdout } = await run(["--help"]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Usage: npm run --silent mcp/);
    for (const flag of [
      "--audit-log PATH",
      "--world-file PATH",
      "--max-frame-bytes N",
      "--max-sessions N",
      "--session-idle-ms N",
      "AGENT_HARNESS_APPROVAL_SECRET",
    ])
      expect(stdout).toContain(flag);
  });

  it.each([
    [["--audit-logg", "x"], {}, "--audit-logg"],
    [["--max-frame-bytes", "1k"], {}, "--max-frame-bytes"],
    [[], { AGENT_HARNESS_APPROVAL_SECRET: "short" }, "at least 16 characters"],
    [["--store", "memory", "--audit-log", "/nonexistent-dir/audit.jsonl"], {}, "ENOENT"],
  ])("exits 2 for %j with a clear error and nothing on stdout", async (argv, env, message) => {
    const { code, stdout, stderr } = await run(argv, env);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toContain(message);
    expect(stderr).toContain("--help");
  });
});

describe("npm run mcp: the key it seals and approves with", () => {
  const scratch = mkdtempSync(join(tmpdir(), "agent-harness-cli-key-"));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  const [keyA, keyB] = ["first-server-key-0123456789", "second-server-key-0123456789"];

  it("refuses a store sealed under another key with store_key_mismatch, naming both key ids and neither key", async () => {
    const path = join(scratch, "claimed.sqlite");
    const db = openDatabase({ kind: "sqlite", path });
    if (!db.ok) throw db.error;
    expect(claimStoreKey(db.value, MCP_STORE_SCOPE, keyIdOf(keyA)).ok).toBe(true);
    db.value.close();
    const { code, stdout, stderr } = await run(["--store", `sqlite:${path}`], { AGENT_HARNESS_APPROVAL_SECRET: keyB });
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toContain("store_key_mismatch");
    expect(stderr).toContain(keyIdOf(keyA));
    expect(stderr).toContain(keyIdOf(keyB));
    expect(stderr).not.toContain(keyA);
    expect(stderr).not.toContain(keyB);
  });

  it("refuses a key file beside the store that others may read", async () => {
    const path = join(scratch, "exposed.sqlite");
    writeFileSync(keyFileFor(path), `${keyA}\n`, { mode: 0o644 });
    chmodSync(keyFileFor(path), 0o644);
    const { code, stderr } = await run(["--store", `sqlite:${path}`]);
    expect(code).toBe(2);
    expect(stderr).toContain("chmod 600");
    expect(stderr).not.toContain(keyA);
  });

  it("refuses a postgres store without a configured secret, which servers on other machines could not share", async () => {
    const { code, stderr } = await run(["--store", "postgres://nobody@127.0.0.1:1/none"]);
    expect(code).toBe(2);
    expect(stderr).toContain("needs AGENT_HARNESS_APPROVAL_SECRET");
  });
});

describe("parseServerFlags", () => {
  it("reads every flag, with defaults", () => {
    expect(parseServerFlags([])).toEqual({
      ok: true,
      value: {
        help: false,
        auditLog: null,
        worldFile: null,
        maxFrameBytes: DEFAULT_MAX_FRAME_BYTES,
        http: null,
        store: null,
        spentJournal: null,
        acceptRestore: false,
        maxSessions: DEFAULT_MAX_SESSIONS,
        sessionIdleMs: DEFAULT_SESSION_IDLE_MS,
      },
    });
    const given = ["--audit-log", "a.jsonl", "--world-file=w.json", "--max-frame-bytes", "4096"];
    const limits = ["--max-sessions", "7", "--session-idle-ms", "60000"];
    expect(parseServerFlags([...given, ...limits])).toEqual({
      ok: true,
      value: {
        help: false,
        auditLog: "a.jsonl",
        worldFile: "w.json",
        maxFrameBytes: 4096,
        http: null,
        store: null,
        spentJournal: null,
        acceptRestore: false,
        maxSessions: 7,
        sessionIdleMs: 60_000,
      },
    });
  });

  it("reads --http as [HOST:]PORT, loopback by default", () => {
    const http = (text: string) => {
      const parsed = parseServerFlags(["--http", text]);
      return parsed.ok ? parsed.value.http : parsed.error.message;
    };
    expect(http("8080")).toEqual({ host: "127.0.0.1", port: 8080 });
    expect(http("0.0.0.0:9000")).toEqual({ host: "0.0.0.0", port: 9000 });
    expect(http("[::1]:9000")).toEqual({ host: "::1", port: 9000 });
    expect(http("70000")).toMatch(/port from 0 to 65535/);
    expect(http("host:")).toMatch(/\[HOST:\]PORT/);
  });

  it.each([
    [["--audit-log"], /argument missing/],
    [["--max-frame-bytes", "12"], /--max-frame-bytes must be from 1024 .*\(out_of_range\)/],
    [["--max-frame-bytes", "1e6"], /whole number/],
    [["--audit-log", ""], /--audit-log needs a value.*\(flag_empty\)/],
    [["--store", "memory", "--store", "memory"], /--store is given more than once \(flag_repeated\)/],
    [["--session-idle-ms", "2147483648"], /--session-idle-ms must be from 1000 to 2147483647/],
    [["--max-sessions", "0"], /--max-sessions must be from 1 to .*\(out_of_range\)/],
    [["--max-sessions", "ten"], /--max-sessions takes a whole number.*\(bad_number\)/],
    [["--session-idle-ms", "999"], /--session-idle-ms must be from 1000/],
    [["serve"], /positional/],
  ])("refuses %j", (argv, message) => {
    const parsed = parseServerFlags(argv);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error.message).toMatch(message);
  });

  it("takes the approval secret from the environment and refuses a short one", () => {
    expect(readSecret({})).toEqual({ ok: true, value: null });
    expect(readSecret({ AGENT_HARNESS_APPROVAL_SECRET: "short" }).ok).toBe(false);
    expect(readSecret({ AGENT_HARNESS_APPROVAL_SECRET: "a-long-enough-secret" })).toEqual({
      ok: true,
      value: "a-long-enough-secret",
    });
  });
});

describe("approve-main", () => {
  const env = { AGENT_HARNESS_APPROVAL_SECRET: "approver-test-secret" };
  const pending: PendingApproval = {
    tool: "publish_report",
    args: { artifact: "art_a", audience: "team" },
    args_digest: "d".repeat(64),
    idempotency_key: "k",
    nonce: "n1",
    requested_at: 5,
  };
  const answer = JSON.stringify({
    status: "approval_required",
    code: "approval_required",
    session_id: "s1",
    tool: "publish_report",
    pending,
  });

  it("signs the pending call of an approval_required answer exactly as approvePending does", async () => {
    const { code, out } = await approveMain(["--answer", answer, "--ttl-ms", "1000"], env, 100);
    expect(code).toBe(0);
    expect(out.trim()).toBe(approvePending(pending, "s1", env.AGENT_HARNESS_APPROVAL_SECRET, 100, 1000));
    expect(
      verifyApprovalToken(
        out.trim(),
        { pending, session_id: "s1", now: 1100, used: [] },
        env.AGENT_HARNESS_APPROVAL_SECRET,
      ).ok,
    ).toBe(true);
  });

  it("signs with the key the server keeps beside its SQLite store when no secret is set", async () => {
    const dir = mkdtempSync(join(tmpdir(), "agent-harness-approve-key-"));
    try {
      const store = join(dir, "mcp.sqlite");
      writeFileSync(keyFileFor(store), "the-server-kept-key-0123\n", { mode: 0o600 });
      const { code, out } = await approveMain(["--answer", answer], { AGENT_HARNESS_STORE: `sqlite:${store}` }, 100);
      expect(code).toBe(0);
      expect(out.trim()).toBe(approvePending(pending, "s1", "the-server-kept-key-0123", 100));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each([
    [["--answer", answer], { AGENT_HARNESS_STORE: "sqlite:/nonexistent-dir/mcp.sqlite" }, /unset and .*ENOENT/],
    [["--answer", answer], { AGENT_HARNESS_STORE: "memory" }, /unset and the server's store keeps no key file/],
    [["--answer", "{}"], env, /approval_required answer/],
    [["--answer", answer, "--ttl-ms", "0"], env, /--ttl-ms must be from 1 to .*\(out_of_range\)/],
    [["--answer", answer, "--answer", answer], env, /flag_repeated/],
    [["--nonce", "x"], env, /Unknown option/],
  ])("exits 2 for %j", async (argv, environment, message) => {
    const { code, out } = await approveMain(argv, environment);
    expect(code).toBe(2);
    expect(out).toMatch(message);
  });
});
