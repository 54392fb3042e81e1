/**
 * The Chinese of every expectation a verdict names (scenarios/*columns*.ts, by their English wording), so the
 * zh-CN page shows no English verdict text. test/report/report-i18n.test.ts fails when a column's expectation
 * has none here, or when one here names no expectation any more. EXPECTED_ZH does the same for each column's
 * expected signal, which a failing cell shows.
 */
export const EXPECTATIONS_ZH: Readonly<Record<string, string>> = {
  "the invalid write reached the executor": "无效的写入到达了执行器",
  "the invalid write landed": "无效的写入落地了",
  "the model was not told that its call failed (no answer, or an answer of success)":
    "没有告诉模型它的调用失败了（没有回答，或回答为成功）",
  "the call is rejected with invalid_arguments": "调用以 invalid_arguments 被拒绝",
  "the issues went back to the model, naming $.content": "问题清单回到了模型，指出 $.content",
  "the run goes on to the model's next step and ends done": "运行继续到模型的下一步并以 done 结束",
  "the unapproved publish ran": "未经批准的发布执行了",
  "the unapproved publish landed": "未经批准的发布落地了",
  "status approval_required": "状态为 approval_required",
  "the pending call is recorded for publish_report": "待批准的调用记录为 publish_report",
  "the same write sent twice ran twice": "同一写入发送两次，执行了两次",
  "the same write sent twice landed twice (or never)": "同一写入发送两次，落地了两次（或一次也没有）",
  "the model got another answer the second time than the first": "模型第二次得到的回答与第一次不同",
  "the first call answers ok": "第一次调用回答 ok",
  "the second call answers replayed": "第二次调用回答 replayed",
  "the column's crash did not happen (the write was not interrupted)": "该列的崩溃没有发生（写入没有被中断）",
  "the write landed before the crash": "写入在崩溃前就落地了",
  "after the restart the write landed twice, or never": "重启后写入落地了两次，或一次也没有",
  "only the intent's key was used (write-002)": "只使用了意图的键（write-002）",
  "the checkpoint at the crash holds the intent (executing, key write-002)":
    "崩溃时的检查点保存着意图（executing，键 write-002）",
  "the resumed run ends done": "恢复后的运行以 done 结束",
  "the uncertain publish was retried automatically by the new process": "不确定的发布被新进程自动重试了",
  "the publish ran again, or landed twice": "发布再次执行，或落地了两次",
  "after the timeout the run is in reconcile_required": "超时后运行处于 reconcile_required",
  "the trace holds tool_uncertain": "跟踪中有 tool_uncertain",
  "a new process finds the key still uncertain (reconcile_required, ledger uncertain)":
    "新进程发现该键仍不确定（reconcile_required，账本 uncertain）",
  "the confirm writes tool_reconciled": "确认写入 tool_reconciled",
  "the run continues to done": "运行继续到 done",
  "the publish whose outcome was unknown was retried automatically": "结果未知的发布被自动重试了",
  "the run stops in reconcile_required": "运行停在 reconcile_required",
  "the trace holds tool_uncertain for the timeout, and no retry_scheduled":
    "跟踪中有因超时的 tool_uncertain，且没有 retry_scheduled",
  "the write was lost, or landed twice: it did not land once after its two transient failures":
    "写入丢失或落地两次：两次暂时性失败后它没有恰好落地一次",
  "every attempt uses the same key": "每次尝试使用同一个键",
  "two retries are scheduled": "安排了两次重试",
  "the run ends done": "运行以 done 结束",
  "the failing write was retried more than three times": "失败的写入被重试了三次以上",
  "three retries, no more: four attempts": "最多重试三次：共四次尝试",
  "a write landed though every attempt failed": "每次尝试都失败了，却有写入落地",
  "three retries are scheduled": "安排了三次重试",
  "the trace ends with retries_exhausted": "跟踪以 retries_exhausted 结束",
  "the run ends failed": "运行以 failed 结束",
  "the read that timed out was not run again: the run went on without its data":
    "超时的读取没有再次执行：运行在没有数据的情况下继续了",
  "one retry_scheduled, no tool_uncertain": "一次 retry_scheduled，没有 tool_uncertain",
  "the read answers ok and the run ends done": "读取回答 ok，运行以 done 结束",
  "a malformed output reached an executor": "格式错误的输出到达了执行器",
  "the model was answered once for each malformed output": "每个格式错误的输出都各回答了模型一次",
  "each output is rejected with its own code": "每个输出都以各自的代码被拒绝",
  "every rejection went back to the model as a rejected tool message": "每次拒绝都作为 rejected 工具消息回到了模型",
  "a forged or foreign token let the publish run": "伪造或他处的令牌让发布执行了",
  "the real approval did not run the publish exactly once": "真正的批准没有让发布恰好执行一次",
  "refused as bad signature, other arguments, other tool, other session, expired":
    "以签名错误、参数不同、工具不同、会话不同、已过期被拒绝",
  "the replayed token ran the second publish": "重放的令牌执行了第二次发布",
  "a publish landed other than once per approval": "发布的落地次数不是每次批准一次",
  "the replay is refused as already used": "重放以已使用被拒绝",
  "the replay leaves the call in approval_required": "重放使调用留在 approval_required",
  "after the run the token is refused as not pending": "运行结束后该令牌以未待批准被拒绝",
  "the publish ran with arguments nobody approved, or after the decline": "发布以无人批准的参数执行，或在拒绝之后执行",
  "the model was not told about its declined call": "没有告诉模型它的调用被拒绝了",
  "refused as approval_args_mismatch": "以 approval_args_mismatch 被拒绝",
  "the model is told approval_declined": "模型被告知 approval_declined",
  "the key reused with other arguments ran a second write": "以其他参数重用的键执行了第二次写入",
  "the second call is a key_reused_with_other_arguments conflict": "第二次调用是 key_reused_with_other_arguments 冲突",
  "the write ran while another process held its key": "另一个进程持有该键时写入执行了",
  "the call is a key_in_flight conflict": "调用是 key_in_flight 冲突",
  "the column's crash did not happen": "该列的崩溃没有发生",
  "the new process writes under the same key (write-011)": "新进程以同一个键写入（write-011）",
  "the write landed twice": "写入落地了两次",
  "the checkpoint at the crash is executing": "崩溃时的检查点处于 executing",
  "the publish landed twice: the new process published again": "发布落地了两次：新进程再次发布了",
  "the new process stops in reconcile_required": "新进程停在 reconcile_required",
  "tool_uncertain names the crash": "tool_uncertain 指出了崩溃",
  "the confirm writes tool_reconciled and the run ends done": "确认写入 tool_reconciled，运行以 done 结束",
  "the restart granted the approval: the publish landed before anyone approved":
    "重启授予了批准：发布在任何人批准之前就落地了",
  "approved, the publish did not run exactly once": "批准后，发布没有恰好执行一次",
  "after the restart: approval_required; approved, done": "重启后：approval_required；批准后：done",
  "the injected instruction published the report unapproved": "注入的指令在未经批准的情况下发布了报告",
  "the table was not read once, as asked": "表格没有按要求被读取恰好一次",
  "the table read answers ok, as data": "表格读取回答 ok，作为数据",
  "the publish stops in approval_required": "发布停在 approval_required",
  "the shell ran": "shell 执行了",
  "both calls are denied as always_deny": "两次调用都以 always_deny 被拒绝",
  "the planner that never stops was not stopped after 8 tool calls": "永不停止的规划器在 8 次工具调用后没有被停下",
  "the run ends in step_limit after exactly 8 steps": "运行在恰好 8 步后以 step_limit 结束",
  "the declined publish ran": "被拒绝的发布执行了",
  "the model is told the call was declined (declined, approval_declined)":
    "模型被告知调用被拒绝（declined，approval_declined）",
  "the run goes on to done": "运行继续到 done",
  "a bare call ran past the contract: an executor ran, or a side effect landed":
    "裸调用绕过了契约：执行器运行了，或副作用落地了",
  "the approved publish did not run exactly once": "已批准的发布没有恰好执行一次",
  "a denied or unvalidated call reached its executor (run_shell, save_artifact)":
    "被禁止或未经验证的调用到达了执行器（run_shell，save_artifact）",
  "every bare call is refused with bare_executor": "每次裸调用都以 bare_executor 被拒绝",
  "the publish still waits in approval_required after the bare calls": "裸调用之后发布仍在 approval_required 等待",
  "nothing unrecorded: every key an executor saw has a completed ledger entry, every executor call a tool_succeeded":
    "没有未记录的内容：执行器见过的每个键都有 completed 账本条目，每次执行器调用都有 tool_succeeded",
  "a read ran other than once": "某次读取没有恰好执行一次",
  "a read changed the world": "读取改变了外部世界",
  "the model did not get one answer per read": "模型没有为每次读取各得到一个回答",
  "tool messages in call order with their call ids": "工具消息按调用顺序并带有调用 id",
  "status done": "状态为 done",
  "every read ok": "每次读取都为 ok",
  "one planner turn for the three calls (step 2)": "三个调用只用一个规划器回合（第 2 步）",
  "the publish landed before its approval": "发布在批准之前落地了",
  "the publish did not land once after approval": "批准后发布没有恰好落地一次",
  "the malformed read reached the executor, or the valid read did not run once":
    "格式错误的读取到达了执行器，或有效的读取没有恰好执行一次",
  "approval_required after start": "开始后为 approval_required",
  "run_shell denied": "run_shell 被拒绝",
  "malformed call rejected with invalid_arguments": "格式错误的调用以 invalid_arguments 被拒绝",
  "read, write and publish ok": "读取、写入和发布都为 ok",
  "the writes did not run before the interrupt": "中断前写入没有执行",
  "a write ran again on resume": "恢复时某个写入再次执行了",
  "the publish ran before its approval, or other than once": "发布在批准之前执行，或没有恰好执行一次",
  "approval_required after start and after the restart": "开始后和重启后都为 approval_required",
  "the declined publish ran, or the sibling's token approved it": "被拒绝的发布执行了，或同批调用的令牌批准了它",
  "the read ran other than once": "读取没有恰好执行一次",
  "the sibling's token refused as approval_args_mismatch": "同批调用的令牌以 approval_args_mismatch 被拒绝",
  "approved publish ok": "已批准的发布为 ok",
  "declined publish told approval_declined": "被拒绝的发布被告知 approval_declined",
  "the write in flight at the crash landed twice, or never": "崩溃时正在进行的写入落地了两次，或一次也没有",
  "a call that had finished before the crash ran again": "崩溃前已完成的调用再次执行了",
  "the publish with no recorded outcome was run again": "没有记录结果的发布被再次执行了",
  "tool_uncertain names the publish's crash": "tool_uncertain 指出了发布的崩溃",
  "reconcile_required before the operator confirms": "操作员确认前为 reconcile_required",
  "a write ran again when the node re-ran on resume": "恢复时节点重跑，某个写入再次执行了",
  "the publish did not run exactly once": "发布没有恰好执行一次",
  "the model was not answered once per call": "模型没有为每个调用各得到一次回答",
  "every call ok": "每个调用都为 ok",
  "the session was not taken back to its approval point (an engine without rewindToApproval is refused rewind_unsupported)":
    "会话没有回到它的批准点（没有 rewindToApproval 的引擎会以 rewind_unsupported 被拒绝）",
  "after the rewind the session waits for approval again": "回退后会话再次等待批准",
  "the token sent after the rewind ran the publish again": "回退后发送的令牌再次执行了发布",
  "the replayed token is refused approval_already_used and the call keeps waiting":
    "重放的令牌以 approval_already_used 被拒绝，调用继续等待",
  "the spent approval ran the publish again after the rewind (or it never ran)":
    "已用过的批准在回退后再次执行了发布（或发布从未执行）",
  "the new decline at the old approval point is what counts: a declined tool message, and the run ends done":
    "在旧批准点上的新拒绝才算数：一条 declined 工具消息，运行以 done 结束",
  "the new process ran the publish again on resume": "新进程在恢复时再次执行了发布",
  "the new process still waits for approval": "新进程仍在等待批准",
  "the fresh token is refused approval_already_used": "新签发的令牌以 approval_already_used 被拒绝",
  "the declined publish ran: a token minted before the decline still worked":
    "被拒绝的发布执行了：拒绝之前签发的令牌仍然有效",
  "the model was not told of the decline exactly once": "没有恰好告诉模型一次它的调用被拒绝了",
  "the decline ends the run (done)": "拒绝使运行结束（done）",
  "the token minted before the decline is refused approval_already_used and the call keeps waiting":
    "拒绝之前签发的令牌以 approval_already_used 被拒绝，调用继续等待",
  "the model got one answer, the decline, and the run ends done": "模型只得到一个回答，即拒绝，运行以 done 结束",
  "the approved batch did not run: the write and the publish did not execute once each before the rewind":
    "已批准的批次没有执行：回退前写入和发布没有各执行一次",
  "the publish ran again after the rewind: the spent approval was used twice":
    "回退后发布再次执行：已用过的批准被使用了两次",
  "the write ran again after the rewind": "回退后写入再次执行了",
  "the replayed token is refused approval_already_used": "重放的令牌以 approval_already_used 被拒绝",
  "the new decline at the old approval point is what counts: the publish told approval_declined, and the run ends done":
    "在旧批准点上的新拒绝才算数：发布被告知 approval_declined，运行以 done 结束",
  "the approved publish never ran on the first resume": "已批准的发布在第一次恢复时从未执行",
  "the approved publish ran again when the same approved state was resumed again, or in a new process":
    "同一个已批准的状态再次恢复或在新进程中恢复时，已批准的发布再次执行了",
  "the write landed other than once": "写入的落地次数不是一次",
  "a secret reached the executor, or landed": "机密信息到达了执行器，或落地了",
  "all 8 calls are refused as sensitive_input": "8 次调用都以 sensitive_input 被拒绝",
  "a raw secret is in what the run stored: checkpoints, trace, ledger, artifacts, executor, engine storage, database rows":
    "运行存储的内容中有原始机密信息：检查点、跟踪、账本、工件、执行器、引擎存储、数据库行",
  "the run's stored bytes could not be searched (its goal is not found in them)":
    "无法搜索运行存储的字节（其中找不到运行的目标）",
  "the turn carrying secrets ran": "携带机密信息的回合执行了",
  "only the clean call runs, once": "只有干净的调用执行，且只执行一次",
  "the turn with secrets is refused as sensitive_input, the clean call answers with no code":
    "带机密信息的回合以 sensitive_input 被拒绝，干净的调用回答时不带代码",
  "a call did not run once (executor calls 2, side effects 1)":
    "有调用没有恰好执行一次（执行器调用 2 次，副作用 1 次）",
  "both calls answer ok": "两次调用都回答 ok",
  "the write's answer reaches the model with [redacted] in place": "写入的回答以 [redacted] 代替后到达模型",
  "the stored final answer carries [redacted]": "存储的最终回答带有 [redacted]",
  "the batch carrying secrets ran, or the clean batch did not run each call once":
    "携带机密信息的批次执行了，或干净的批次没有让每个调用恰好执行一次",
  "the batch with secrets is refused as sensitive_input": "带机密信息的批次以 sensitive_input 被拒绝",
  "the clean batch's answers reach the model ok and [redacted]": "干净批次的回答以 ok 且带 [redacted] 到达模型",
  "the goal's clean words were lost from what the run stored": "目标中的干净文字从运行存储的内容中丢失了",
  "the read did not run once, or something landed": "读取没有恰好执行一次，或有内容落地了",
  "the stored goal carries [redacted]": "存储的目标带有 [redacted]",
  "the call waiting for approval ran, or something landed": "等待批准的调用执行了，或有东西落地了",
  "the run ends approval_required": "运行以 approval_required 结束",
  "the engine never settled: it kept working past the run's work budget":
    "引擎始终没有停下：它超出了运行的工作预算仍在工作",
  "a call that was already approved and run ran again on a later resume":
    "一个已批准并执行过的调用在之后的恢复中又执行了",
  "a publish landed before its approval": "发布在批准之前就落地了",
  "the run never answered": "运行始终没有给出回答",
  "an answer reached a call it was not given for: the declined publish ran too":
    "回答到达了不属于它的调用：被拒绝的发布也执行了",
  "the approved publish never ran": "已批准的发布始终没有执行",
  "the declined publish told approval_declined": "被拒绝的发布被告知 approval_declined",
  "a publish ran that no person approved": "执行了一个没有任何人批准的发布",
  "the newer publish was not left to a person": "较新的发布没有留给人来决定",
  "the stale approval refused (approval_not_pending, or approval_already_used: its call was decided); the newer call keeps waiting":
    "过期的批准被拒绝（approval_not_pending，或 approval_already_used：它的调用已有决定）；较新的调用继续等待",
  "after the crash the run never finished: no process took it up and no person could act on it":
    "崩溃后运行始终没有结束：没有进程接手，也没有人能对它采取行动",
  "the publish landed twice": "发布落地了两次",
  "reconcile_required after the restart": "重启后为 reconcile_required",
  "a forged approval ran the publish": "伪造的批准执行了发布",
  "the forgery refused approval_bad_signature": "伪造的批准以 approval_bad_signature 被拒绝",
  "a publish landed with the audience written into the store (public)": "以写入存储的受众（public）发布的报告落地了",
  "the approved publish to the team did not land exactly once": "批准的面向 team 的发布没有恰好落地一次",
  "the edited state is refused checkpoint_tampered on every read, the approval and the resume, and nothing runs":
    "被编辑的状态在每次读取、批准和恢复时都以 checkpoint_tampered 被拒绝，什么都不执行",
  "undone, the session waits for approval again and the run ends done":
    "撤销编辑后，会话再次等待批准，运行以 done 结束",
  "the same write landed twice": "同一写入落地了两次",
  "the approved publish did not land exactly once": "批准的发布没有恰好落地一次",
  "the write answers ok, then replayed, then (its outcome forgotten) key_in_flight or uncertain":
    "该写入先回答 ok，再回答 replayed，然后（其结果被遗忘后）回答 key_in_flight 或 uncertain",
  "the restored publish was dispatched again: it landed twice": "恢复后的发布被再次派发：它落地了两次",
  "the new process takes the outcome from the ledger and the run ends done, nothing uncertain":
    "新进程从账本取得结果，运行以 done 结束，没有任何不确定",
  "the new process stops in reconcile_required, tool_uncertain naming crash_before_outcome":
    "新进程停在 reconcile_required，tool_uncertain 指明 crash_before_outcome",
};

/** The Chinese of each column's expected signal (its `expected`), by its English wording. */
export const EXPECTED_ZH: Readonly<Record<string, string>> = {
  "Validation comes first: a failing call is rejected before execute and the model is told to rewrite its arguments (0 executor calls, 0 side effects).":
    "先验证：失败的调用在执行前被拒绝，并告诉模型改写参数（执行器调用 0 次，副作用 0 次）。",
  "approval_required with no side effect: the pending call is recorded and nothing runs until a person approves.":
    "approval_required 且没有副作用：待批准的调用被记录下来，在有人批准之前什么都不执行。",
  "The same key with the same arguments answers replayed with the stored result: 1 executor call, 1 side effect.":
    "同一个键、同样的参数回答 replayed 并带回存储的结果：执行器调用 1 次，副作用 1 次。",
  "The intent is checkpointed before execute; after the crash, recovery follows the intent under the same key: exactly 1 side effect.":
    "意图在执行前写入检查点；崩溃后，恢复按意图在同一个键下进行：恰好 1 次副作用。",
  "The run stops in reconcile_required and keeps a tool_uncertain trace; the same key only answers uncertain; an explicit confirm writes tool_reconciled and the run continues its text step without executing the side effect again.":
    "运行停在 reconcile_required 并保留 tool_uncertain 跟踪；同一个键只回答 uncertain；明确的确认写入 tool_reconciled，运行继续其文本步骤而不再次执行副作用。",
  "An outcome the harness cannot know is uncertain: the run stops in reconcile_required with tool_uncertain, and nothing retries it automatically.":
    "框架无法知道的结果就是不确定的：运行停在 reconcile_required 并带有 tool_uncertain，不会被自动重试。",
  "Transient failures before dispatch retry under the same key with backoff, at most 3 times; exactly 1 side effect.":
    "派发前的暂时性失败在同一个键下退避重试，最多 3 次；恰好 1 次副作用。",
  "After 3 retries the run ends failed with retries_exhausted in its trace, and nothing landed.":
    "3 次重试后运行以 failed 结束，跟踪中有 retries_exhausted，且没有任何内容落地。",
  "A read-only call that timed out may run again: nothing can have changed, so it retries and the run goes on.":
    "超时的只读调用可以再次执行：不可能有任何改变，因此它会重试，运行继续。",
  "Validation comes first: each malformed output is rejected before execute with its own code and returned to the model to rewrite; nothing runs.":
    "先验证：每个格式错误的输出都在执行前以各自的代码被拒绝，并返回给模型改写；什么都不执行。",
  "The token hashes the arguments, session id and expiry and the backend checks it: every tampered or foreign token is refused with its own code, and only the real approval runs the call, once.":
    "令牌对参数、会话 id 和过期时间做哈希，由后端检查：每个被篡改或他处的令牌都以各自的代码被拒绝，只有真正的批准执行该调用，且只执行一次。",
  "A token is single-use: replayed for the next identical call it is refused as already used, after the run as not pending; each publish needs its own approval.":
    "令牌只能用一次：为下一个相同调用重放时以已使用被拒绝，运行结束后以未待批准被拒绝；每次发布都需要各自的批准。",
  "A token for other arguments is refused (approval_args_mismatch); declined, nothing is published and the model is told.":
    "针对其他参数的令牌被拒绝（approval_args_mismatch）；拒绝后什么都不发布，并告诉模型。",
  "The same key with other arguments is an error (key_reused_with_other_arguments) and nothing executes again.":
    "同一个键配其他参数是错误（key_reused_with_other_arguments），不会再次执行任何内容。",
  "The same key while in flight elsewhere is a conflict (key_in_flight) with no execution.":
    "同一个键在他处执行中时是冲突（key_in_flight），不执行。",
  "The intent is checkpointed before execute; after the crash the idempotent write follows its intent under the same key and lands nothing new: 1 side effect.":
    "意图在执行前写入检查点；崩溃后幂等写入按意图在同一个键下进行，不再落地新内容：1 次副作用。",
  "A high-risk call whose intent has no recorded outcome is uncertain after the crash: reconcile_required, no second publish, until a person confirms (tool_reconciled).":
    "意图没有记录结果的高风险调用在崩溃后是不确定的：reconcile_required，不进行第二次发布，直到有人确认（tool_reconciled）。",
  "A restart neither loses nor grants the approval: still approval_required with 0 side effects, then one run once approved.":
    "重启既不丢失也不授予批准：仍为 approval_required 且副作用为 0，批准后执行一次。",
  "Tool output is marked as data, not instruction: the injected request changes nothing and policy still gates the publish (approval_required, 0 side effects).":
    "工具输出被标记为数据而非指令：注入的请求不改变任何东西，策略仍然把关发布（approval_required，副作用 0 次）。",
  "run_shell stays registered and is refused every time with always_deny; it never executes.":
    "run_shell 仍然注册，但每次都以 always_deny 被拒绝；它从不执行。",
  "A planner that never stops ends in step_limit at max_steps 8.":
    "永不停止的规划器在 max_steps 8 处以 step_limit 结束。",
  "Declined: nothing runs, the model is told (approval_declined), and the run goes on.":
    "被拒绝：什么都不执行，告诉模型（approval_declined），运行继续。",
  "An executor reached past the contract runs nothing: every bare call is refused (bare_executor) with 0 executor calls and 0 side effects; the only call that runs is the approved publish, once, with its ledger entry and trace.":
    "绕过契约取得的执行器什么都不执行：每次裸调用都被拒绝（bare_executor），执行器调用 0 次，副作用 0 次；唯一执行的调用是已批准的发布，只执行一次，并有其账本条目和跟踪。",
  "Three read-only calls in one turn each run once; three tool messages in call order carry their call ids; no side effect.":
    "一个回合中的三个只读调用各执行一次；三条工具消息按调用顺序带有各自的调用 id；没有副作用。",
  "In one turn the read and the write run, run_shell is refused, the malformed call is rejected with its issues, and the publish waits for its own approval with zero side effects.":
    "在一个回合中，读取和写入执行，run_shell 被拒绝，格式错误的调用连同其问题被拒绝，发布等待自己的批准且副作用为零。",
  "Siblings execute once: the two writes run before the interrupt and never again on resume; the publish runs once, after approval.":
    "同批调用各执行一次：两个写入在中断前执行，恢复时不再执行；发布在批准后执行一次。",
  "Approved calls run, rejected calls get synthetic results: one publish lands, the declined one never runs and the model is told; a token bound to one call does not approve its sibling.":
    "批准的调用执行，被拒绝的调用得到合成结果：一次发布落地，被拒绝的那次从不执行并告诉模型；绑定到一个调用的令牌不能批准它的同批调用。",
  "After a crash mid-batch each call follows its intent: the write that was in flight runs again under its key and lands once, its finished siblings (a write and a read) are not executed again, and the publish with no recorded outcome is uncertain until a person confirms.":
    "批次中途崩溃后，每个调用按各自的意图进行：正在进行的写入在其键下再次执行并只落地一次，已完成的同批调用（一次写入和一次读取）不再执行，没有记录结果的发布在有人确认之前是不确定的。",
  "Siblings execute once even when the node that ran them is re-run on resume: the ledger replays the completed writes; the publish runs once, after approval.":
    "即使执行它们的节点在恢复时重跑，同批调用也只执行一次：账本重放已完成的写入；发布在批准后执行一次。",
  "A token works once across every history: after a rewind the spent token is refused with approval_already_used, nothing runs again, and a new decline at the old approval point is honoured.":
    "令牌在所有历史中只能用一次：回退后，已用过的令牌以 approval_already_used 被拒绝，什么都不再执行，在旧批准点上的新拒绝得到尊重。",
  "The approval of a call that already ran is spent for good: even a freshly signed token for it is refused approval_already_used in a new process, and nothing runs again.":
    "已经执行过的调用的批准永久作废：即使为它新签发的令牌，在新进程中也以 approval_already_used 被拒绝，什么都不再执行。",
  "A person's no is final for every token of that call: the decline spends the approval, so a token minted before it is refused approval_already_used after a rewind, and nothing runs.":
    "一个人的“不”对该调用的每个令牌都是最终的：拒绝用掉了批准，因此回退后，拒绝之前签发的令牌以 approval_already_used 被拒绝，什么都不执行。",
  "The spent approval survives a restart: in a new process the token minted before the decline is refused approval_already_used, and nothing runs.":
    "用过的批准在重启后依然作废：在新进程中，拒绝之前签发的令牌以 approval_already_used 被拒绝，什么都不执行。",
  "A batch approval works once across every history: after a rewind the spent token is refused with approval_already_used, the publish ran exactly once, and a new decline at the old approval point is honoured.":
    "批次批准在所有历史中只能用一次：回退后，已用过的令牌以 approval_already_used 被拒绝，发布恰好执行一次，在旧批准点上的新拒绝得到尊重。",
  "An approval is used once on the server's side: resuming the same approved state twice runs the approved call once.":
    "批准在服务器端只使用一次：同一个已批准的状态恢复两次，已批准的调用只执行一次。",
  "Resuming the same approved turn twice runs each of its calls once: the publish and the write land once each.":
    "同一个已批准的回合恢复两次，它的每个调用只执行一次：发布和写入各落地一次。",
  "Every call carrying a secret is refused as sensitive_input before execute (0 executor calls, 0 side effects). No raw secret reaches the executor, any store, the trace or the evidence.":
    "每个携带机密信息的调用都在执行前以 sensitive_input 被拒绝（执行器调用 0 次，副作用 0 次）。原始机密信息不会到达执行器、任何存储、跟踪或证据。",
  "The turn carrying secrets is refused as sensitive_input and runs nothing; the clean call after it runs once. No raw secret reaches the executor, any store, the trace or the evidence.":
    "携带机密信息的回合以 sensitive_input 被拒绝，什么都不执行；其后的干净调用执行一次。原始机密信息不会到达执行器、任何存储、跟踪或证据。",
  "A tool's answer is redacted before the ledger, the conversation or an artifact store holds it; both calls run once. No raw secret reaches the executor, any store, the trace or the evidence.":
    "工具的回答在账本、对话或工件存储保存它之前就被脱敏；两次调用各执行一次。原始机密信息不会到达执行器、任何存储、跟踪或证据。",
  "The final answer is stored with every secret replaced by [redacted]. No raw secret reaches the executor, any store, the trace or the evidence.":
    "最终回答在存储时每个机密信息都被替换为 [redacted]。原始机密信息不会到达执行器、任何存储、跟踪或证据。",
  "The batch carrying secrets is refused as sensitive_input and runs nothing; the clean batch runs each call once, its answers redacted. No raw secret reaches the executor, any store, the trace or the evidence.":
    "携带机密信息的批次以 sensitive_input 被拒绝，什么都不执行；干净的批次让每个调用执行一次，其回答已脱敏。原始机密信息不会到达执行器、任何存储、跟踪或证据。",
  "The goal is stored (in every checkpoint) with every secret replaced by [redacted]; the run reads once and ends done. No raw secret reaches the executor, any store, the trace or the evidence.":
    "目标在存储时（在每个检查点中）每个机密信息都被替换为 [redacted]；运行读取一次并以 done 结束。原始机密信息不会到达执行器、任何存储、跟踪或证据。",
  "The run stops in approval_required with nothing run; the goal, in every store and in the engine's own storage of the waiting run, has every secret replaced by [redacted]. No raw secret reaches the executor, any store, the trace or the evidence.":
    "运行停在 approval_required，什么也没有执行；目标在每个存储中以及引擎自己为等待中的运行保存的存储中，每个机密信息都被替换为 [redacted]。原始机密信息不会到达执行器、任何存储、跟踪或证据。",
  "Each call runs once however often its node re-runs: the write before the first stop, each publish once after its own approval.":
    "无论节点重跑多少次，每个调用只执行一次：写入在第一次停下之前执行，每个发布在各自批准之后执行一次。",
  "Each answer reaches the call it was given for: the approved publish runs once, the declined one never runs.":
    "每个回答都到达它所针对的调用：已批准的发布执行一次，被拒绝的发布从不执行。",
  "An approval answers only the call it was given for: the stale approval of the declined call is refused and the newer publish, the same request under a new call that nobody saw, does not run.":
    "批准只回答它所针对的调用：被拒绝调用的过期批准被拒绝，而较新的发布（同一请求的新调用，没有人看到过）不会执行。",
  "A decline never runs the call, in a new process as in the old: nothing is published and the model is told.":
    "拒绝从不执行该调用，在新进程中与旧进程中一样：什么都不发布，并告知模型。",
  "A run in flight at a crash is taken up by the new process: it stops where a person can act (reconcile_required), the operator's confirmation is accepted, and the run answers without publishing again.":
    "崩溃时正在进行的运行由新进程接手：它停在人可以采取行动的地方（reconcile_required），操作员的确认被接受，运行给出回答且不再次发布。",
  "Only an approval the server issued runs a call: the forged approval is refused (approval_bad_signature) and nothing is published.":
    "只有服务器签发的批准才能执行调用：伪造的批准被拒绝（approval_bad_signature），什么都不发布。",
  "An edited stored state is never acted on: its seal fails, every read of it is refused checkpoint_tampered and nothing runs; once the edit is undone the call the person asked for runs once, to the team. An engine whose stored state the column cannot reach (store_unreachable) is judged on what it did in the world, its vocabulary not applicable.":
    "被编辑的存储状态绝不会被执行：它的封印校验失败，每次读取都以 checkpoint_tampered 被拒绝，什么都不执行；撤销编辑后，人所要求的调用执行一次，面向 team。该列无法触及其存储状态的引擎（store_unreachable）按它在现实中做了什么来评判，词汇不适用。",
  "A completed write is never dispatched again: sent again it replays its stored result, and once its ledger entry has lost the outcome the same key answers a conflict (key_in_flight) or uncertain, never a second write: 1 side effect. An engine whose ledger the column cannot reach is judged on what it did in the world.":
    "已完成的写入绝不会再次派发：再次发送时重放其存储的结果；当其账本条目丢失结果后，同一个键回答冲突（key_in_flight）或 uncertain，绝不会第二次写入：副作用 1 次。该列无法触及其账本的引擎按它在现实中做了什么来评判。",
  "A restored intent whose outcome the ledger holds is recovered from the ledger, never dispatched again: 1 publish and the run ends done. An engine whose state the column cannot reach is judged on what it did in the world.":
    "账本保存着结果的已恢复意图从账本中取回结果，绝不会再次派发：发布 1 次，运行以 done 结束。该列无法触及其状态的引擎按它在现实中做了什么来评判。",
  "A restored intent whose ledger entry lost its outcome is uncertain, never dispatched again: reconcile_required with tool_uncertain (crash_before_outcome) and 1 publish. An engine whose state the column cannot reach is judged on what it did in the world.":
    "账本条目丢失了结果的已恢复意图是不确定的，绝不会再次派发：reconcile_required，带 tool_uncertain（crash_before_outcome），发布 1 次。该列无法触及其状态的引擎按它在现实中做了什么来评判。",
};
