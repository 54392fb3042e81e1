/**
 * Names and sentences of the evidence tools that an entry point prints in its help before it loads
 * them: light on purpose, so a command refuses bad input without loading the checker or the writers.
 */
export const RUNTIME_RECORD_PATH = "evidence/13-runtime-v1.json";
export const MUTATION_EVIDENCE_PATH = "evidence/mutation-v1.json";

export const LEARNER_SCHEMA = "learn-llm.evidence.v1";

export const CANNOT_PROVE =
  "the checker replays every route and comparison here, but it cannot prove that a route was recorded from a real model: a route fabricated from scratch, with plausible metadata, replays like a recorded one";

export const ROUTE_METADATA_RULE =
  "a recorded route carries the provider metadata LangChain reports: model.provider (ls_provider: openai, anthropic, ollama…), model.params.llm_type, and on every turn raw.response_metadata (not empty) and raw.usage_metadata with numeric input_tokens and output_tokens";
