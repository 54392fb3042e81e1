/** The browser tests' context tracker: what a test opened is closed once, after that test. */
import { describe, expect, it } from "vitest";
import { contextTracker } from "./browser.js";

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
