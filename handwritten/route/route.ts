/**
 * A frozen planner route: every turn a real chat model answered while a scenario ran, as data.
 * Replaying it needs no model and no @langchain package. The file is versioned and sealed by a
 * digest over everything else in it, so an edited route is refused rather than replayed.
 */
import { z } from "zod";
import { digest, err, ok, type JsonValue, type Result } from "../../contract/index.js";

export const ROUTE_SCHEMA = "agent-harness.route.v1";

const Json: z.ZodType<JsonValue> = z.lazy(() =>
  z.union([z.null(), z.boolean(), z.number(), z.string(), z.array(Json), z.record(z.string(), Json)]),
);
const Sha256 = z.string().regex(/^[0-9a-f]{64}$/);

/** A call the model made, its arguments parsed. */
const RouteToolCall = z.strictObject({ id: z.string().nullable(), name: z.string(), args: Json });
/** A call whose arguments did not parse, kept as the model wrote them. */
const RouteInvalidCall = z.strictObject({
  id: z.string().nullable(),
  name: z.string().nullable(),
  args: z.string().nullable(),
  error: z.string().nullable(),
});

const RouteTurn = z.strictObject({
  /** The planner turn this answers: the state's `step` when the model was asked. */
  step: z.number().int().min(0),
  text: z.string(),
  tool_calls: z.array(RouteToolCall),
  invalid_tool_calls: z.array(RouteInvalidCall),
  /** The model's message as it reported it (content blocks, metadata), redacted. */
  raw: Json,
});

const RouteBody = z.strictObject({
  schema: z.literal(ROUTE_SCHEMA),
  id: z.string().regex(/^[A-Za-z0-9._-]{1,100}$/),
  /** What the route is, in words: a fake model's route says so here. */
  label: z.string().min(1),
  scenario: z.string(),
  model: z.strictObject({ name: z.string(), provider: z.string().nullable(), params: z.record(z.string(), Json) }),
  /** The system prompt the model saw before the scenario's goal. */
  prompt: z.string(),
  tools: z.array(z.string()),
  tools_digest: Sha256,
  turns: z.array(RouteTurn),
});
export const RouteFile = RouteBody.extend({ digest: Sha256 });

export type RouteToolCall = z.infer<typeof RouteToolCall>;
export type RouteInvalidCall = z.infer<typeof RouteInvalidCall>;
export type RouteTurn = z.infer<typeof RouteTurn>;
export type RouteBody = z.infer<typeof RouteBody>;
export type Route = z.infer<typeof RouteFile>;

/** Codes of a file that is not a valid route (exit 2 where a command ends on one). */
export const ROUTE_FILE_ERRORS = [
  "route_not_json",
  "route_bad_shape",
  "route_digest_mismatch",
  "route_bad_steps",
] as const;
/** Codes of a valid route this checkout cannot replay (exit 3: not measured). */
export const ROUTE_UNMEASURABLE = [
  "route_unknown_scenario",
  "route_tools_missing",
  "route_tools_changed",
  "route_exhausted",
] as const;
export type RouteErrorCode = (typeof ROUTE_FILE_ERRORS)[number] | (typeof ROUTE_UNMEASURABLE)[number];
export type RouteError = { readonly code: RouteErrorCode; readonly message: string };

export const isRouteFileError = (error: RouteError) => (ROUTE_FILE_ERRORS as readonly string[]).includes(error.code);

/** The route with its digest: sha256 of the canonical JSON of everything else. */
export function sealRoute(body: RouteBody): Route {
  return { ...body, digest: digest(body) };
}

/** Reads a route file's text: JSON, the schema, turns in step order, and its own digest. */
export function parseRoute(text: string): Result<Route, RouteError> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return err({ code: "route_not_json", message: `the route is not JSON: ${(e as Error).message}` });
  }
  const parsed = RouteFile.safeParse(data);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .slice(0, 3)
      .map((i) => `${["$", ...i.path.map(String)].join(".")}: ${i.message}`);
    return err({ code: "route_bad_shape", message: `not an ${ROUTE_SCHEMA} file: ${issues.join("; ")}` });
  }
  const { digest: stated, ...body } = parsed.data;
  const actual = digest(body);
  if (actual !== stated)
    return err({
      code: "route_digest_mismatch",
      message: `the route's digest ${stated.slice(0, 12)}… does not match its content (${actual.slice(0, 12)}…): it was edited after recording`,
    });
  const misplaced = body.turns.findIndex((turn, i) => turn.step !== i);
  if (misplaced >= 0)
    return err({ code: "route_bad_steps", message: `turn ${misplaced} answers step ${body.turns[misplaced]?.step}` });
  return ok(parsed.data);
}
