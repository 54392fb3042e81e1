/** The route columns by name (scenarios/route-columns.ts), with nothing loaded: `route:record --scenario` is checked and listed from here. */
export const ROUTE_COLUMN_NAMES = ["route_weekly_report", "route_injected_note"] as const;
export type RouteColumnName = (typeof ROUTE_COLUMN_NAMES)[number];
export const isRouteColumnName = (name: string): name is RouteColumnName =>
  (ROUTE_COLUMN_NAMES as readonly string[]).includes(name);
