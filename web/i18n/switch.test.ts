/** Reading and keeping the page's language through a fake browser host (the switch's DOM is tested in Chromium). */
import { describe, expect, it } from "vitest";
import { keepLocale, readLocale, type LocaleHost } from "./switch.js";

function fakeHost(href: string, stored: string | null, languages: readonly string[], storageThrows = false) {
  const storage = new Map<string, string>(stored === null ? [] : [["agent-harness.lang", stored]]);
  const host = {
    location: { href },
    navigator: { languages },
    localStorage: {
      getItem: (key: string) => {
        if (storageThrows) throw new Error("SecurityError");
        return storage.get(key) ?? null;
      },
      setItem: (key: string, value: string) => {
        if (storageThrows) throw new Error("SecurityError");
        storage.set(key, value);
      },
    },
    history: {
      state: null,
      replaceState: (_state: unknown, _title: string, url?: string | URL | null) => {
        host.location.href = String(url);
      },
    },
    document: { documentElement: { lang: "" } },
  } satisfies LocaleHost & { location: { href: string } };
  return { host, storage };
}

describe("the page's language", () => {
  it("is read from the address before storage and the browser", () => {
    const { host } = fakeHost("http://x/index.html?lang=zh-CN&seed=3", "en", ["en-US"]);
    expect(readLocale(host)).toEqual({ locale: "zh-CN", from: "address" });
  });

  it("falls back to the browser when storage refuses to answer", () => {
    const { host } = fakeHost("file:///r/index.html", "en", ["zh-Hans-CN"], true);
    expect(readLocale(host)).toEqual({ locale: "zh-CN", from: "browser" });
  });

  it("is kept in <html lang>, storage and the address, other parameters untouched", () => {
    const { host, storage } = fakeHost("http://x/index.html?seed=3&lang=en", null, ["en"]);
    keepLocale(host, "zh-CN");
    expect(host.document.documentElement.lang).toBe("zh-CN");
    expect(storage.get("agent-harness.lang")).toBe("zh-CN");
    expect(new URL(host.location.href).searchParams.get("seed")).toBe("3");
    const { localStorage: _dropped, ...withoutStorage } = host;
    expect(readLocale(withoutStorage)).toEqual({ locale: "zh-CN", from: "address" });
  });

  it("still sets <html lang> when storage throws", () => {
    const { host } = fakeHost("file:///r/index.html", null, ["en"], true);
    keepLocale(host, "zh-CN");
    expect(host.document.documentElement.lang).toBe("zh-CN");
    expect(host.location.href).toContain("lang=zh-CN");
  });
});
