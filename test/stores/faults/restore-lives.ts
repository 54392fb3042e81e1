/**
 * TEST SUPPORT for the restore cases: one "life" of a store is a process's worth of use — a durable
 * environment opened on the store with defaults (so guarded by its default journal), an engine over it, closed
 * at the end as a process exiting would. The store files are copied aside and put back between
 * lives, as an operator restoring a backup would; the journal is never copied (it is what a restore
 * of the database does not reach).
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { approvePending, type PendingApproval } from "../../../contract/index.js";
import { PUBLISH_SCRIPT } from "./rows-kit.js";
import {
  createDurableEnvironment,
  isStoreError,
  langgraphDatabasePath,
  type DurableEnvironment,
  type SqlSpec,
  type StoreError,
} from "../../../durable/index.js";
import { engineContextOf, unwrapEngine, type Engine } from "../../../runtime/index.js";
import { loadEngine, type EngineId } from "../../../engines/index.js";
import { adapterDir } from "../../../engines/index.js";

/** The journal a SQLite store gets by default, beside `harness.sqlite` (`defaultSpentJournal`); Postgres's is in `.agent-harness/`. */
export const JOURNAL = "harness.sqlite.spent";

export type Life = {
  readonly env: DurableEnvironment;
  readonly engine: Engine;
  /** publish_report calls in this life's world (the world is in the database, so a restore rolls it back too). */
  publishes(): number;
  close(): void;
};

export type StoreAt = { readonly spec: SqlSpec; readonly scope: string; readonly dir: string };

/** Opens a life on the store, or the StoreError the guarded open answered. */
export async function openLife(
  engineId: EngineId,
  at: StoreAt,
  acceptRestore = false,
): Promise<{ ok: true; life: Life } | { ok: false; error: StoreError }> {
  let env: DurableEnvironment;
  try {
    env = createDurableEnvironment({
      store: at.spec,
      scope: at.scope,
      script: PUBLISH_SCRIPT,
      acceptRestore,
    });
  } catch (error) {
    if (isStoreError(error)) return { ok: false, error };
    throw error;
  }
  const loaded = await loadEngine(engineId);
  if (!loaded.ok) throw new Error(`${engineId} must load for the restore cases: ${loaded.error.reason}`);
  let closeSaver = () => undefined as void;
  if (engineId === "langgraph") {
    // Through a computed specifier: a literal path would pull the adapter into the root type check,
    // which must pass without the adapter installed.
    const checkpointer = pathToFileURL(join(adapterDir("langgraph-adapter"), "src/durable-checkpointer.ts")).href;
    const module = (await import(checkpointer)) as {
      useSqliteCheckpointer(env: DurableEnvironment, path: string): { db: { close(): void } };
    };
    const saver = module.useSqliteCheckpointer(env, langgraphDatabasePath(at.dir));
    closeSaver = () => saver.db.close();
  }
  const engine = loaded.value.create(engineContextOf(env));
  return {
    ok: true,
    life: {
      env,
      engine,
      publishes: () => env.world.totalCalls("publish_report"),
      close: () => {
        closeSaver();
        env.db.close();
      },
    },
  };
}

/** Starts `session` until it waits for approval; the token a person gives for it. */
export async function waitForApproval(
  life: Life,
  session: string,
): Promise<{ pending: PendingApproval; token: string }> {
  const pending = unwrapEngine(await life.engine.start(session, "publish the weekly report")).pending_approval;
  if (pending === null) throw new Error("the run does not wait for approval");
  return { pending, token: approvePending(pending, session, life.env.secret, life.env.clock.now()) };
}

/** Sends the token; what the engine answered (its error code, or the state's status). */
export async function sendToken(life: Life, session: string, token: string): Promise<string> {
  const answer = await life.engine.submitApproval(session, { kind: "token", token });
  if (!answer.ok) return answer.error.code;
  // A refused token leaves the session waiting; the refusal's code is in the trace.
  const used = JSON.stringify(await life.engine.trace(session)).includes("approval_already_used");
  return answer.value.status === "approval_required" && used ? "approval_already_used" : answer.value.status;
}

/** Every file of the store in `dir` (the database, its WAL, LangGraph's saver), the journal left out. */
function storeFiles(dir: string): string[] {
  return readdirSync(dir).filter((name) => name !== JOURNAL && !name.endsWith(".tmp"));
}

/** Copies the store's files aside, as a backup. */
export function copyAside(dir: string, backup: string): void {
  mkdirSync(backup, { recursive: true });
  for (const name of storeFiles(dir)) copyFileSync(join(dir, name), join(backup, name));
}

/** Puts a backup back: the store's files now are exactly the backup's (a WAL written since is removed). */
export function putBack(backup: string, dir: string): void {
  for (const name of storeFiles(dir)) rmSync(join(dir, name), { force: true });
  for (const name of readdirSync(backup)) copyFileSync(join(backup, name), join(dir, name));
}

export const exists = existsSync;
