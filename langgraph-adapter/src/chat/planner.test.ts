/**
 * The planner suite (test/planners) against the recording planner over @langchain/core's
 * FakeListChatModel, which answers from a counter: asked twice, it says the next thing. The
 * recording planner keeps each step's answer, so it stays a function of the state anyway.
 */
import { FakeListChatModel } from "@langchain/core/utils/testing";
import { createFixtureRegistry, createFixtureWorld } from "../../../handwritten/fixtures/index.js";
import { behavesLikeAPlanner } from "../../../test/planners/planner-suite.js";
import { bindRegistry } from "./model.js";
import { createRecordingPlanner, ROUTE_PROMPT } from "./planner.js";

const registry = createFixtureRegistry(createFixtureWorld());
const answers = ["Reading first.", "Then saving.", "Then publishing.", "Done.", "Nothing more."];

behavesLikeAPlanner(
  "recording chat planner",
  () => createRecordingPlanner(bindRegistry(new FakeListChatModel({ responses: answers }), registry), ROUTE_PROMPT),
  answers.length,
);
