/** The layer's audit trail: the contract's trace events (`traceEvent`), appended to the contract's sink, redacted there. */
import { digest, traceEvent, verdictOf, type OutcomeFact, type TraceDetail } from "../../../contract/index.js";
import type { LayerDeps } from "./pieces.js";

export type LayerTrace = (
  session_id: string,
  step: number,
  type: string,
  status: string,
  detail?: TraceDetail,
  verdict?: TraceDetail,
) => void;

/** The contract's verdict on an outcome; a call of a turn with several is named in it, as the contract words a batch's. */
export const verdictFor = (fact: OutcomeFact, callId: string | null): TraceDetail =>
  callId === null ? verdictOf(fact) : verdictOf({ type: "batch_calls_settled", results: [{ call_id: callId, fact }] });

export const layerTrace =
  (deps: LayerDeps): LayerTrace =>
  (session_id, step, type, status, detail = {}, verdict) => {
    const seq = deps.trace.list(session_id).length + 1;
    const head = {
      seq,
      event_id: deps.ids.eventId(session_id, seq),
      at: deps.clock.now(),
      session_id,
      step,
      type,
      status,
      checkpoint_hash: digest({ session_id, seq, type, detail: detail.args_digest ?? null }),
    };
    deps.trace.append([traceEvent(head, detail, verdict)]);
  };
