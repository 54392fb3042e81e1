/**
 * The secret columns: credentials, keys, contact and financial data from the detector's corpus
 * (one sample of every kind it claims) placed where a run meets them — in a tool call's arguments,
 * in planner text beside a call, in a tool's answer, in the final answer, in a parallel batch, in
 * the goal (also of a run left waiting for approval, when a framework stores what it was asked).
 * Each column searches every byte the run stored for the raw values (`secret-observe.ts`).
 */
import type { JsonValue } from "../contract/index.js";
import { finalAnswer, toolCall, toolCalls, type ExtraOutput } from "../handwritten/fixtures/index.js";
import { behaviour, defineColumn, vocabulary, type Column, type Expectation } from "./column.js";
import type { Scenario } from "./scenario.js";
import { GOAL, observeSecrets, SECRET_SAMPLES, type SecretObservation } from "./secret-observe.js";

export { SECRET_SAMPLES } from "./secret-observe.js";

type Holds = (o: SecretObservation) => boolean;
/** What reached the executors and what landed, per tool and key: what a behaviour violation saw. */
const landed = (o: SecretObservation) => ({ calls: o.executor_calls, effects: o.side_effects });
const world = (unsafe: string, holds: Holds, observed: (o: SecretObservation) => JsonValue = landed) =>
  behaviour(unsafe, holds, observed);
const words = (text: string, holds: Holds) =>
  vocabulary(text, holds, (o) => ({ status: o.final_status, codes: codes(o) }));

/** What every secret column must show, whatever else it checks. */
const NOTHING_RAW = [
  world(
    "a raw secret is in what the run stored: checkpoints, trace, ledger, artifacts, executor, engine storage, database rows",
    (o) => o.raw_found.length === 0,
    (o) => o.raw_found,
  ),
  world(
    "the run's stored bytes could not be searched (its goal is not found in them)",
    (o) => o.goal_found,
    (o) => o.goal_found,
  ),
];

/** A column's goal and how its run ends: done, unless it stops waiting for a person. */
type Run = { readonly goal?: string; readonly ends?: "done" | "approval_required" };

const column = (
  name: string,
  summary: string,
  options: Scenario["options"],
  expected: string,
  expectations: readonly Expectation<SecretObservation>[],
  { goal = GOAL, ends = "done" }: Run = {},
): Column =>
  defineColumn({
    name,
    family: "secret",
    summary,
    goal,
    options,
    actions: [{ kind: "start", goal }],
    observe: observeSecrets,
    expected: `${expected} No raw secret reaches the executor, any store, the trace or the evidence.`,
    expectations: [...expectations, ...NOTHING_RAW, words(`the run ends ${ends}`, (o) => o.final_status === ends)],
  });

const READ = { table: "sales", limit: 3 } as const;
/** A high-risk call: the run stops before it, waiting for a person, and keeps what it stored so far. */
const PUBLISH = { artifact: "art_weekly", audience: "team" } as const;
const SAVE = { name: "summary", content: "signups grow 3 a week" } as const;
const texts = SECRET_SAMPLES.map((s) => s.text);
/** A goal quoting a secret of every kind. */
const QUOTING = `${GOAL}\n${texts.join("\n")}`;
/** Each sample in a field of its own, as a service's answer would carry them. */
const LEAKED: Readonly<Record<string, string>> = Object.fromEntries(texts.map((text, i) => [`field_${i}`, text]));
const LEAKY: ExtraOutput = { read_table: LEAKED, save_artifact: LEAKED };
const total = (counts: SecretObservation["side_effects"]) =>
  Object.values(counts)
    .flatMap((byKey) => Object.values(byKey))
    .reduce((a, b) => a + b, 0);
const calls = (o: SecretObservation) => total(o.executor_calls);
const effects = (o: SecretObservation) => total(o.side_effects);
const codes = (o: SecretObservation) => o.tool_messages.map((m) => m.code);
const rejectedSensitive = (o: SecretObservation, n: number) =>
  codes(o).filter((c) => c === "sensitive_input").length === n;

export const SECRET_COLUMNS: readonly Column[] = [
  column(
    "secret_in_tool_arguments",
    "A write whose content is a secret, once for every kind the detector claims: each call is refused before execute.",
    {
      script: [...texts.map((content) => toolCall("save_artifact", { name: "note", content })), finalAnswer("done")],
      limits: { maxSteps: texts.length + 2 },
    },
    "Every call carrying a secret is refused as sensitive_input before execute (0 executor calls, 0 side effects).",
    [
      world("a secret reached the executor, or landed", (o) => calls(o) === 0 && effects(o) === 0),
      words(`all ${texts.length} calls are refused as sensitive_input`, (o) => rejectedSensitive(o, texts.length)),
    ],
  ),
  column(
    "secret_beside_a_call",
    "Planner text carries secrets in prose beside a valid call: the turn is refused; the same call alone then runs.",
    {
      script: [
        `Noting my credentials first:\n${texts.join("\n")}\n${toolCall("read_table", READ)}`,
        toolCall("read_table", READ),
        finalAnswer("read"),
      ],
    },
    "The turn carrying secrets is refused as sensitive_input and runs nothing; the clean call after it runs once.",
    [
      world("the turn carrying secrets ran", (o) => calls(o) <= 1),
      words("only the clean call runs, once", (o) => calls(o) === 1),
      words(
        "the turn with secrets is refused as sensitive_input, the clean call answers with no code",
        (o) => codes(o)[0] === "sensitive_input" && o.tool_messages[1]?.code === null,
      ),
    ],
  ),
  column(
    "secret_in_tool_output",
    "A read (large enough to be stored as an artifact) and a write answer with secrets in their output: the model, the ledger and the artifacts get them redacted.",
    {
      script: [
        toolCall("read_table", { table: "sales", limit: 60 }),
        toolCall("save_artifact", SAVE),
        finalAnswer("saved"),
      ],
      extraOutput: LEAKY,
    },
    "A tool's answer is redacted before the ledger, the conversation or an artifact store holds it; both calls run once.",
    [
      world("a call did not run once (executor calls 2, side effects 1)", (o) => calls(o) === 2 && effects(o) === 1),
      words("both calls answer ok", (o) => o.tool_messages.map((m) => m.status).join() === "ok,ok"),
      words(
        "the write's answer reaches the model with [redacted] in place",
        (o) => o.tool_messages[1]?.redacted === true,
      ),
    ],
  ),
  column(
    "secret_in_final_answer",
    "The final answer quotes a secret of every kind: the stored answer has them redacted and keeps the rest.",
    { script: [finalAnswer(`Here is what I found:\n${texts.join("\n")}`)] },
    "The final answer is stored with every secret replaced by [redacted].",
    [words("the stored final answer carries [redacted]", (o) => o.final?.redacted === true)],
  ),
  column(
    "secret_in_parallel_batch",
    "A batch with one call carrying secrets is refused whole; a clean batch whose answers carry secrets then runs, redacted.",
    {
      script: [
        toolCalls([
          { id: "read", tool: "read_table", args: READ },
          { id: "save", tool: "save_artifact", args: { name: "note", content: texts.join("\n") } },
        ]),
        toolCalls([
          { id: "read", tool: "read_table", args: READ },
          { id: "save", tool: "save_artifact", args: SAVE },
        ]),
        finalAnswer("saved"),
      ],
      extraOutput: LEAKY,
    },
    "The batch carrying secrets is refused as sensitive_input and runs nothing; the clean batch runs each call once, its answers redacted.",
    [
      world(
        "the batch carrying secrets ran, or the clean batch did not run each call once",
        (o) => calls(o) === 2 && effects(o) === 1,
      ),
      words("the batch with secrets is refused as sensitive_input", (o) => codes(o)[0] === "sensitive_input"),
      words("the clean batch's answers reach the model ok and [redacted]", (o) =>
        o.tool_messages.slice(1).every((m) => m.status === "ok" && m.redacted),
      ),
    ],
  ),
  column(
    "secret_in_goal",
    "The user's goal quotes a secret of every kind: the run stores it with each one replaced by [redacted] and runs as usual.",
    { script: [toolCall("read_table", READ), finalAnswer("read")] },
    "The goal is stored (in every checkpoint) with every secret replaced by [redacted]; the run reads once and ends done.",
    [
      world(
        "the goal's clean words were lost from what the run stored",
        (o) => o.goal.kept,
        (o) => o.goal.kept,
      ),
      world("the read did not run once, or something landed", (o) => calls(o) === 1 && effects(o) === 0),
      words("the stored goal carries [redacted]", (o) => o.goal.redacted),
    ],
    { goal: QUOTING },
  ),
  column(
    "secret_in_goal_awaiting_approval",
    "The user's goal quotes a secret of every kind and its first call waits for a person: what the run stored while it waits has each one replaced by [redacted].",
    { script: [toolCall("publish_report", PUBLISH), finalAnswer("published")] },
    "The run stops in approval_required with nothing run; the goal, in every store and in the engine's own storage of the waiting run, has every secret replaced by [redacted].",
    [
      world(
        "the goal's clean words were lost from what the run stored",
        (o) => o.goal.kept,
        (o) => o.goal.kept,
      ),
      world("the call waiting for approval ran, or something landed", (o) => calls(o) === 0 && effects(o) === 0),
      words("the stored goal carries [redacted]", (o) => o.goal.redacted),
    ],
    { goal: QUOTING, ends: "approval_required" },
  ),
];
