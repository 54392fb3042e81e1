/**
 * One worker process of the DBOS crash test: `node --import tsx dbos-adapter/src/crash-worker.ts '<JSON>'`.
 * It runs a DBOS engine over a durable environment on Postgres (the contract's stores and the world in
 * one scope, DBOS's tables in one schema, shared by every worker) and, at the kill point it was given,
 * kills itself with SIGKILL: before the tool's effect, after it (before DBOS checkpoints the step), while the
 * workflow waits for its person, around the contract's intent checkpoint, or after the start's first checkpoint. The parent starts it with its own DBOS executor id (DBOS__VMID).
 * Last, it prints one line: what the session and the world hold.
 */
import { createDurableEnvironment } from "../../durable/index.js";
import { finalAnswer, toolCall } from "../../handwritten/fixtures/index.js";
import { engineContextOf, EngineUsageError, unwrapEngine, type EngineContext } from "../../runtime/index.js";
import {
  approvePending,
  type AnyToolSpec,
  type Checkpoint,
  type Planner,
  type CheckpointStore,
  type ToolRegistry,
} from "../../contract/index.js";
import { DBOS } from "@dbos-inc/dbos-sdk";
import { contextKey } from "./runtime.js";
import { hardenedWorkflowId } from "./hardened-workflow.js";
import { createDbosHardenedFactory, dbosFactories, shutdownDbos } from "./index.js";
import { REPORT_PREFIX, SESSION, type KillPoint, type WorkerReport, type WorkerRequest } from "./crash-protocol.js";

const TOOL = "publish_report";

const request = JSON.parse(process.argv[2] ?? "{}") as WorkerRequest;
const die = (at: KillPoint) => {
  if (request.role === "first" && request.point === at) process.kill(process.pid, "SIGKILL");
};

/** The tool with the kill points around its effect: the engine sees the same tool. */
const hooked = (spec: AnyToolSpec): AnyToolSpec =>
  spec.name !== TOOL
    ? spec
    : {
        ...spec,
        async execute(input: Parameters<AnyToolSpec["execute"]>[0], ctx: Parameters<AnyToolSpec["execute"]>[1]) {
          die("before_effect");
          const output = await spec.execute(input, ctx);
          die("after_effect");
          return output;
        },
      };

const env = createDurableEnvironment({
  store: { kind: "postgres", url: request.url },
  scope: request.scope,
  script: [toolCall(TOOL, { artifact: "art_weekly", audience: "team" }), finalAnswer("published")],
});
const registry: ToolRegistry = {
  ...env.registry,
  get: (name) => {
    const spec = env.registry.get(name);
    return spec === undefined ? undefined : hooked(spec);
  },
  list: () => env.registry.list().map(hooked),
};
/** The contract's checkpoints with the kill points around the intent's write (the call executing). */
const checkpoints: CheckpointStore = {
  ...env.checkpoints,
  put(checkpoint: Checkpoint, after?: string | null) {
    const intent = checkpoint.state.status === "executing";
    if (intent) die("before_intent");
    env.checkpoints.put(checkpoint, after);
    if (intent) die("after_intent");
  },
};
/** The planner, with the kill point at its first turn: the start's first checkpoint has committed by then. */
const planner: Planner = {
  respond(state) {
    die("after_start");
    return env.planner.respond(state);
  },
};
const context: EngineContext = { ...engineContextOf(env), registry, checkpoints, planner };
contextKey(context, request.key);
const factory =
  request.engine === "dbos_hardened"
    ? createDbosHardenedFactory(request.url, { disable: request.disable ?? [] })
    : dbosFactories(request.url)[request.engine];
if (factory === undefined) throw new Error(`no ${request.engine} factory`);
const engine = factory.create(context);

/** The person's yes: a token for the pending call (the native engine, which keeps no token, takes any). */
async function approve(): Promise<void> {
  const pending = unwrapEngine(await engine.state(SESSION))?.pending_approval ?? null;
  const token =
    pending === null ? "a person's yes" : approvePending(pending, SESSION, context.secret, context.clock.now());
  unwrapEngine(await engine.submitApproval(SESSION, { kind: "token", token }));
}

if (request.role === "first") {
  unwrapEngine(await engine.start(SESSION, "publish the weekly report"));
  die("waiting_approval");
  await approve();
}
/** The recovery's answer: the engine's refusal code, if it refused. */
let refused: string | null = null;
if (request.role === "recover") {
  const answer = request.point === "waiting_approval" ? approve() : engine.resume(SESSION).then(unwrapEngine);
  await answer.catch((error: unknown) => {
    if (!(error instanceof EngineUsageError)) throw error;
    refused = error.code;
  });
}

const state = unwrapEngine(await engine.state(SESSION));
type Answered = { readonly state?: { readonly status: string }; readonly refused?: { readonly code: string } };
const steps =
  request.engine === "dbos_hardened" ? await DBOS.listWorkflowSteps(hardenedWorkflowId(request.key, SESSION)) : [];
const answered = steps?.find((s) => s.name === (request.point === "after_start" ? "0:start" : "1:approval"))?.output as
  Answered | undefined;
const report: WorkerReport = {
  status: state?.status ?? null,
  refused,
  recovered: answered?.refused?.code ?? answered?.state?.status ?? null,
  effects: env.world.totalEffects(TOOL),
  calls: env.world.totalCalls(TOOL),
};
process.stdout.write(`${REPORT_PREFIX}${JSON.stringify(report)}\n`);
await shutdownDbos();
process.exit(0);
