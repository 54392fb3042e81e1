/**
 * The values the adapter takes from @langchain/langgraph and its checkpoint savers, loaded through
 * `require` (the packages' own CommonJS builds). Why: a command run by tsx loads ES modules through
 * tsx's loader thread, one message each way per file, and LangGraph with @langchain/core and
 * langsmith is some 500 files; through `require` they load in this thread, about a second sooner
 * (`compare --framework langgraph`). Every adapter module takes these values from here, so the
 * classes LangGraph tests with `instanceof` (Command, Send) and the savers' base class come from
 * one copy (the durable savers, `durable-checkpointer.ts` and `postgres-checkpointer.ts`, load the
 * same way); types are still imported from the packages (a type import loads nothing). Both packages
 * come through `packages.cjs`, which `compare` may offer from a bundle of them (`requireLikeCaller`).
 */
import type * as Checkpoint from "@langchain/langgraph-checkpoint";
import type * as LangGraph from "@langchain/langgraph";
import type * as Runnables from "@langchain/core/runnables";
import { requireLikeCaller } from "../../durable/load-run.js";

type Packages = { readonly langgraph: typeof LangGraph; readonly runnables: typeof Runnables };
const { langgraph, runnables } = requireLikeCaller<Packages>(import.meta.url, "./packages.cjs");

export const { Annotation, Command, END, INTERRUPT, interrupt, Send, START, StateGraph } = langgraph;

export const BaseCheckpointSaver = langgraph.BaseCheckpointSaver;
export type BaseCheckpointSaver<V extends string | number = number> = Checkpoint.BaseCheckpointSaver<V>;
export const MemorySaver = langgraph.MemorySaver;
export type MemorySaver = LangGraph.MemorySaver;

/** The base of the route the graph hands LangGraph (`graph.ts`), from the same copy of @langchain/core LangGraph runs on. */
export const { Runnable } = runnables;
export type Runnable<I = unknown, O = unknown> = Runnables.Runnable<I, O>;
export type Send = LangGraph.Send;
