/**
 * The course's own words for the contract's concepts, in both languages, listed once: the page
 * catalogues name them by id (`{term:checkpoint}`) and `npm run docs` prints the table in
 * docs/glossary.md. The Chinese is the chapter's (chapter 13 writes 风险级别, 人工批准, 幂等键,
 * 对账, 修复后证据); where the chapter keeps the English word (checkpoint, trace) the page shows
 * it beside a translation. Codes (reason codes, statuses, protocol names) stay as they are.
 */
import type { Locale } from "./locale.js";

export type Term = {
  readonly en: string;
  readonly "zh-CN": string;
  /** The identifier the contract, the JSON and the protocol use, shown beside the words. */
  readonly code?: string;
};

export const GLOSSARY = {
  risk_class: { en: "risk class", "zh-CN": "风险级别" },
  read_only: { en: "read-only", "zh-CN": "只读", code: "read_only" },
  idempotent_write: { en: "idempotent write", "zh-CN": "幂等可逆写入", code: "idempotent_write" },
  high_risk: { en: "high risk", "zh-CN": "高风险", code: "high_risk" },
  always_deny: { en: "always deny", "zh-CN": "始终拒绝", code: "always_deny" },
  human_approval: { en: "human approval", "zh-CN": "人工批准" },
  approval_token: { en: "approval token", "zh-CN": "批准令牌" },
  idempotency_key: { en: "idempotency key", "zh-CN": "幂等键" },
  checkpoint: { en: "checkpoint", "zh-CN": "检查点（checkpoint）" },
  side_effect: { en: "side effect", "zh-CN": "副作用" },
  retry: { en: "retry", "zh-CN": "重试" },
  reconcile_required: { en: "reconcile required", "zh-CN": "需要对账", code: "reconcile_required" },
  reconcile: { en: "reconcile", "zh-CN": "对账" },
  repaired_evidence: { en: "evidence after the fix", "zh-CN": "修复后证据" },
  trace: { en: "trace", "zh-CN": "轨迹（trace）" },
  redaction: { en: "redaction", "zh-CN": "脱敏" },
  tool_call: { en: "tool call", "zh-CN": "工具调用", code: "tools/call" },
  state_graph: { en: "state graph", "zh-CN": "状态图" },
  replay: { en: "replay", "zh-CN": "回放" },
} as const satisfies Readonly<Record<string, Term>>;

export type TermId = keyof typeof GLOSSARY;

export function isTermId(id: string): id is TermId {
  return Object.hasOwn(GLOSSARY, id);
}

/** The term in `locale`, with its code beside it where it has one: `需要对账 (reconcile_required)`. */
export function termText(id: TermId, locale: Locale): string {
  const term: Term = GLOSSARY[id];
  return term.code === undefined ? term[locale] : `${term[locale]} (${term.code})`;
}
