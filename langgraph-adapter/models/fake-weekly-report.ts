/**
 * The model behind routes/route_weekly_report.route.json: NOT a real model. Each turn is one of
 * @langchain/core's fake chat models, scripted to read the sales table, save a summary, ask to
 * publish it, and answer. It shows the recording and replay machinery; it says nothing about
 * how any real model plans.
 */
import { fakeTextTurn, fakeToolTurn, ScriptedChatModel } from "../src/chat/scripted-model.js";

export const label =
  "recorded from a fake model (@langchain/core FakeStreamingChatModel turns, OpenAI and Anthropic tool styles): shows the machinery, not planner quality";

export default new ScriptedChatModel({
  turns: [
    fakeToolTurn([{ name: "read_table", args: { table: "sales", limit: 10 } }], "openai"),
    fakeToolTurn(
      [{ name: "save_artifact", args: { name: "weekly-summary", content: "Signups grow by about 3 a week." } }],
      "anthropic",
      [{ type: "text", text: "Saving the summary first." }],
    ),
    fakeToolTurn([{ name: "publish_report", args: { artifact: "art_weekly", audience: "team" } }], "openai"),
    fakeTextTurn("Published the weekly summary to the team."),
  ],
});
