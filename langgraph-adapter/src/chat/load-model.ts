/** Loads the chat model a user's module exports: `default` or `model`, a model or a function that builds one. */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { err, ok, type Result } from "../../../contract/index.js";
import { isChatModel, type ChatModel } from "./model.js";

export type LoadedModel = { readonly model: ChatModel; readonly label: string | null };
export type LoadModelError = { readonly code: "model_not_loaded" | "model_not_chat_model"; readonly message: string };

export async function loadChatModel(path: string, cwd: string): Promise<Result<LoadedModel, LoadModelError>> {
  let module: Record<string, unknown>;
  try {
    module = (await import(pathToFileURL(resolve(cwd, path)).href)) as Record<string, unknown>;
  } catch (e) {
    return err({ code: "model_not_loaded", message: `cannot import ${path}: ${firstLine((e as Error).message)}` });
  }
  let candidate = module["default"] ?? module["model"];
  try {
    if (typeof candidate === "function" && !isChatModel(candidate)) candidate = await (candidate as () => unknown)();
  } catch (e) {
    return err({
      code: "model_not_loaded",
      message: `${path}: building the model failed: ${firstLine((e as Error).message)}`,
    });
  }
  if (!isChatModel(candidate))
    return err({
      code: "model_not_chat_model",
      message: `${path} exports no LangChain chat model with bindTools (export default, or export const model, a BaseChatModel or a function returning one)`,
    });
  const label = typeof module["label"] === "string" ? module["label"] : null;
  return ok({ model: candidate, label });
}

function firstLine(text: string): string {
  return (text.split("\n")[0] ?? text).trim();
}
