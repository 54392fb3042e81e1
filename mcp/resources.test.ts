/** Resources and prompts through an official SDK client: tables, artifacts, traces, templates and one prompt. */
import { afterEach, describe, expect, it } from "vitest";
import { FIXTURE_TABLES } from "../handwritten/fixtures/index.js";
import { bodyOf, connectInMemory, type InMemoryHarness } from "../scenarios/mcp/in-memory.js";

let harness: InMemoryHarness;
afterEach(async () => harness?.close());

const codeOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return { code: (error as { code?: number }).code, message: (error as Error).message };
  }
  throw new Error("expected a JSON-RPC error");
};

describe("resources", () => {
  it("lists the fixture tables and reads them as JSON rows", async () => {
    harness = await connectInMemory();
    const { resources } = await harness.client.listResources();
    expect(resources.map((r) => r.uri)).toEqual(["table://sales", "table://support_notes"]);
    const read = await harness.client.readResource({ uri: "table://support_notes" });
    const [content] = read.contents;
    expect(content?.mimeType).toBe("application/json");
    expect(JSON.parse((content as { text: string }).text)).toEqual(FIXTURE_TABLES.support_notes);
  });

  it("lists its templates", async () => {
    harness = await connectInMemory();
    const { resourceTemplates } = await harness.client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual([
      "table://{name}",
      "artifact://{id}",
      "trace://{session_id}",
    ]);
  });

  it("answers a well-formed URI naming nothing and a malformed one with -32602 and different reasons", async () => {
    harness = await connectInMemory();
    const missing = await codeOf(harness.client.readResource({ uri: "table://payroll" }));
    expect(missing).toMatchObject({ code: -32602 });
    expect(missing.message).toContain("Resource not found: table://payroll");
    for (const uri of ["file:///etc/passwd", "table://../../etc/passwd", "artifact://art_../x", "trace://a/b"]) {
      const malformed = await codeOf(harness.client.readResource({ uri }));
      expect(malformed).toMatchObject({ code: -32602 });
      expect(malformed.message).toContain("malformed resource URI");
    }
  });

  it("refuses a trace URI whose session holds a secret as sensitive_identifier, without echoing it", async () => {
    harness = await connectInMemory();
    const token = ["ghp", "_", "R8wq2JmZt5Kx7Vn3Lp9Yc4Hd6Fs1Gb0Ae2X"].join("");
    const refused = await codeOf(harness.client.readResource({ uri: `trace://s-${token}` }));
    expect([refused.code, refused.message.includes(token)]).toEqual([-32602, false]);
    expect(refused.message).toContain("sensitive_identifier: ");
  });

  it("announces an artifact saved by save_artifact with list_changed, lists it and reads it", async () => {
    harness = await connectInMemory();
    let changed = 0;
    harness.client.setNotificationHandler("notifications/resources/list_changed", () => void changed++);
    const result = await harness.client.callTool({
      name: "save_artifact",
      arguments: { name: "fit.json", content: "slope=3" },
    });
    const output = bodyOf(result).output as { artifact_id: string };
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(changed).toBe(1);
    const { resources } = await harness.client.listResources();
    expect(resources.map((r) => r.uri)).toContain(`artifact://${output.artifact_id}`);
    const read = await harness.client.readResource({ uri: `artifact://${output.artifact_id}` });
    expect(read.contents[0]).toMatchObject({ text: "slope=3", mimeType: "text/plain" });
    expect(harness.world.totalEffects("save_artifact")).toBe(1);
  });

  it("lists the saved artifacts again only after one was saved, and still announces each new one", async () => {
    harness = await connectInMemory();
    let changed = 0;
    harness.client.setNotificationHandler("notifications/resources/list_changed", () => void changed++);
    const { catalog } = harness.deps;
    let listings = 0;
    const list = catalog.savedArtifacts.bind(catalog);
    (catalog as { savedArtifacts: typeof list }).savedArtifacts = () => (listings++, list());
    const read = () => harness.client.callTool({ name: "read_table", arguments: { table: "sales", limit: 1 } });
    const save = (content: string) =>
      harness.client.callTool({ name: "save_artifact", arguments: { name: "fit.json", content } });
    const settle = () => new Promise((resolve) => setTimeout(resolve, 10));
    for (let i = 0; i < 3; i++) await read();
    expect(listings).toBe(0);
    await save("slope=3");
    for (let i = 0; i < 3; i++) await read();
    await settle();
    expect([changed, listings]).toEqual([1, 1]);
    await save("slope=4");
    await read();
    await settle();
    expect([changed, listings]).toEqual([2, 2]);
  });

  it("returns a large output as a summary and a resource link that reads the whole output", async () => {
    harness = await connectInMemory();
    const result = await harness.client.callTool({ name: "read_table", arguments: { table: "sales", limit: 60 } });
    const output = bodyOf(result).output as { artifact: string; summary: string };
    expect(output.artifact).toMatch(/^artifact:sha256:[0-9a-f]{64}$/);
    const link = result.content.find((block) => block.type === "resource_link");
    expect(link).toMatchObject({ uri: `artifact://sha256-${output.artifact.slice("artifact:sha256:".length)}` });
    const read = await harness.client.readResource({ uri: (link as { uri: string }).uri });
    const whole = JSON.parse((read.contents[0] as { text: string }).text) as { rows: unknown[] };
    expect(whole.rows).toEqual(FIXTURE_TABLES.sales);
  });

  it("reads a session's trace, redacted, one event per fact", async () => {
    harness = await connectInMemory();
    const meta = { "agent-harness/session": "traced" };
    await harness.client.callTool({
      name: "publish_report",
      arguments: { artifact: "art_x", audience: "team" },
      _meta: meta,
    });
    const read = await harness.client.readResource({ uri: "trace://traced" });
    const events = JSON.parse((read.contents[0] as { text: string }).text) as { type: string; session_id: string }[];
    expect(events.map((e) => e.type)).toEqual([
      "run_started",
      "planner_responded",
      "call_validated",
      "approval_requested",
    ]);
    expect(new Set(events.map((e) => e.session_id))).toEqual(new Set(["traced"]));
    expect(await codeOf(harness.client.readResource({ uri: "trace://never-used" }))).toMatchObject({ code: -32602 });
  });
});

describe("prompts", () => {
  it("lists work_with_harness and fills in the goal, every tool, the four risk classes and the approval rule", async () => {
    harness = await connectInMemory();
    const { prompts } = await harness.client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(["work_with_harness"]);
    expect(prompts[0]?.arguments?.find((a) => a.name === "goal")?.required).toBe(true);
    const prompt = await harness.client.getPrompt({ name: "work_with_harness", arguments: { goal: "fit signups" } });
    const text = (prompt.messages[0]?.content as { text: string }).text;
    expect(text).toContain("Goal: fit signups");
    for (const tool of ["read_table", "run_regression", "save_artifact", "publish_report", "run_shell"])
      expect(text).toContain(`- ${tool} (`);
    for (const risk of ["read_only:", "idempotent_write:", "high_risk:", "always_deny:"]) expect(text).toContain(risk);
    expect(text).toContain('_meta["agent-harness/approval"]');
  });

  it("refuses an unknown prompt and a missing goal with -32602", async () => {
    harness = await connectInMemory();
    expect(await codeOf(harness.client.getPrompt({ name: "nope" }))).toMatchObject({ code: -32602 });
    expect(await codeOf(harness.client.getPrompt({ name: "work_with_harness", arguments: {} }))).toMatchObject({
      code: -32602,
    });
  });
});
