/** The MCP flow page (flow.html) in Chinese, in the course's words (glossary.ts); typed so a missing key fails the type check. */
import type { Catalogue } from "./catalogue.js";
import { CHROME_ZH } from "./chrome.js";
import type { FlowKey } from "./flow-en.js";

export const FLOW_ZH: Catalogue<FlowKey> = {
  ...CHROME_ZH,
  "page.title": "MCP 流程：项目自己的服务器在页面里运行，一次一步",
  "page.skip": "跳到步骤",
  "page.heading": "MCP 流程：发现、提出调用、schema 校验、策略与人工批准、执行",
  "page.intro":
    "项目自己的 MCP 服务器（`mcp/server.ts`：合约的校验、策略、批准令牌、幂等键账本和 `executeIntent`）在这个页面里运行，通过 SDK 的内存传输与官方 SDK 客户端相连。下面每条消息都是服务器真实收到或发出的 JSON-RPC 消息，每个事实都是服务器写入审计日志的记录。服务器在一次请求里决定一个 `tools/call`；每一步展示这个决定的一部分。完全离线：没有模型，没有网络。",

  "choice.heading": "模型提出的调用",
  "choice.hint": "选择一个调用，会用全新的服务器开始新的流程。",
  "choice.passes": "read_table：通过的只读调用",
  "choice.schema_fails": "save_artifact：类型错误且带未知字段，被 schema 拦下",
  "choice.high_risk": "publish_report：高风险，等待人工批准",
  "choice.always_deny": "run_shell：始终拒绝",

  "controls.label": "流程控制",
  "controls.next": "下一步",
  "controls.restart": "重新开始",
  "controls.nextLabel": "下一步：",
  "world.calls": "执行器调用次数",
  "world.effects": "已落地的副作用",

  "next.discover": "连接并发现：initialize，然后 tools/list（服务器提供时还有 resources/list、prompts/list）",
  "next.propose": "把模型提出的调用作为 tools/call 发送",
  "next.schema": "展示 schema 校验的决定",
  "next.policy": "展示策略的决定",
  "next.await_person": "等待人工批准：批准或拒绝这个高风险调用",
  "next.result": "展示执行，以及返回模型上下文的内容",
  "next.finished": "流程已结束：选择一个调用或重新开始",

  "approval.heading": "由人决定这个高风险调用",
  "approval.call": "{tool}，参数 {args}",
  "approval.key": "幂等键 {key}",
  "approval.group": "决定这个高风险调用",
  "approval.approve": "批准",
  "approval.decline": "拒绝",
  "approval.hint":
    '批准会为这个待决调用签发一次性的{term:approval_token}（合约的 `approvePending`，使用服务器的密钥），宿主随后带着令牌重发这个调用，令牌放在 `_meta["agent-harness/approval"]` 中。拒绝则不再发送任何消息。',

  "steps.heading": "五个步骤",
  "step.discover": "发现",
  "step.propose": "模型提出的调用",
  "step.schema": "Schema 校验",
  "step.policy": "策略与人工批准",
  "step.result": "执行，结果或错误返回上下文",
  "state.done": "（已完成）",
  "state.current": "（当前）",
  "state.waiting": "（等待中）",
  "state.not_reached": "（未到达）",
  "state.upcoming": "（未开始）",
  "note.declined": "未执行：人工拒绝了。宿主不再发送任何消息；approval_required 应答作为这个调用的错误返回上下文。",
  "note.notReached": "未到达：调用在更早的步骤就停止了。",

  "discovered.tools": "工具：{names}",
  "discovered.resources": "资源：{names}",
  "discovered.noResources": "资源：此服务器不提供",
  "discovered.prompts": "提示词：{names}",
  "discovered.noPrompts": "提示词：此服务器不提供",
  "propose.call": "模型提出调用 {tool}，参数 {args}。",
  "entry.toServer": "客户端 → 服务器：{what}",
  "entry.toClient": "服务器 → 客户端：{what}",
  "entry.answer": "对 #{id} 的应答",
  "entry.fact": "服务器审计：{type}",
  "entry.approved": "人工批准了这个调用",
  "entry.declined": "人工拒绝了这个调用",
  "context.heading": "返回模型上下文（isError: {isError}）：",

  "announce.nothing": "尚未发送任何消息。下一步：{next}。",
  "announce.step": "{label}：JSON-RPC 消息 {wire} 条，审计事实 {facts} 条。",
  "announce.back": "返回上下文：状态 {status}。",
  "announce.backError": "返回上下文：状态 {status}，作为错误。",
  "announce.next": "下一步：{next}。",
};
