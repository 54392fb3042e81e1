/**
 * npm run report:screenshot: writes the report, opens it from file:// in Debian's Chromium and
 * saves the top of it (the matrix) as docs/report.png, the picture the README shows. Small on
 * purpose: one viewport, not the whole page.
 *
 *   tsx scripts/report-screenshot.ts [--output FILE] [--full]
 */
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { chromium } from "playwright-core";
import { findChromium, helpAsked, parseFlags } from "../cli/index.js";
import { DEFAULT_REPORT, writeReport } from "./report.js";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");

const USAGE = "Usage: tsx scripts/report-screenshot.ts [--output FILE] [--full]   (npm run report:screenshot)";

async function main(argv: readonly string[]): Promise<void> {
  if (helpAsked(argv)) return void process.stdout.write(`${USAGE}\n`);
  const flags = parseFlags(argv, { output: { type: "string" }, full: { type: "boolean" } });
  if (!flags.ok) {
    console.error(`report:screenshot: ${flags.error.message} (${flags.error.code})\n${USAGE}`);
    return void (process.exitCode = 2);
  }
  const output = resolve(flags.value.values.output ?? join(ROOT, "docs", "report.png"));
  const { output: report } = writeReport(join(ROOT, "evidence"), DEFAULT_REPORT);
  const found = findChromium();
  if (!found.found) {
    console.error(`report:screenshot: ${found.reason}`);
    return void (process.exitCode = 2);
  }
  const browser = await chromium.launch({
    executablePath: found.path,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu"],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1100, height: 760 }, reducedMotion: "reduce" });
    // English, whatever the machine's language: the picture the README shows beside English text.
    await page.goto(`${pathToFileURL(report).href}?lang=en`);
    await page.screenshot({ path: output, fullPage: flags.value.values.full === true, animations: "disabled" });
  } finally {
    await browser.close();
  }
  console.log(`report:screenshot: wrote ${output}`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
