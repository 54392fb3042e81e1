/** What the outside world tells the reducer: past-tense facts about I/O, each stamped with a time. */
import type {
  ApprovalDecision,
  BeginDecision,
  ExecutionOutcome,
  JsonValue,
  ReconcileInput,
} from "../contract/index.js";

export type EngineEvent =
  | { readonly type: "run/started"; readonly at: number; readonly session_id: string; readonly goal: string }
  | { readonly type: "planner/responded"; readonly at: number; readonly raw: string }
  | {
      readonly type: "ledger/answered";
      readonly at: number;
      readonly decision: BeginDecision;
      readonly replay_content: JsonValue;
    }
  | { readonly type: "tool/settled"; readonly at: number; readonly outcome: ExecutionOutcome }
  | {
      readonly type: "batch/begun";
      readonly at: number;
      readonly answers: readonly {
        readonly call_id: string;
        readonly decision: BeginDecision;
        readonly replay: JsonValue;
      }[];
    }
  | {
      readonly type: "batch/settled";
      readonly at: number;
      readonly outcomes: readonly { readonly call_id: string; readonly outcome: ExecutionOutcome }[];
    }
  /** What `approve` decided about a person's answer; the nonce store was consulted before this event. */
  | { readonly type: "approval/decided"; readonly at: number; readonly decision: ApprovalDecision }
  | { readonly type: "run/resumed"; readonly at: number }
  | { readonly type: "history/trim"; readonly at: number; readonly max_messages: number }
  | { readonly type: "reconcile/confirmed"; readonly at: number; readonly input: ReconcileInput };

export type EngineEventType = EngineEvent["type"];
