/** The planner seam: whatever proposes the next step. This project only ever plugs in a FixtureModel. */
import type { AgentState } from "./state.js";

export type Planner = {
  /** Raw planner text for the state's next turn. Must be a pure function of the state, so a re-run node asks again safely. */
  respond(state: AgentState): Promise<string>;
};
