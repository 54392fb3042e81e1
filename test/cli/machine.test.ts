/**
 * What a run asks of the machine, decided in one place each: where Chromium is (cli/chromium.ts), what is
 * absent and how that is said (test/setup/requirements.ts), and how limits scale with the machine's pace
 * (test/setup/pace.ts).
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CHROMIUM_ENV, findChromium } from "../../cli/index.js";
import { paced, tooSlow, type Pace } from "../setup/pace.js";
import {
  ciFailure,
  leftOut,
  LEFT_OUT_ENV,
  notMeasuredLine,
  type Absence,
  type Requirement,
} from "../setup/requirements.js";

const scratch = mkdtempSync(join(tmpdir(), "agent-harness-machine-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const executable = (name: string, mode = 0o755) => {
  const path = join(scratch, name);
  writeFileSync(path, "#!/bin/sh\n");
  chmodSync(path, mode);
  return path;
};

describe("findChromium", () => {
  it("takes AGENT_HARNESS_CHROMIUM first, and refuses one that is not an executable file", () => {
    const browser = executable("my-chromium");
    expect(findChromium({ [CHROMIUM_ENV]: browser, PATH: "" })).toEqual({ found: true, path: browser });
    const plain = executable("not-executable", 0o644);
    const refused = findChromium({ [CHROMIUM_ENV]: plain, PATH: "" });
    expect(refused.found ? null : refused.reason).toContain(`${CHROMIUM_ENV}=${plain}`);
  });

  it("else looks it up on PATH, and says how to get one when there is none", () => {
    const onPath = mkdtempSync(join(scratch, "path-"));
    writeFileSync(join(onPath, "chromium-browser"), "#!/bin/sh\n");
    chmodSync(join(onPath, "chromium-browser"), 0o755);
    expect(findChromium({ PATH: `${scratch}:${onPath}` })).toEqual({
      found: true,
      path: join(onPath, "chromium-browser"),
    });
    const none = findChromium({ PATH: scratch });
    expect(none.found ? null : none.reason).toMatch(/no Chromium on PATH .* AGENT_HARNESS_CHROMIUM is not set/);
  });

  it("takes the headless shell before the full browser, wherever each is on PATH", () => {
    for (const dir of ["first", "later"]) mkdirSync(join(scratch, dir));
    executable("first/chromium");
    const shell = executable("later/chromium-headless-shell");
    expect(findChromium({ PATH: `${join(scratch, "first")}:${join(scratch, "later")}` })).toEqual({
      found: true,
      path: shell,
    });
  });
});

describe("the absences of a run", () => {
  const browser: Requirement = {
    name: "Chromium",
    suites: ["web/e2e.test.ts"],
    detect: () => ({ present: false, reason: "none here" }),
  };
  const server: Requirement = {
    name: "PostgreSQL",
    suites: ["a.test.ts"],
    cases: "the Postgres cases",
    detect: () => ({ present: false, reason: "no URL" }),
  };
  const missing: Absence[] = [
    { requirement: browser, reason: "none here" },
    { requirement: server, reason: "no URL" },
  ];

  it("are said on one line, each with its suites and its reason, or not at all", () => {
    expect(notMeasuredLine(missing)).toBe(
      "not measured: Chromium (web/e2e.test.ts): none here; PostgreSQL (a.test.ts, the Postgres cases): no URL",
    );
    expect(notMeasuredLine([])).toBeNull();
  });

  it("fail the run under CI=true only", () => {
    expect(ciFailure(missing, { CI: "true" })).toBe(
      "CI must measure every suite: Chromium: none here; PostgreSQL: no URL",
    );
    expect(ciFailure(missing, {})).toBeNull();
    expect(ciFailure([], { CI: "true" })).toBeNull();
  });

  it("under CI=true leave out only what AGENT_HARNESS_LEFT_OUT names, and refuse a name no requirement has", () => {
    expect(ciFailure(missing, { CI: "true", [LEFT_OUT_ENV]: "PostgreSQL" })).toBe(
      "CI must measure every suite: Chromium: none here",
    );
    expect(ciFailure(missing, { CI: "true", [LEFT_OUT_ENV]: " PostgreSQL , Chromium" })).toBeNull();
    expect(() => ciFailure(missing, { CI: "true", [LEFT_OUT_ENV]: "Postgres" })).toThrow(
      /AGENT_HARNESS_LEFT_OUT: no requirement is named Postgres \(the names: .*PostgreSQL/,
    );
    expect([...leftOut({ [LEFT_OUT_ENV]: "" })]).toEqual([]);
  });
});

describe("limits scaled by the machine's pace", () => {
  const pace = (factor: number, load = 0.5): Pace => ({
    measured_ms: 45 * factor,
    reference_ms: 45,
    load,
    cores: 2,
    factor,
  });

  it("grow with the factor and never shrink below the limit set on the reference machine", () => {
    expect([paced(30_000, pace(1)), paced(30_000, pace(3.5))]).toEqual([30_000, 105_000]);
  });

  it("say, when one fires, that the machine was too slow, with the figures then and now", () => {
    const message = tooSlow(105_000, pace(3.5, 7), pace(6, 12));
    expect(message).toContain("the machine was too slow for a limit of 105000 ms");
    expect(message).toContain("at the start workload 157.5 ms (reference 45 ms), load 7 on 2 cores, factor 3.5");
    expect(message).toContain("now workload 270 ms (reference 45 ms), load 12 on 2 cores, factor 6");
  });
});
