/**
 * Stored state is a trust boundary (issue 19), checked on one engine over every store kind:
 * nothing secret is persisted, an edited checkpoint is refused as `checkpoint_tampered`. Written
 * once; the core runs it on its engines, the LangGraph adapter on LangGraph with its savers.
 */
import { unwrapEngine } from "../../runtime/index.js";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { approvePending, type PendingApproval } from "../../contract/index.js";
import { finalAnswer, toolCall } from "../../handwritten/fixtures/index.js";
import { SESSION_ID, type EngineFactory, type Environment } from "../../scenarios/index.js";
import { publishToPublic, STORE_KINDS, type StoreKind } from "./kinds.js";

/** What an engine package adds to a store kind: its own saver, read and edited beside the core's stores. */
export type SaverHooks = {
  prepare?(kind: StoreKind, env: Environment, dir: string): void;
  dump?(kind: StoreKind, env: Environment, dir: string): Promise<string>;
  tamper?(kind: StoreKind, env: Environment, dir: string, edit: (record: unknown) => void): Promise<void>;
};

/** One fake secret of each kind the detector knows, and the part of it a grep looks for. */
export const FAKE_SECRETS = {
  api_key: "sk-live-4f9a8b7c6d5e4f3a2b1c0d9e",
  slack: "xoxb-123456789012-1234567890123-abcdefghijABCDEFGHIJklmn",
  github: "ghp_abcdefghijklmnopqrstuvwxyz0123456789",
  aws: "AKIAZ7QX3MPLE4FAKE12",
  jwt: "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJib2IifQ.c2lnbmF0dXJlLWZha2U",
  email: "dana.fake@example.org",
  phone: "415-555-0132",
  password: "Tr0ub4dor-fake",
  bearer: "fakeBearerToken12345",
} as const;

const S = FAKE_SECRETS;
/** Planner output carrying every kind: in tool input (refused), in malformed output, and in the final answer. */
export const SECRET_SCRIPT: readonly string[] = [
  toolCall("save_artifact", { name: "notes", content: `key ${S.api_key} and ${S.slack}` }),
  `{"type":"tool_call","tool":"save_artifact" ${S.jwt} ${S.github}`,
  finalAnswer(
    `done: mail ${S.email}, call +1 ${S.phone}, password=${S.password}, Authorization: Bearer ${S.bearer}, ${S.aws}`,
  ),
];

const PUBLISH_TEAM = toolCall("publish_report", { artifact: "art_weekly", audience: "team" });

export function storedStateIsATrustBoundary(factory: EngineFactory, hooks: SaverHooks = {}): void {
  const scratch: string[] = [];
  afterAll(() => scratch.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  const open = (kind: StoreKind, script: readonly string[]) => {
    const dir = mkdtempSync(join(tmpdir(), `trust-${factory.id}-${kind.name}-`));
    scratch.push(dir);
    const env = kind.create({ script }, dir);
    hooks.prepare?.(kind, env, dir);
    return { env, dir, engine: factory.create(env) };
  };

  for (const kind of STORE_KINDS) {
    describe(`${factory.id} over the ${kind.name} stores: stored state is a trust boundary`, () => {
      it("persists no credential or contact data from planner output or the final answer", async () => {
        const { env, dir, engine } = await open(kind, SECRET_SCRIPT);
        const final = unwrapEngine(await engine.start(SESSION_ID, "write up the notes"));
        expect(final.status).toBe("done");
        expect(final.status === "done" && final.final).toContain("[redacted]");
        expect(env.world.totalCalls()).toBe(0);
        const stored = kind.dump(env, dir) + ((await hooks.dump?.(kind, env, dir)) ?? "");
        expect(stored).toContain("write up the notes"); // the dump does see the stored records
        for (const [name, secret] of Object.entries(FAKE_SECRETS))
          expect(stored.includes(secret), `${name} secret found in the ${kind.name} stores`).toBe(false);
      });

      it("refuses a pending call whose stored arguments were edited (team → public) as checkpoint_tampered", async () => {
        const { env, dir, engine } = await open(kind, [PUBLISH_TEAM, finalAnswer("published")]);
        const waiting = unwrapEngine(await engine.start(SESSION_ID, "publish the weekly report"));
        expect(waiting.status).toBe("approval_required");
        const pending = waiting.pending_approval as PendingApproval;
        kind.tamper(env, dir, publishToPublic);
        await hooks.tamper?.(kind, env, dir, publishToPublic);
        const token = approvePending(pending, SESSION_ID, env.secret, env.clock.now());
        const restarted = factory.create(env);
        const refused = await restarted.submitApproval(SESSION_ID, { kind: "token", token });
        expect(refused.ok ? null : refused.error.code).toBe("checkpoint_tampered");
        expect(refused.ok ? null : refused.error.message).toContain(SESSION_ID);
        expect(env.world.data.reports).toEqual([]);
        expect(env.world.totalCalls()).toBe(0);
        void engine;
      });

      it("refuses malformed approval input as approval_malformed and the session stays usable", async () => {
        const { env, engine } = await open(kind, [PUBLISH_TEAM, finalAnswer("published")]);
        const waiting = unwrapEngine(await engine.start(SESSION_ID, "publish the weekly report"));
        for (const input of MALFORMED_APPROVALS) {
          const refused = await engine.submitApproval(SESSION_ID, input);
          expect(refused.ok ? null : refused.error.code, JSON.stringify(input)?.slice(0, 60)).toBe(
            "approval_malformed",
          );
        }
        expect(unwrapEngine(await engine.state(SESSION_ID))?.checkpoint_hash).toBe(waiting.checkpoint_hash);
        await expect(engine.resume(SESSION_ID)).resolves.toMatchObject({ value: { status: "approval_required" } });
        const pending = waiting.pending_approval as PendingApproval;
        const token = approvePending(pending, SESSION_ID, env.secret, env.clock.now());
        const restarted = factory.create(env); // a new process after the bad input
        await expect(restarted.submitApproval(SESSION_ID, { kind: "token", token })).resolves.toMatchObject({
          value: { status: "done" },
        });
        expect(env.world.data.reports).toHaveLength(1);
      });
    });
  }
}

/** What issue 19 sent as approval input: wrong kinds, a numeric token, extra keys, no object at all. */
export const MALFORMED_APPROVALS: readonly unknown[] = [
  { kind: "approve" },
  { kind: "token", token: 42 },
  { kind: "token" },
  { kind: "token", token: "" },
  { kind: "token", token: "x".repeat(5000) },
  { kind: "decline", token: "extra" },
  null,
  "apv1.abc.def",
  42,
  [],
];
