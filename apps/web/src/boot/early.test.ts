import { afterEach, describe, expect, it, vi } from "vitest";
import { invitationUrl } from "../features/trips/api";
import { fullUrl, tripOfAddress } from "../features/trips/tripFull";
import { matchLanguage } from "../i18n/languages";
import { type EarlyPlan, type EarlyReads, STORAGE_KEYS, startEarly, takeEarly } from "./early";

// index.html's early script (vite.config.ts writes startEarly into it): the catalogues of the language
// the app will speak and the first reads start with the page, and the app takes those answers once.

const PLAN: EarlyPlan = {
  first: {
    en: ["/a/first-en.js", "/a/en.js"],
    ja: ["/a/first-ja.js", "/a/en.js"],
    zh: ["/a/first-zh.js", "/a/en.js"],
  },
  trip: { en: ["/a/trip-en.js"], ja: ["/a/trip-ja.js"], zh: ["/a/trip-zh.js"] },
  intl: { en: "en-US", ja: "ja-JP", zh: "zh-CN" },
  keys: STORAGE_KEYS,
};
const TRIP = "5b1f3c2e-1111-4a4a-9999-000000000001";

function page(opts: {
  path?: string;
  storage?: Record<string, string> | "blocked";
  languages?: string[];
  /** The trip's /full answer: whether this member may invite (the invite card's read follows it). */
  canInvite?: boolean;
}) {
  const links: { rel: string; href: string; crossOrigin: string | null }[] = [];
  const fetch = vi.fn(async (url: string, _init?: RequestInit) =>
    url.endsWith("/full")
      ? new Response(JSON.stringify({ trip: { my: { canInviteMembers: opts.canInvite ?? false } } }))
      : new Response("{}"),
  );
  const timers: (() => void)[] = [];
  const w = {
    setTimeout: (f: () => void) => timers.push(f),
    document: {
      createElement: () => ({ rel: "", href: "", crossOrigin: null }),
      head: { appendChild: (l: (typeof links)[number]) => links.push(l) },
    },
    location: { pathname: opts.path ?? "/" },
    localStorage: {
      getItem: (key: string) => {
        if (opts.storage === "blocked") throw new Error("SecurityError");
        return opts.storage?.[key] ?? null;
      },
    },
    navigator: { languages: opts.languages ?? ["en-US"], language: opts.languages?.[0] ?? "en-US" },
    fetch,
  } as unknown as Parameters<typeof startEarly>[1] & { __tabiEarly?: EarlyReads };
  return {
    w,
    links: () => links.map((l) => l.href),
    fetch,
    urls: () => fetch.mock.calls.map((c) => c[0]),
    timers,
  };
}

afterEach(() => vi.useRealTimers());

describe("the early start", () => {
  it("preloads the first screen's catalogues of the browser's language and asks who is signed in", () => {
    const p = page({ languages: ["fr-FR", "ja-JP", "en"] });
    startEarly(PLAN, p.w);
    expect(p.links()).toEqual(["/a/first-ja.js", "/a/en.js"]);
    expect(p.urls()).toEqual(["/api/me"]);
    expect(p.fetch.mock.calls[0]![1]).toMatchObject({
      headers: { "accept-language": "ja" },
      credentials: "same-origin",
    });
    expect(p.w.__tabiEarly?.language).toBe("ja");
  });

  it("speaks the language chosen on this browser, as the app does", () => {
    for (const [stored, languages] of [
      ["zh", ["ja"]],
      ["xx", ["zh-TW"]],
      [undefined, ["fr", "de"]],
      [undefined, ["EN_gb"]],
    ] as const) {
      const p = page({
        storage: stored ? { [STORAGE_KEYS.language]: stored } : {},
        languages: [...languages],
      });
      startEarly(PLAN, p.w);
      const expected = stored && stored in PLAN.first ? stored : matchLanguage(languages);
      expect(p.w.__tabiEarly?.language).toBe(expected);
      expect(p.links()[0]).toBe(`/a/first-${expected}.js`);
    }
  });

  it("on a trip's address, also preloads the trip screens' catalogues and reads the trip", () => {
    for (const [path, current] of [
      [`/trip/${TRIP}`, null],
      [`/trip/${TRIP}/`, "other"],
      ["/my-trip", TRIP],
    ] as const) {
      const p = page({ path, storage: current ? { [STORAGE_KEYS.trip]: current } : {} });
      startEarly(PLAN, p.w);
      expect(p.links()).toEqual(["/a/first-en.js", "/a/en.js", "/a/trip-en.js"]);
      // The same address the trip screen's read asks (features/trips/tripFull.ts).
      expect(p.urls()).toEqual(["/api/me", fullUrl(tripOfAddress(path, current)!)]);
    }
  });

  it("reads the invitation as soon as the trip's answer says this member may invite, and the app still reads the whole trip", async () => {
    const p = page({ path: `/trip/${TRIP}`, canInvite: true });
    startEarly(PLAN, p.w);
    await vi.waitFor(() => expect(p.urls()).toEqual(["/api/me", fullUrl(TRIP), invitationUrl(TRIP)]));
    expect(await (await takeEarly(fullUrl(TRIP), p.w)!).json()).toEqual({
      trip: { my: { canInviteMembers: true } },
    });
    expect(takeEarly(invitationUrl(TRIP), p.w)).toBeInstanceOf(Promise);

    const guest = page({ path: `/trip/${TRIP}`, canInvite: false });
    startEarly(PLAN, guest.w);
    await new Promise((r) => setTimeout(r, 10));
    expect(guest.urls()).toEqual(["/api/me", fullUrl(TRIP)]);
  });

  it("preloads the trip screens' catalogues for a browser that remembers its user, and reads no trip elsewhere", () => {
    const home = page({ storage: { [STORAGE_KEYS.user]: "u1" } });
    startEarly(PLAN, home.w);
    expect(home.links()).toContain("/a/trip-en.js");
    expect(home.urls()).toEqual(["/api/me"]);
    const signIn = page({ path: "/my-trip" });
    startEarly(PLAN, signIn.w);
    expect(signIn.links()).toEqual(["/a/first-en.js", "/a/en.js"]);
    expect(signIn.urls()).toEqual(["/api/me"]);
  });

  it("loads the language's date data in a task of its own", () => {
    const p = page({ languages: ["ja"] });
    const made = vi.spyOn(Intl, "DateTimeFormat");
    startEarly(PLAN, p.w);
    expect(made).not.toHaveBeenCalled();
    expect(p.timers).toHaveLength(1);
    p.timers[0]!();
    expect(made).toHaveBeenCalledWith("ja-JP", expect.objectContaining({ timeZone: "UTC" }));
    made.mockRestore();
  });

  it("never throws: blocked storage, a malformed address, no fetch", () => {
    const blocked = page({ storage: "blocked", languages: ["zh-CN"], path: "/trip/%E0%A4%A" });
    startEarly(PLAN, blocked.w);
    expect(blocked.w.__tabiEarly?.language).toBe("zh");
    expect(blocked.urls()).toEqual(["/api/me"]);
    const broken = page({});
    (broken.w as { fetch: unknown }).fetch = undefined;
    expect(() => startEarly(PLAN, broken.w)).not.toThrow();
    expect(broken.w.__tabiEarly).toBeUndefined();
  });

  it("runs as written into the page: nothing from outside its own body", () => {
    const p = page({ path: `/trip/${TRIP}` });
    // What vite.config.ts writes: the function's own text, called with the plan.
    new Function("w", `(${startEarly.toString()})(${JSON.stringify(PLAN)}, w);`)(p.w);
    expect(p.urls()).toEqual(["/api/me", fullUrl(TRIP)]);
  });
});

describe("taking an early answer", () => {
  it("gives each answer once, and none that is too old or was never started", async () => {
    vi.useFakeTimers();
    const p = page({ path: `/trip/${TRIP}` });
    startEarly(PLAN, p.w);
    const me = takeEarly("/api/me", p.w);
    expect(me).toBeInstanceOf(Promise);
    expect(takeEarly("/api/me", p.w)).toBeUndefined();
    expect(takeEarly("/api/trips/other/full", p.w)).toBeUndefined();
    vi.advanceTimersByTime(10_001);
    expect(takeEarly(fullUrl(TRIP), p.w)).toBeUndefined();
    expect(takeEarly("/api/me", {})).toBeUndefined();
  });
});
