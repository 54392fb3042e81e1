/**
 * LangGraph's checkpointer, sealed. It wraps whichever saver the environment holds (MemorySaver,
 * SqliteSaver, …): `put` stores an HMAC under the server-held secret (the contract's `sealOf`)
 * over the thread, the checkpoint id and the harness's own channels in the checkpoint metadata,
 * and every read (`getTuple`, `list`, and so `getState`, `invoke` and history) checks it. A
 * checkpoint edited in the database throws `CheckpointTamperedError` naming the session; a row
 * whose body is no longer JSON (the saver's `JSON.parse` throws a `SyntaxError`) is `store_tampered`.
 */
import type { Checkpoint, CheckpointTuple } from "@langchain/langgraph";
import { BaseCheckpointSaver } from "./langgraph.js";
import type { CheckpointListOptions, ChannelVersions, PendingWrite } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { TraceChannel } from "./state.js";
import { currentHashOf, digestOfList, openOrThrow, sealOf, type AgentState } from "../../contract/index.js";
import { StoreError } from "../../durable/errors.js";

/** The metadata key that carries the seal. */
export const SEAL_METADATA_KEY = "harness_seal";

type Metadata = Parameters<BaseCheckpointSaver["put"]>[2];

export class SealedCheckpointSaver extends BaseCheckpointSaver {
  constructor(
    private readonly inner: BaseCheckpointSaver,
    private readonly secret: string,
  ) {
    super(inner.serde);
  }

  override async getTuple(config: RunnableConfig): Promise<CheckpointTuple | undefined> {
    const tuple = await parsedOrTampered(config, () => this.inner.getTuple(config));
    return tuple === undefined ? undefined : this.open(tuple);
  }

  override async *list(config: RunnableConfig, options?: CheckpointListOptions): AsyncGenerator<CheckpointTuple> {
    const tuples = this.inner.list(config, options)[Symbol.asyncIterator]();
    for (;;) {
      const next = await parsedOrTampered(config, () => tuples.next());
      if (next.done === true) return;
      yield this.open(next.value);
    }
  }

  override put(
    config: RunnableConfig,
    checkpoint: Checkpoint,
    metadata: Metadata,
    newVersions: ChannelVersions,
  ): Promise<RunnableConfig> {
    const seal = sealOf(this.secret, threadOf(config), sealedPart(checkpoint));
    return this.inner.put(config, checkpoint, { ...metadata, [SEAL_METADATA_KEY]: seal } as Metadata, newVersions);
  }

  override putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string, taskPath?: string): Promise<void> {
    return this.inner.putWrites(config, writes, taskId, taskPath);
  }

  override deleteThread(threadId: string): Promise<void> {
    return this.inner.deleteThread(threadId);
  }

  override getNextVersion(current: number | undefined): number {
    return this.inner.getNextVersion(current);
  }

  private open(tuple: CheckpointTuple): CheckpointTuple {
    const seal = (tuple.metadata as Record<string, unknown> | undefined)?.[SEAL_METADATA_KEY];
    openOrThrow(this.secret, threadOf(tuple.config), sealedPart(tuple.checkpoint), seal);
    return tuple;
  }
}

/** `read`, with a row the saver cannot parse (a body edited into something that is not JSON) as `store_tampered`. */
async function parsedOrTampered<T>(config: RunnableConfig, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    const thread = String(config.configurable?.["thread_id"] ?? "");
    throw new StoreError(
      "store_tampered",
      "langgraph saver",
      `a row of thread ${thread} is not JSON: ${error.message}`,
    );
  }
}

function threadOf(config: RunnableConfig): string {
  const thread: unknown = config.configurable?.["thread_id"];
  if (typeof thread !== "string") throw new Error("a LangGraph checkpoint config without a string thread_id");
  return thread;
}

/**
 * What the seal covers: the checkpoint's id and the harness channels as LangGraph restores them,
 * the agent state as its hash (`currentHashOf`) and the trace as its chain digest (`state-hash.ts`), both
 * recomputed from the content, so sealing a step costs the same however long the session is.
 *
 * A trace that is absent is the empty trace, the channel's default: a channel nothing has written
 * yet (the input checkpoint's, step -1) holds `[]` in memory, which MemorySaver and SqliteSaver
 * store with the checkpoint but PostgresSaver does not (it keeps only channels with a version, as
 * blobs), and LangGraph restores an absent trace as `[]` either way.
 */
function sealedPart(checkpoint: Checkpoint): unknown {
  const { agent, trace } = checkpoint.channel_values as { agent?: AgentState; trace?: TraceChannel };
  return {
    id: checkpoint.id,
    values: {
      ...(agent === undefined ? {} : { agent: currentHashOf(agent) }),
      trace: digestOfList(trace ?? []),
    },
  };
}
