import { TRIP_MESSAGES } from "@tabi/contracts";
import { desc, eq } from "drizzle-orm";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ja from "../../../../../packages/contracts/src/i18n/ja.json";
import ko from "../../../../../packages/contracts/src/i18n/ko.json";
import zh from "../../../../../packages/contracts/src/i18n/zh.json";
import { mailOutbox, userSettings } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import type { TestClient } from "../../test/client";
import { client, createTrip, futureDate, guest, registered } from "../../test/fixtures";

// Issue 13: the server speaks the user's language: the one chosen in the profile, else the browser's.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const JA = { "accept-language": "ja-JP,ja;q=0.9,en;q=0.8" };
const put = (c: TestClient, body: unknown, headers: Record<string, string> = {}) =>
  c.request("PUT", "/api/me/language", body, headers);
const newTrip = (c: TestClient, headers: Record<string, string> = {}) =>
  c.request("POST", "/api/trips", { departureLocation: "Rome", startDate: futureDate(3) }, headers);

describe("PUT /api/me/language", () => {
  it("keeps the profile's language: null until chosen, then in /api/me and the database", async () => {
    const c = await registered(t.app, "lang-choose@example.com");
    expect((await c.get("/api/me")).json().language).toBeNull();
    const res = await put(c, { language: "ko" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: c.id, email: "lang-choose@example.com", language: "ko" });
    expect((await c.get("/api/me")).json().language).toBe("ko");
    const rows = await t.app.ctx.database.db.select().from(userSettings).where(eq(userSettings.userId, c.id));
    expect(rows.map((r) => r.language)).toEqual(["ko"]);
    expect((await put(c, { language: "zh" })).json().language).toBe("zh");
    expect((await c.get("/api/me")).json().language).toBe("zh");
  });

  it("follows the user to a new session, and a guest may choose one too", async () => {
    const c = await registered(t.app, "lang-follow@example.com");
    await put(c, { language: "ja" });
    const elsewhere = client(t.app);
    expect((await elsewhere.signIn("lang-follow@example.com")).statusCode).toBe(200);
    expect((await elsewhere.get("/api/me")).json().language).toBe("ja");
    const g = await guest(t.app, "Mika");
    expect((await put(g, { language: "zh" })).json()).toMatchObject({ isGuest: true, language: "zh" });
  });

  it("needs a signed-in user, and one of the four languages", async () => {
    expect((await put(client(t.app), { language: "ja" })).statusCode).toBe(401);
    const c = await registered(t.app, "lang-bad@example.com");
    for (const body of [{ language: "fr" }, { language: null }, {}, { language: ["ja"] }, "ja"]) {
      const res = await put(c, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toMatch(/VALIDATION_ERROR|BAD_REQUEST/);
    }
    expect((await c.get("/api/me")).json().language).toBeNull();
  });
});

describe("errors in the caller's language", () => {
  const atLimit = async (email: string) => {
    const c = await registered(t.app, email);
    for (let i = 0; i < 3; i++) await createTrip(c);
    return c;
  };

  it("answers the trip limit in English by default, in Japanese for Accept-Language: ja", async () => {
    const c = await atLimit("lang-limit-ja@example.com");
    const plain = await newTrip(c);
    expect(plain.statusCode).toBe(403);
    expect(plain.json().error).toEqual({ code: "PLAN_LIMIT", message: TRIP_MESSAGES.tripLimitCreate });
    const res = await newTrip(c, JA);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({ code: "PLAN_LIMIT", message: ja.trips.tripLimitCreate });
    expect((await newTrip(c, { "accept-language": "zh-TW" })).json().error.message).toBe(
      zh.trips.tripLimitCreate,
    );
  });

  it("prefers the stored language to the browser's", async () => {
    const c = await atLimit("lang-limit-ko@example.com");
    await put(c, { language: "ko" });
    const res = await newTrip(c, { "accept-language": "en-US,en;q=0.9" });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({ code: "PLAN_LIMIT", message: ko.trips.tripLimitCreate });
  });

  it("translates validation messages of the contracts' schemas, and errors with values", async () => {
    const c = await registered(t.app, "lang-valid@example.com");
    const res = await c.request(
      "POST",
      "/api/trips",
      { departureLocation: " ", startDate: futureDate(3) },
      JA,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: "VALIDATION_ERROR", message: ja.trips.departureRequired });
    const date = await c.request(
      "POST",
      "/api/trips",
      { departureLocation: "Rome", startDate: "2026-13-45" },
      JA,
    );
    expect(date.json().error.message).toBe(ja.validation.invalidDate);
    const signedOut = await client(t.app).request("GET", "/api/trips", undefined, {
      "accept-language": "ko",
    });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().error.message).toBe(ko.messages.authRequired);
    const noRoute = await c.request("GET", "/api/nothing-here", undefined, JA);
    expect(noRoute.json().error.message).toBe("GET /api/nothing-here は見つかりません");
  });

  it("names the guest sign-in's refusal in the browser's language (better-auth's answer)", async () => {
    const res = await client(t.app).request("POST", "/api/auth/sign-in/anonymous", { name: " " }, JA);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ja.validation.nameRequired);
  });

  it("writes a new trip's default name in the creator's language", async () => {
    const c = await registered(t.app, "lang-name@example.com");
    await put(c, { language: "zh" });
    const res = await c.post("/api/trips", { departureLocation: "Kyoto, Japan", startDate: futureDate(3) });
    expect(res.json().trip.name).toBe("Kyoto, Japan之旅");
  });
});

describe("e-mails in the language of the request that sends them", () => {
  const latestMail = async (to: string) => {
    const [mail] = await t.app.ctx.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, to))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    return mail!;
  };

  it("sends the sign-up confirmation in the browser's language, English by default", async () => {
    const c = client(t.app);
    const res = await c.request(
      "POST",
      "/api/auth/sign-up/email",
      { email: "lang-mail@example.com", password: "correct horse battery", name: "x" },
      JA,
    );
    expect(res.statusCode).toBe(200);
    const mail = await latestMail("lang-mail@example.com");
    expect(mail.subject).toBe("Tabiアカウントの確認");
    expect(mail.text).toContain("lang-mail 様");
    expect(mail.html).toContain("メールアドレスを確認する");
    await client(t.app).signUp("lang-mail-en@example.com");
    expect((await latestMail("lang-mail-en@example.com")).subject).toBe("Confirm your Tabi account");
  });

  it("sends a guest's attach-account confirmation in the guest's chosen language", async () => {
    const g = await guest(t.app, "Jun");
    await put(g, { language: "ko" });
    const res = await g.post("/api/me/account", {
      email: "lang-attach@example.com",
      password: "a long password",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().language).toBe("ko");
    expect((await latestMail("lang-attach@example.com")).subject).toBe("Tabi 계정을 인증해 주세요");
  });
});

describe("the calendar export in the reader's language", () => {
  it("words the .ics for the requester, and a feed for its member in theirs", async () => {
    const owner = await registered(t.app, "lang-ics@example.com");
    const trip = await createTrip(owner, {
      name: "Kyoto days",
      departureLocation: "Kyoto Station",
      departureLatitude: 34.9858,
      departureLongitude: 135.7588,
    });
    for (const p of [
      { name: "Kinkaku-ji", latitude: 35.0394, longitude: 135.7292, stayMinutes: 90 },
      { name: "Nishiki Market", latitude: 35.005, longitude: 135.7648, stayMinutes: 60 },
    ])
      await owner.post(`/api/trips/${trip.id}/places`, p);
    await owner.post(`/api/trips/${trip.id}/optimizations`, {});
    for (let i = 0; i < 200; i++) {
      const { progress, running } = (await owner.get(`/api/trips/${trip.id}/optimizations/progress`)).json();
      if (!running && progress?.stage === "complete") break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const events = (body: string) =>
      new ICAL.Component(ICAL.parse(body)).getAllSubcomponents("vevent").map((c) => new ICAL.Event(c));

    const english = await owner.get(`/api/trips/${trip.id}/itinerary.ics`);
    expect(english.statusCode).toBe(200);
    expect(english.body).toContain("PRODID:-//Tabi//trip-planner//EN");
    expect(events(english.body)[0]!.description).toMatch(/^Day \d of Kyoto days$/);

    const japanese = await owner.request("GET", `/api/trips/${trip.id}/itinerary.ics`, undefined, JA);
    expect(japanese.body).toContain("PRODID:-//Tabi//trip-planner//JA");
    expect(events(japanese.body)[0]!.description).toMatch(/^Kyoto daysの\d日目$/);
    expect(events(japanese.body)[0]!.summary).toBe(events(english.body)[0]!.summary); // the place's own name

    await put(owner, { language: "ko" });
    const feed = new URL((await owner.post(`/api/trips/${trip.id}/calendar-feed`)).json().url).pathname;
    const subscribed = await t.app.inject({ method: "GET", url: feed, headers: { "accept-language": "en" } });
    expect(events(subscribed.body)[0]!.description).toMatch(/^Kyoto days \d일차$/);
  });
});
