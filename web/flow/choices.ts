/** The calls a reader can hand the model to propose: one per way the server can answer a first call. */
import type { FixtureToolName } from "../../handwritten/fixtures/index.js";

export const CALL_CHOICES = ["passes", "schema_fails", "high_risk", "always_deny"] as const;
export type CallChoice = (typeof CALL_CHOICES)[number];

/** A call to propose; its label is the page catalogue's `choice.<choice>`. */
export type ProposedCall = {
  readonly tool: FixtureToolName;
  readonly arguments: Readonly<Record<string, unknown>>;
};

export const PROPOSED_CALLS: Readonly<Record<CallChoice, ProposedCall>> = {
  passes: {
    tool: "read_table",
    arguments: { table: "sales", limit: 3 },
  },
  schema_fails: {
    tool: "save_artifact",
    arguments: { name: "fit.json", content: 3, overwrite: true },
  },
  high_risk: {
    tool: "publish_report",
    arguments: { artifact: "art_fit", audience: "team" },
  },
  always_deny: { tool: "run_shell", arguments: { command: "ls" } },
};

export function isCallChoice(value: unknown): value is CallChoice {
  return typeof value === "string" && (CALL_CHOICES as readonly string[]).includes(value);
}
