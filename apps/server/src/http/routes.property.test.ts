import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app";
import { createTrip, inviteCode, join, registered } from "../test/fixtures";
import { multipartFile } from "../test/uploads";

// Issue 11 item 5: no generated body or query, however wrong, makes any route answer 5xx.
// Routes come from the app's route table, so a new route is driven the day it is added.
// fast-check's default run count, per route (every route, with shrinking on a failure).
const RUNS_PER_ROUTE = 100;

let t: TestApp;
let cookie: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const owner = await registered(t.app, "prop-owner@example.com", { premium: true });
  const trip = await createTrip(owner);
  const place = await owner.post(`/api/trips/${trip.id}/places`, {
    name: "Kinkaku-ji",
    latitude: 35.0394,
    longitude: 135.7292,
  });
  if (place.statusCode !== 201) throw new Error(`place: ${place.body}`);
  const member = await registered(t.app, "prop-member@example.com");
  await join(member, await inviteCode(owner, trip.id));
  const message = await owner.post(`/api/trips/${trip.id}/chat/messages`, {
    clientId: "6f0c5a8e-3a52-4f7e-9a43-2d3c1b7f0e11",
    content: "Shall we?",
  });
  if (message.statusCode !== 201) throw new Error(`message: ${message.body}`);
  const share = await owner.post(`/api/trips/${trip.id}/shares`, { shareType: "external_collaborate" });
  if (share.statusCode !== 201) throw new Error(`share: ${share.body}`);
  const booking = await owner.post(`/api/trips/${trip.id}/bookings`, {
    bookingType: "hotel",
    hotelName: "Hotel Kanra",
    checkInTime: "15:00",
    checkOutTime: "11:00",
  });
  if (booking.statusCode !== 201) throw new Error(`booking: ${booking.body}`);
  const list = await owner.post(`/api/trips/${trip.id}/lists`, { starter: "packing" });
  if (list.statusCode !== 201) throw new Error(`list: ${list.body}`);
  const { payload, contentType } = multipartFile(
    Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n"),
    "ticket.pdf",
    "application/pdf",
  );
  const document = await t.app.inject({
    method: "POST",
    url: `/api/trips/${trip.id}/documents?bookingId=${booking.json().id}`,
    payload,
    headers: { cookie: owner.cookieHeader, origin: "http://localhost:3000", "content-type": contentType },
  });
  if (document.statusCode !== 201) throw new Error(`document: ${document.body}`);
  const poll = await owner.post(`/api/trips/${trip.id}/polls`, {
    question: "Which temple first?",
    options: [
      { kind: "text", label: "Kinkaku-ji" },
      { kind: "text", label: "Ginkaku-ji" },
    ],
  });
  if (poll.statusCode !== 201) throw new Error(`poll: ${poll.body}`);
  cookie = owner.cookieHeader;
  Object.assign(ids, {
    tripId: trip.id,
    placeId: place.json().place?.id ?? place.json().id,
    userId: member.id,
    id: "geonames:1850147",
    // A live share link's token (the calendar feed's :token route just finds no feed with it).
    token: share.json().token,
    shareId: share.json().id,
    messageId: message.json().id,
    pollId: poll.json().id,
    bookingId: booking.json().id,
    listId: list.json().id,
    itemId: list.json().items[0].id,
    reaction: "heart",
    uploadId: "00000000-0000-4000-8000-000000000000",
    documentId: document.json().id,
  });
}, 60_000);
afterAll(() => t.close());

// better-auth's endpoints sit behind one wildcard route; name the ones the app uses.
const AUTH_ROUTES = [
  "/api/auth/sign-up/email",
  "/api/auth/sign-in/email",
  "/api/auth/sign-in/anonymous",
  "/api/auth/send-verification-email",
  "/api/auth/get-session",
  "/api/auth/sign-out",
];

// Routes that end the session, the trip or the membership run last, so the others meet live data.
const rank = (r: { method: string; url: string }) =>
  r.url === "/api/me/account"
    ? 4
    : r.url.startsWith("/api/auth/")
      ? 3
      : r.method === "DELETE" || /\/(leave|owner)$/.test(r.url)
        ? r.url === "/api/trips/:tripId"
          ? 2
          : 1
        : 0;

function routes() {
  const seen = new Set<string>();
  const list: { method: string; url: string }[] = [];
  for (const r of t.app.routeTable) {
    for (const method of [r.method].flat()) {
      if (method === "HEAD" || method === "OPTIONS" || r.url.includes("*") || r.url === "/api/ws") continue;
      const key = `${method} ${r.url}`;
      if (!seen.has(key)) list.push({ method, url: r.url });
      seen.add(key);
    }
  }
  for (const url of AUTH_ROUTES) list.push({ method: "POST", url });
  return list.sort((a, b) => rank(a) - rank(b));
}

// Field names the API reads, so generated bodies reach validation of real fields, not only "unknown key".
const FIELDS = [
  "name",
  "description",
  "departureLocation",
  "departureLatitude",
  "departureLongitude",
  "destination",
  "startDate",
  "endDate",
  "addPlaceDeadline",
  "latitude",
  "longitude",
  "address",
  "category",
  "photos",
  "notes",
  "stayMinutes",
  "wishLevel",
  "preferredTimeOfDay",
  "providerPlaceId",
  "message",
  "type",
  "email",
  "password",
  "language",
  "code",
  "role",
  "canOptimize",
  "canEditPlaces",
  "userId",
  "edits",
  "day",
  "placeId",
  "clientId",
  "content",
  "imageId",
  "replyToId",
  "attachment",
  "shareType",
  "permissions",
  "expiresAt",
  "maxUses",
  "kind",
  "num",
  "before",
  "purpose",
  "size",
  "q",
  "near",
  "limit",
  "lat",
  "lng",
  "fromLat",
  "fromLng",
  "toLat",
  "toLng",
  "meal",
  "bookingType",
  "bookingLink",
  "flightNumber",
  "departureTime",
  "arrivalTime",
  "price",
  "currency",
  "passengers",
  "route",
  "departureDate",
  "hotelName",
  "checkInTime",
  "checkOutTime",
  "checkInDate",
  "checkOutDate",
  "guests",
  "pricePerNight",
  "rating",
  "location",
  "transportInfo",
  "question",
  "options",
  "label",
  "optionIds",
  "optionId",
  "multiple",
  "anonymous",
  "closesAt",
  "title",
  "text",
  "personal",
  "starter",
  "assigneeId",
  "dueOn",
  "checked",
  "afterId",
  "shared",
  "bookingId",
  "__proto__",
  "constructor",
  "prototype",
];
const key = fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 8 }));

const controls = fc
  .array(fc.integer({ min: 0, max: 0x1f }), { minLength: 1, maxLength: 4 })
  .map((codes) => `a${String.fromCharCode(...codes)}b`);
const BIG = "x".repeat(200_000);
const weirdString = fc.oneof(
  fc.string({ maxLength: 20 }),
  controls,
  fc.constantFrom(
    "",
    "   ",
    "\u007f",
    "\u0000",
    BIG,
    "NaN",
    "Infinity",
    "-0",
    "1e308",
    "1e999",
    "2026-13-45",
    "2027-02-29",
    "0000-00-00",
    "9999-12-31",
    "+275760-09-13",
    "2026-01-01T25:61:00Z",
    "-271821-04-20T00:00:00Z",
    "00000000-0000-0000-0000-000000000000",
    "admin",
    "tourist_attraction",
    "flight",
    "hotel",
    "walking",
    "09:00",
    "24:00",
    "USD",
    "https://example.com/a.jpg",
    "javascript:alert(1)",
    "a@b.c",
  ),
);
const number = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(-0, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 5e-324, 0.1, 1440, 2 ** 31),
);
const leaf = fc.oneof(weirdString, number, fc.boolean(), fc.constant(null));
const nested = (depth: number) =>
  fc.constantFrom(
    `${"[".repeat(depth)}1${"]".repeat(depth)}`,
    `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`,
  );
const value: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf,
    fc.array(tie("v"), { maxLength: 4 }),
    fc.dictionary(key, tie("v"), { maxKeys: 4 }),
    fc.constant(Array.from({ length: 20_000 }, () => 0)),
  ),
})).v;

/** A JSON text: an object of known and odd fields, any JSON value, or raw text JSON.stringify cannot write. */
const jsonText = fc.oneof(
  { weight: 5, arbitrary: fc.dictionary(key, value, { maxKeys: 6 }).map((o) => JSON.stringify(o)) },
  { weight: 2, arbitrary: value.map((v) => JSON.stringify(v) ?? "null") },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.constantFrom(...FIELDS),
        fc.oneof(
          fc.constantFrom("-0", "1e999", "-1e999", "1e-400"),
          nested(40),
          nested(3000),
          nested(20_000),
        ),
      )
      .map(([k, raw]) => `{"${k}": ${raw}}`),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '{"__proto__": {"isAdmin": true}}',
      '{"constructor": {"prototype": {"x": 1}}}',
      "",
      "{",
      "\u0000",
    ),
  },
);

const body = fc.record({
  payload: fc.option(jsonText, { nil: undefined }),
  contentType: fc.constantFrom(
    "application/json",
    "application/json",
    "application/json",
    "text/plain",
    undefined,
  ),
  query: fc.dictionary(
    fc.constantFrom(...FIELDS),
    fc.oneof(
      weirdString.filter((s) => s.length < 5000),
      controls,
    ),
    {
      maxKeys: 3,
    },
  ),
});

describe("every route, generated input", () => {
  it("never answers 5xx", async () => {
    let ip = 0;
    const list = routes();
    expect(list.length).toBeGreaterThan(30);
    for (const r of list) {
      const url = r.url.replace(/:(\w+)/g, (_, name: string) => ids[name] ?? "x");
      await fc.assert(
        fc.asyncProperty(body, async ({ payload, contentType, query }) => {
          ip++;
          const qs = new URLSearchParams(query as Record<string, string>).toString();
          const res = await t.app.inject({
            method: r.method as "POST",
            url: qs ? `${url}?${qs}` : url,
            payload: r.method === "GET" || r.method === "DELETE" ? undefined : payload,
            // Each run from its own address, so rate limits answer 429 rarely and the routes are really driven.
            remoteAddress: `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`,
            headers: {
              origin: "http://localhost:3000",
              cookie,
              ...(contentType && payload !== undefined ? { "content-type": contentType } : {}),
            },
          });
          if (res.statusCode >= 500)
            throw new Error(
              `${r.method} ${url}?${qs.slice(0, 300)} answered ${res.statusCode} to ${contentType} ` +
                `${payload?.slice(0, 300)}: ${res.body.slice(0, 300)}`,
            );
        }),
        { numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
    }
    // Valid bodies may have started an optimisation; it joins the running one, so at most one runs.
    const active = await t.app.inject({
      method: "GET",
      url: `/api/trips/${ids.tripId}/optimizations/active`,
      headers: { cookie },
    });
    expect(active.statusCode).toBeLessThan(500);
  }, 240_000);
});
