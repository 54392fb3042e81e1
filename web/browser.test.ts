/** The browser tests' context tracker (what a test opened is closed once, after that test) and their screenshots. */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { contextTracker, SCREENSHOTS_ENV, shot, SHOTS } from "./browser.js";

describe("contextTracker", () => {
  const fake = () => {
    const context = { closed: 0, close: async () => void context.closed++ };
    return context;
  };

  it("closes every context tracked since the last close, once each", async () => {
    const opened = contextTracker();
    const [first, second, later] = [fake(), fake(), fake()];
    opened.track(first);
    opened.track(second);
    await opened.closeAll();
    opened.track(later);
    await opened.closeAll();
    expect([first.closed, second.closed, later.closed]).toEqual([1, 1, 1]);
  });

  describe("registered with closeAfterEach", () => {
    const opened = contextTracker();
    opened.closeAfterEach();
    const context = fake();

    it("leaves a context open during its test", () => {
      opened.track(context);
      expect(context.closed).toBe(0);
    });

    it("has closed it before the next test", () => {
      expect(context.closed).toBe(1);
    });
  });
});

describe("shot", () => {
  const page = () => {
    const taken: unknown[] = [];
    return { taken, screenshot: async (options: unknown) => (taken.push(options), Buffer.alloc(0)) };
  };

  it("takes a full-page screenshot into test-output/web when asked for, and none otherwise", async () => {
    const [asked, unasked, other] = [page(), page(), page()];
    await shot(asked, "a.png", { [SCREENSHOTS_ENV]: "1" });
    await shot(unasked, "a.png", {});
    await shot(other, "a.png", { [SCREENSHOTS_ENV]: "yes" });
    expect(asked.taken).toEqual([{ path: join(SHOTS, "a.png"), fullPage: true, animations: "disabled" }]);
    expect([unasked.taken, other.taken]).toEqual([[], []]);
  });
});
