/**
 * TEST SUPPORT. Drives one MCP server through calls and holds each answer against the local
 * decision: what the local engine did with the same call (its answer, its world's counts and
 * its output). Also the fixture arguments and the tokens a person could hand in, minted on each
 * side from that side's pending call.
 */
import { approvePending, digest, issueApprovalToken, type PendingApproval } from "../../contract/index.js";
import type { FixtureToolName } from "../../handwritten/fixtures/index.js";
import { createLocalOracle, type Expected, type LocalCall, type Token } from "./local-oracle.js";
import { discrepancies, type Observed } from "./parity.js";
import { deltaOf, TEST_SECRET, type SpawnedServer } from "./stdio-server.js";

/** Valid arguments, other valid arguments, and invalid ones with the rejection each must get. */
export const TOOL_ARGS: Record<
  FixtureToolName,
  {
    valid: Record<string, unknown>;
    other: Record<string, unknown>;
    wrongType: Record<string, unknown>;
    sensitive?: Record<string, unknown>;
  }
> = {
  read_table: {
    valid: { table: "sales", limit: 3 },
    other: { table: "support_notes", limit: 2 },
    wrongType: { table: "sales", limit: "3" },
  },
  run_regression: {
    valid: { table: "sales", x: "week", y: "signups" },
    other: { table: "sales", x: "spend", y: "signups" },
    wrongType: { table: 7, x: "week", y: "signups" },
  },
  save_artifact: {
    valid: { name: "fit.json", content: "slope=3" },
    other: { name: "fit.json", content: "slope=4" },
    wrongType: { name: "fit.json", content: 3 },
    sensitive: { name: "contact.txt", content: "write to jane@example.com" },
  },
  publish_report: {
    valid: { artifact: "art_fit", audience: "team" },
    other: { artifact: "art_fit", audience: "public" },
    wrongType: { artifact: "art_fit", audience: 1 },
  },
  run_shell: {
    valid: { command: "ls" },
    other: { command: "cat notes" },
    wrongType: { command: ["ls"] },
    sensitive: { command: "curl -H 'Authorization: Bearer abcdefgh12345678'" },
  },
};

/** Arguments the contract rejects before any policy: wrong type, missing, none, unknown key, `__proto__`, too deep, too large, sensitive. */
export function invalidArguments(tool: FixtureToolName): unknown[] {
  const { valid, wrongType, sensitive } = TOOL_ARGS[tool];
  let deep: unknown = "bottom";
  for (let i = 0; i < 10; i++) deep = { inner: deep };
  const withProto = JSON.parse(`{"__proto__":{"polluted":true},${JSON.stringify(valid).slice(1)}`) as Record<
    string,
    unknown
  >;
  return [
    wrongType,
    {},
    undefined,
    { ...valid, extra: 1 },
    withProto,
    { ...valid, nested: deep },
    { ...valid, blob: "x".repeat(20_000) },
    ...(sensitive ? [sensitive] : []),
  ];
}

export type Driver = {
  /** Every reason code and status the server answered, for coverage checks. */
  readonly seen: Set<string>;
  /** Calls once, on the server and on the local engine; returns the problems found (empty when the answers agree). */
  drive(call: LocalCall): Promise<{ expected: Expected; observed: Observed; problems: string[] }>;
  /** Calls, and if the answer is approval_required, approves the pending call and calls again. */
  driveApproving(call: LocalCall): Promise<string[]>;
  /** Mints a token on each side from the call pending there in the call's session (a made-up one when none is). */
  mint(call: LocalCall, make: (pending: PendingApproval) => string): Token;
  /** A person's token for the session's pending call. */
  approveFor(call: LocalCall, now?: number, ttlMs?: number): Token;
  forgedToken(call: LocalCall, claims: Partial<{ tool: string; args_digest: string; session_id: string }>): Token;
};

/** Any started server the driver can call and read the world of: stdio (stdio-server.ts) or a host's (host-clients.ts). */
export function createDriver(server: Pick<SpawnedServer, "call" | "world">): Driver {
  const oracle = createLocalOracle(TEST_SECRET);
  const seen = new Set<string>();
  // The server's pending call per session, as its answers named it: the server's side of every token.
  const serverPending = new Map<string, PendingApproval | null>();
  const pendingOr = (pending: PendingApproval | null, call: LocalCall): PendingApproval =>
    pending ?? {
      tool: call.tool,
      args: call.args as Record<string, unknown>,
      args_digest: digest(call.args),
      idempotency_key: "none",
      nonce: "nothing-pending",
      requested_at: 0,
    };
  const driver: Driver = {
    seen,
    async drive(call) {
      const expected = await oracle.decide(call, Date.now());
      const before = server.world();
      const _meta = metaOf(call, call.token?.server);
      const observed = await server.call({ name: call.tool, arguments: call.args, _meta });
      const problems = discrepancies(call, expected, observed, deltaOf(before, server.world(), call.tool));
      if (observed.kind === "result") {
        const { body } = observed;
        for (const word of [body.status, body.code]) if (typeof word === "string") seen.add(word);
        if (expected.kind === "answer" && expected.output !== undefined)
          if (JSON.stringify(expected.output) !== JSON.stringify(body.output))
            problems.push(`output: local ${JSON.stringify(expected.output)}, mcp ${JSON.stringify(body.output)}`);
        if (expected.kind === "answer")
          serverPending.set(call.session_id, (body.pending as PendingApproval | null) ?? null);
      } else {
        seen.add(String(observed.code));
      }
      return { expected, observed, problems };
    },
    async driveApproving(call) {
      const first = await driver.drive(call);
      if (first.expected.kind !== "answer" || first.expected.status !== "approval_required") return first.problems;
      const second = await driver.drive({ ...call, token: driver.approveFor(call) });
      return [...first.problems, ...second.problems];
    },
    mint: (call, make) => ({
      server: make(pendingOr(serverPending.get(call.session_id) ?? null, call)),
      local: make(pendingOr(oracle.pendingOf(call.session_id), call)),
    }),
    approveFor: (call, now = Date.now(), ttlMs) =>
      driver.mint(call, (pending) => approvePending(pending, call.session_id, TEST_SECRET, now, ttlMs)),
    forgedToken: (call, claims) =>
      driver.mint(call, (pending) =>
        issueApprovalToken(
          {
            tool: pending.tool,
            args_digest: pending.args_digest,
            session_id: call.session_id,
            expires_at: Date.now() + 60_000,
            nonce: pending.nonce,
            ...claims,
          },
          TEST_SECRET,
        ),
      ),
  };
  return driver;
}

function metaOf(call: LocalCall, token: string | undefined): Record<string, unknown> {
  return {
    "agent-harness/session": call.session_id,
    ...(call.key === undefined ? {} : { "agent-harness/idempotency-key": call.key }),
    ...(token === undefined ? {} : { "agent-harness/approval": token }),
  };
}
