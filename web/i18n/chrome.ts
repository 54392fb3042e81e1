/** What both teaching pages say around their content: the page links and a failure. */
import type { Catalogue } from "./catalogue.js";

export const CHROME_EN = {
  "nav.pages": "Pages",
  "nav.loop": "Agent loop",
  "nav.flow": "MCP flow",
  "page.failed": "The page failed: {message}",
} as const;

export const CHROME_ZH: Catalogue<keyof typeof CHROME_EN> = {
  "nav.pages": "页面",
  "nav.loop": "智能体主循环",
  "nav.flow": "MCP 流程",
  "page.failed": "页面出错：{message}",
};
