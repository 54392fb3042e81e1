/**
 * Recording a route, once scripts/route-record.ts has checked its command line and the model
 * module's file: the adapter's chat module loaded, the model asked, the route written all or nothing.
 */
import { resolve } from "node:path";
import { outputExitCode, writeFilesAtomically } from "../../cli/index.js";
import type { Result } from "../../contract/index.js";
import { recordRoute, type RouteRecorder } from "../../scenarios/record-route.js";
import { ROUTE_COLUMNS } from "../../scenarios/route-columns.js";
import type { RouteColumnName } from "../../handwritten/route/names.js";
import { firstLine, installCommand } from "../../engines/index.js";

export type RecordIo = {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly cwd?: string;
  /** The adapter's chat module (tests point this at a module that cannot load). */
  readonly chatModule?: string;
};

export type RecordRequest = {
  readonly modelPath: string;
  readonly scenario: RouteColumnName;
  readonly id: string;
  readonly output: string;
  readonly label: string | undefined;
  readonly cwd: string;
};

/** The adapter's chat module, relative to this file. */
const CHAT_MODULE = "../../langgraph-adapter/src/chat/index.js";

/** What this script uses of the chat module (langgraph-adapter/src/chat/index.ts). */
type ChatModule = {
  loadChatModel(
    path: string,
    cwd: string,
  ): Promise<
    Result<{ readonly model: { getName(): string }; readonly label: string | null }, { code: string; message: string }>
  >;
  routeRecorder(model: unknown): RouteRecorder;
};

async function loadChatModule(specifier: string): Promise<Result<ChatModule, string>> {
  try {
    return { ok: true, value: (await import(specifier)) as ChatModule };
  } catch (e) {
    return {
      ok: false,
      error: `the LangGraph adapter's chat module did not load (run: ${installCommand("langgraph-adapter")}): ${firstLine((e as Error).message)}`,
    };
  }
}


export async function recordFromModule(request: RecordRequest, io: RecordIo): Promise<number> {
  const { modelPath, id, output, cwd } = request;
  const scenario = ROUTE_COLUMNS.find((s) => s.name === request.scenario);
  if (scenario === undefined) throw new Error(`route column ${request.scenario} is named but not defined`);
  const chat = await loadChatModule(io.chatModule ?? CHAT_MODULE);
  if (!chat.ok) {
    io.stderr(`route:record: ${chat.error}\n`);
    return 3;
  }
  const loaded = await chat.value.loadChatModel(modelPath, cwd);
  if (!loaded.ok) {
    io.stderr(`route:record: ${loaded.error.message} (${loaded.error.code})\n`);
    return 2;
  }
  const { model, label: moduleLabel } = loaded.value;
  const label =
    request.label ?? moduleLabel ?? `recorded from ${model.getName()}`;

  const recorded = await recordRoute({ recorder: chat.value.routeRecorder(model), scenario, id, label });
  if (!recorded.ok) {
    io.stderr(`route:record: ${recorded.error.message} (${recorded.error.code})\n`);
    return 1;
  }
  const target = resolve(cwd, output);
  const written = writeFilesAtomically([{ path: target, text: `${JSON.stringify(recorded.value.route, null, 2)}\n` }]);
  if (!written.ok) {
    io.stderr(`route:record: cannot write ${output}: ${written.error.message}\n`);
    return outputExitCode(written.error);
  }
  const { route, unreplayable } = recorded.value;
  io.stdout(
    `${output}: ${route.turns.length} turns from ${route.model.name} on ${route.scenario}, digest ${route.digest.slice(0, 12)}…\n`,
  );
  if (unreplayable !== null) io.stderr(`route:record: warning: ${unreplayable}; compare will report it not measured\n`);
  return 0;
}

