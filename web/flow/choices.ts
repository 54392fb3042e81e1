/** The calls a reader can hand the model to propose: one per way the server can answer a first call. */
import type { FixtureToolName } from "../../handwritten/fixtures/index.js";

export const CALL_CHOICES = ["passes", "schema_fails", "high_risk", "always_deny"] as const;
export type CallChoice = (typeof CALL_CHOICES)[number];

export type ProposedCall = {
  readonly label: string;
  readonly tool: FixtureToolName;
  readonly arguments: Readonly<Record<string, unknown>>;
};

export const PROPOSED_CALLS: Readonly<Record<CallChoice, ProposedCall>> = {
  passes: {
    label: "read_table: a read-only call that passes",
    tool: "read_table",
    arguments: { table: "sales", limit: 3 },
  },
  schema_fails: {
    label: "save_artifact: a wrong type and an unknown key, stopped by the schema",
    tool: "save_artifact",
    arguments: { name: "fit.json", content: 3, overwrite: true },
  },
  high_risk: {
    label: "publish_report: high risk, waits for a person's approval",
    tool: "publish_report",
    arguments: { artifact: "art_fit", audience: "team" },
  },
  always_deny: { label: "run_shell: always denied", tool: "run_shell", arguments: { command: "ls" } },
};

export function isCallChoice(value: unknown): value is CallChoice {
  return typeof value === "string" && (CALL_CHOICES as readonly string[]).includes(value);
}
