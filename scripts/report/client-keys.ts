/** The messages the page's own script formats after load (the live filter count, the window title). */
import type { MessageKey } from "./messages-en.js";

export const CLIENT_KEYS = ["matrix.shown", "page.title"] as const satisfies readonly MessageKey[];
export type ClientKey = (typeof CLIENT_KEYS)[number];
export const CLIENT_MESSAGES_ID = "report-messages";
