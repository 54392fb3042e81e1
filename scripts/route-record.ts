/**
 * npm run route:record -- --model MODULE --scenario NAME --output routes/NAME.route.json
 * Records a frozen route from a chat model. See --help for the flags and the exit codes.
 * The LangGraph adapter's chat module (the model loader, the recorder) is imported dynamically,
 * as the adapter's engine is: only langgraph-adapter/ imports @langchain. This file checks the
 * command line and the module's file; the recording (routes/record-run.ts) loads after.
 */
import { basename, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { DEFAULT_INPUT_LIMITS, parseFlags, readInputFile } from "../cli/index.js";
import { isRouteColumnName, ROUTE_COLUMN_NAMES } from "../handwritten/route/names.js";
import { loadRun } from "../durable/load-run.js";
import type { RecordIo } from "./routes/record-run.js";

const SCENARIOS = ROUTE_COLUMN_NAMES;

export const USAGE = `Usage: npm run route:record -- --model MODULE --scenario NAME --output PATH [--id ID] [--label TEXT]

Runs a route column's goal against a LangChain chat model on the handwritten engine and writes a
frozen route (agent-harness.route.v1): the model's name and parameters as it reports them, the
digest of the tools it was offered, every turn's raw output and tool calls (credentials and
contact data redacted), and a digest over the file. Replay it with
  tsx scripts/compare.ts --framework local_state_graph --planner route:PATH

  --model MODULE   a module exporting (default, or as \`model\`) a chat model with bindTools, or a
                   function returning one; it may export \`label\`, words saying what the model is
  --scenario NAME  ${SCENARIOS.join(" or ")}
  --output PATH    where to write the route
  --id ID          the route's id (default: the output's file name without .route.json)
  --label TEXT     what the route is (default: the module's label, else "recorded from <model>")
  --help           this text

Exit codes: 0 written; 1 the model failed while recording; 2 bad usage (a flag given twice or
empty, a module that is not a regular file included) or a module that exports no chat model; 3 the
LangGraph adapter's chat module cannot load; 4 the module cannot be read or the route written.`;

export type { RecordIo } from "./routes/record-run.js";

const defaultIo: RecordIo = { stdout: (t) => process.stdout.write(t), stderr: (t) => process.stderr.write(t) };

export async function main(argv: readonly string[], io: RecordIo = defaultIo): Promise<number> {
  const usage = (message: string) => {
    io.stderr(`route:record: ${message}\n\n${USAGE}\n`);
    return 2;
  };
  const flags = parseFlags(argv, {
    model: { type: "string" },
    scenario: { type: "string" },
    output: { type: "string" },
    id: { type: "string" },
    label: { type: "string" },
    help: { type: "boolean" },
  });
  if (!flags.ok) return usage(`${flags.error.message} (${flags.error.code})`);
  const { values } = flags.value;
  if (values["help"] === true) {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  const [modelPath, name, output] = [values["model"], values["scenario"], values["output"]].map((v) =>
    typeof v === "string" && v.trim() !== "" ? v : undefined,
  );
  if (modelPath === undefined || name === undefined || output === undefined)
    return usage("--model, --scenario and --output are required");
  if (!isRouteColumnName(name))
    return usage(`unknown scenario ${JSON.stringify(name)} (route columns: ${SCENARIOS.join(", ")})`);
  const id = typeof values["id"] === "string" ? values["id"] : basename(output).replace(/\.route\.json$|\.json$/, "");
  if (!/^[A-Za-z0-9._-]{1,100}$/.test(id))
    return usage(`route id ${JSON.stringify(id)} must match [A-Za-z0-9._-]{1,100}`);

  // Under `npm run`, the working directory is the package root; INIT_CWD is where the command was typed.
  const cwd = io.cwd ?? process.env["INIT_CWD"] ?? process.cwd();
  // import() of a FIFO or a device would wait forever: the model module must be a regular file.
  const module = readInputFile(resolve(cwd, modelPath), { maxBytes: DEFAULT_INPUT_LIMITS.maxBytes });
  if (!module.ok && module.error.code !== "input_not_found") {
    if (module.error.exit === 2) return usage(`model module ${module.error.message} (${module.error.code})`);
    io.stderr(`route:record: model module ${module.error.message} (${module.error.code})\n`);
    return 4;
  }
  const { recordFromModule } = await loadRun(() => import("./routes/record-run.js"));
  return recordFromModule({ modelPath, scenario: name, id, output, label: values["label"], cwd }, io);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  process.exitCode = await main(process.argv.slice(2));
}
