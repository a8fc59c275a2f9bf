import { OPTIMIZATION_MESSAGES, type TripEvent } from "@tabi/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import type { TestClient } from "../../test/client";
import { createTrip, futureDate, guest, inviteCode, join, registered } from "../../test/fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Who = TestClient & { id: string };
const KYOTO = [
  { name: "Kinkaku-ji", latitude: 35.0394, longitude: 135.7292, stayMinutes: 90 },
  { name: "Fushimi Inari Taisha", latitude: 34.9671, longitude: 135.7727, stayMinutes: 120 },
  {
    name: "Kiyomizu-dera",
    latitude: 34.9949,
    longitude: 135.785,
    stayMinutes: 90,
    preferredTimeOfDay: "morning",
  },
  { name: "Arashiyama Bamboo Grove", latitude: 35.017, longitude: 135.6713, stayMinutes: 60 },
  { name: "Nishiki Market", latitude: 35.005, longitude: 135.7648, stayMinutes: 60 },
];

async function waitDone(c: TestClient, tripId: string) {
  for (let i = 0; i < 200; i++) {
    const { progress, running } = (await c.get(`/api/trips/${tripId}/optimizations/progress`)).json();
    if (!running && progress && ["complete", "error", "cancelled"].includes(progress.stage)) return progress;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("optimisation did not finish");
}

describe("optimising a trip", () => {
  it("runs in a worker, reports the stages, saves the active result and schedules places", async () => {
    const owner = (await registered(t.app, "opt-owner@example.com")) as Who;
    const trip = await createTrip(owner, {
      departureLocation: "Kyoto Station",
      departureLatitude: 34.9858,
      departureLongitude: 135.7588,
    });
    const friend = (await guest(t.app, "Opt friend")) as Who;
    await join(friend, await inviteCode(owner, trip.id));
    const url = `/api/trips/${trip.id}/places`;
    for (const [i, p] of KYOTO.entries())
      await (i % 2 ? friend : owner).post(url, { ...p, wishLevel: 4 + i });

    // Everyone in the trip sees the progress on the trip's channel.
    const ws = await t.app.injectWS("/api/ws", { headers: { cookie: friend.cookieHeader } });
    const events: TripEvent[] = [];
    ws.on("message", (raw: Buffer) => {
      const m = JSON.parse(String(raw));
      if (m.type === "event") events.push(m.event);
    });
    ws.send(JSON.stringify({ type: "subscribe", tripId: trip.id }));
    await new Promise((r) => setTimeout(r, 100));

    // Two members press Optimize at the same moment: one job, the second press joins it.
    const [start, again] = await Promise.all([
      owner.post(`/api/trips/${trip.id}/optimizations`, {
        fairnessWeight: 0.6,
        includeMeals: true,
        preferredTransport: "public_transport",
      }),
      friend.post(`/api/trips/${trip.id}/optimizations`, {}),
    ]);
    expect([start.statusCode, again.statusCode]).toEqual([202, 202]);
    expect(again.json().jobId).toBe(start.json().jobId);
    expect([start.json().joined, again.json().joined].sort()).toEqual([false, true]);

    // The event loop stays free while the worker solves.
    const health = await owner.get("/api/health");
    expect(health.statusCode).toBe(200);

    const progress = await waitDone(owner, trip.id);
    expect(progress).toMatchObject({ stage: "complete", percent: 100, error: null });
    const { result } = (await friend.get(`/api/trips/${trip.id}/optimizations/active`)).json();
    expect(result.days).toHaveLength(4);
    const visits = result.days.flatMap((d: { visits: { name: string }[] }) => d.visits);
    expect(visits.length + result.unscheduled.length).toBe(5);
    expect(visits.length).toBeGreaterThanOrEqual(4);
    expect(result.scores.members.map((m: { name: string }) => m.name).sort()).toEqual([
      "Opt friend",
      "opt-owner",
    ]);
    expect(result.scores.members[0].color).toMatch(/^#/);

    const placeList = (await owner.get(url)).json();
    expect(placeList.optimized).toBe(true);
    const scheduled = placeList.places.filter((p: { status: string }) => p.status === "scheduled");
    expect(scheduled.length).toBe(visits.length);
    expect(scheduled[0].scheduledDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    await new Promise((r) => setTimeout(r, 100));
    const types = events.map((e) => e.type);
    expect(types).toContain("optimization.progress");
    expect(types).toContain("optimization.completed");
    const stageList = events
      .filter((e) => e.type === "optimization.progress")
      .map((e) => (e as { progress: { stage: string } }).progress.stage);
    expect(stageList).toContain("collecting");
    // 'complete' is said once, last, when the plan is saved: whoever reads it then finds the plan.
    expect(stageList.filter((s) => s === "complete")).toHaveLength(1);
    expect(stageList.at(-1)).toBe("complete");
    const seqs = events.map((e) => e.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    ws.terminate();

    // Calendar edits: reorder, resize, remove and insert, recomputed by reschedule and saved.
    const editUrl = `/api/trips/${trip.id}/itinerary/edits`;
    const day = result.days.find((d: { visits: unknown[] }) => d.visits.length >= 2);
    const [a, b] = day.visits;
    const swapped = await friend.post(editUrl, { type: "reorder", day: day.day, from: 0, to: 1 });
    expect(swapped.statusCode).toBe(200);
    const swappedDay = swapped.json().result.days[day.day - 1];
    expect(swappedDay.visits.slice(0, 2).map((v: { placeId: string }) => v.placeId)).toEqual([
      b.placeId,
      a.placeId,
    ]);
    const longer = await owner.post(editUrl, {
      type: "resize",
      day: day.day,
      placeId: a.placeId,
      stayMinutes: 15,
    });
    const resized = longer
      .json()
      .result.days[day.day - 1].visits.find((v: { placeId: string }) => v.placeId === a.placeId);
    expect(Date.parse(`2000-01-01T${resized.end}`) - Date.parse(`2000-01-01T${resized.start}`)).toBe(
      15 * 60_000,
    );
    // The day's first visit (b, since the swap) made a day long: a, after it, is pushed past the day.
    const tooLong = await owner.post(editUrl, {
      type: "resize",
      day: day.day,
      placeId: b.placeId,
      stayMinutes: 1440,
    });
    expect(tooLong.json().violations.map((v: { kind: string }) => v.kind)).toContain("day_end");
    // Each broken rule also carries its catalogue key and values, so every member reads it in theirs.
    const dayEnd = tooLong.json().violations.find((v: { kind: string }) => v.kind === "day_end");
    expect(dayEnd).toMatchObject({ messageKey: "violation.dayEnd" });
    expect(dayEnd.message).toBe(
      `back at ${dayEnd.messageParams.time}, after the day's end ${dayEnd.messageParams.end}`,
    );
    // A place still open when the long visit ends, but after the day's visits end, is said as that.
    const pastEnd = tooLong.json().violations.find((v: { kind: string }) => v.kind === "visits_end");
    expect(pastEnd).toMatchObject({ messageKey: "violation.visitsEnd" });
    expect(pastEnd.message).toBe(
      `${pastEnd.messageParams.place} ${pastEnd.messageParams.from}-${pastEnd.messageParams.to} runs past the end of the day's visits ${pastEnd.messageParams.end}. Please adjust the visit.`,
    );
    // Every member sees what the edits broke, after a reload too: the plan keeps it, day by day.
    const brokenNow = async () =>
      ((await friend.get(`/api/trips/${trip.id}/optimizations/active`)).json().result.brokenRules ?? []) as {
        day: number;
        kind: string;
      }[];
    expect(await brokenNow()).toContainEqual(expect.objectContaining({ day: day.day, kind: "day_end" }));
    // An edit of another day leaves this day's broken rules standing; mending the day clears them.
    const otherDay = result.days.find(
      (d: { day: number; visits: { system?: boolean }[] }) =>
        d.day !== day.day && d.visits.some((v) => !v.system),
    );
    const otherVisit = otherDay.visits.find((v: { system?: boolean }) => !v.system);
    const elsewhere = await owner.post(editUrl, {
      type: "resize",
      day: otherDay.day,
      placeId: otherVisit.placeId,
      stayMinutes: 30,
    });
    expect(elsewhere.statusCode).toBe(200);
    expect(await brokenNow()).toContainEqual(expect.objectContaining({ day: day.day, kind: "day_end" }));
    await owner.post(editUrl, { type: "resize", day: day.day, placeId: b.placeId, stayMinutes: 30 });
    expect((await brokenNow()).filter((r) => r.day === day.day)).toEqual([]);
    const removed = await owner.post(editUrl, { type: "remove", day: day.day, placeId: a.placeId });
    expect(removed.json().result.unscheduled.map((u: { placeId: string }) => u.placeId)).toContain(a.placeId);
    expect(removed.json().result.unscheduled).toContainEqual({
      placeId: a.placeId,
      name: a.name,
      reason: "removed",
      reasonKey: "unscheduled.removed",
    });
    const other = day.day === 1 ? 2 : 1;
    const inserted = await owner.post(editUrl, { type: "insert", day: other, placeId: a.placeId, index: 0 });
    expect(inserted.json().result.days[other - 1].visits[0].placeId).toBe(a.placeId);

    const twice = await owner.post(editUrl, { type: "insert", day: other, placeId: a.placeId, index: 0 });
    expect(twice.statusCode).toBe(400);
    const movedPlace = (await owner.get(url)).json().places.find((p: { id: string }) => p.id === a.placeId);
    expect(movedPlace.scheduledDate).toBe(result.days[other - 1].date);

    // Export: the .ics download and a subscribable feed behind a secret token.
    const ics = await friend.get(`/api/trips/${trip.id}/itinerary.ics`);
    expect(ics.statusCode).toBe(200);
    expect(ics.headers["content-type"]).toContain("text/calendar");
    expect(ics.body).toContain("DTSTART;TZID=Asia/Tokyo:");
    const feed = (await friend.post(`/api/trips/${trip.id}/calendar-feed`)).json().url as string;
    const feedPath = new URL(feed).pathname;
    const subscribed = await t.app.inject({ method: "GET", url: feedPath });
    expect(subscribed.statusCode).toBe(200);
    expect(subscribed.body).toContain("BEGIN:VEVENT");
    await friend.post(`/api/trips/${trip.id}/calendar-feed`); // rotating the link ends the old one
    expect((await t.app.inject({ method: "GET", url: feedPath })).statusCode).toBe(404);

    // A second run keeps the first result, inactive.
    await owner.post(`/api/trips/${trip.id}/optimizations`, { fairnessWeight: 0 });
    await waitDone(owner, trip.id);
    const second = (await owner.get(`/api/trips/${trip.id}/optimizations/active`)).json().result;
    expect(second.id).not.toBe(result.id);
    expect(second.settings.fairnessWeight).toBe(0);
  }, 90_000); // a whole optimisation on the solver's thread, four test files at once on two cores

  it("flies out and home through airports when the departure is far, and keeps those stops fixed", async () => {
    const owner = (await registered(t.app, "opt-fly@example.com")) as Who;
    const trip = await createTrip(owner, {
      departureLocation: "Tokyo Station",
      departureLatitude: 35.6812,
      departureLongitude: 139.7671,
      destination: "same as departure location",
    });
    for (const p of KYOTO) await owner.post(`/api/trips/${trip.id}/places`, { ...p, wishLevel: 8 });
    await owner.post(`/api/trips/${trip.id}/optimizations`, {});
    expect((await waitDone(owner, trip.id)).stage).toBe("complete");
    const { result } = (await owner.get(`/api/trips/${trip.id}/optimizations/active`)).json();
    const first = result.days[0];
    const last = result.days.at(-1);
    expect(first.start.name).toBe("Tokyo Station");
    expect(first.visits.slice(0, 2).map((v: { placeId: string }) => v.placeId)).toEqual([
      "airport_HND_departure",
      "airport_ITM_arrival",
    ]);
    expect(first.visits[1]).toMatchObject({ mode: "flight", system: "airport", category: "airport" });
    expect(last.visits.slice(-2).map((v: { placeId: string }) => v.placeId)).toEqual([
      "airport_ITM_departure",
      "airport_HND_arrival",
    ]);
    expect(last.end.name).toBe("Tokyo Station");
    // The base the plan chose is named after its town, which is what a hotel search for the night asks for.
    expect(result.days[1].start).toMatchObject({ name: "Kyoto", area: "Kyoto" });
    expect(result.days[1].start.nameKey).toBeUndefined();
    expect(first.start.area).toBe("Tokyo");
    // Airports are not trip places: nothing is marked for them, and the Kyoto places still are.
    const listed = (await owner.get(`/api/trips/${trip.id}/places`)).json().places;
    expect(listed).toHaveLength(KYOTO.length);

    const editUrl = `/api/trips/${trip.id}/itinerary/edits`;
    const onto = await owner.post(editUrl, { type: "reorder", day: 1, from: 2, to: 0 });
    expect(onto.statusCode).toBe(400);
    expect(onto.json().error.message).toBe("Cannot reorder onto system places.");
    const drag = await owner.post(editUrl, { type: "reorder", day: 1, from: 0, to: 2 });
    expect(drag.statusCode).toBe(400);
    const remove = await owner.post(editUrl, { type: "remove", day: 1, placeId: "airport_ITM_arrival" });
    expect(remove.statusCode).toBe(400);
    // A visit moved from the middle day to the last one lands before the flight home.
    const middle = result.days[1];
    if (middle.visits.length > 0) {
      const moved = await owner.post(editUrl, {
        type: "move",
        fromDay: 2,
        index: 0,
        toDay: result.days.length,
        toIndex: 0,
      });
      expect(moved.statusCode).toBe(200);
      const lastAfter = moved.json().result.days.at(-1);
      expect(lastAfter.visits[0].placeId).toBe(middle.visits[0].placeId);
      expect(lastAfter.visits.slice(-2).map((v: { placeId: string }) => v.placeId)).toEqual([
        "airport_ITM_departure",
        "airport_HND_arrival",
      ]);
    }
  });

  it("plans around a booked flight, marks the plan out of date when a booking changes, and takes a meal at its restaurant", async () => {
    const owner = (await registered(t.app, "opt-booked@example.com")) as Who;
    const startDate = futureDate(40);
    const trip = await createTrip(owner, {
      departureLocation: "Seoul",
      departureLatitude: 37.5665,
      departureLongitude: 126.978,
      destination: "same as departure location",
      startDate,
      endDate: futureDate(42),
    });
    for (const p of KYOTO) await owner.post(`/api/trips/${trip.id}/places`, { ...p, wishLevel: 8 });
    const bookingsUrl = `/api/trips/${trip.id}/bookings`;
    const flight = await owner.post(bookingsUrl, {
      bookingType: "flight",
      flightNumber: "KE 723",
      route: "ICN → KIX",
      departureDate: startDate,
      departureTime: "11:40",
      arrivalTime: "14:10",
    });
    expect(flight.statusCode).toBe(201);
    const optimise = async () => {
      await owner.post(`/api/trips/${trip.id}/optimizations`, {});
      expect((await waitDone(owner, trip.id)).stage).toBe("complete");
      return (await owner.get(`/api/trips/${trip.id}/optimizations/active`)).json().result;
    };
    const result = await optimise();
    const [, landed, ...day1] = result.days[0].visits;
    expect(landed).toMatchObject({ start: "14:10", end: "14:40", mode: "flight", flightNumber: "KE 723" });
    expect(landed.bookingId).toBe(flight.json().id);
    expect(landed.placeId).toMatch(/^airport_[A-Z0-9]{3}_arrival$/);
    expect(day1.length).toBeGreaterThan(0);
    for (const v of day1) expect(v.start >= "14:40").toBe(true);
    expect(result.bookingsChanged).toBe(false);

    // A booking written after the plan: the plan is out of date, in every read, until re-optimised.
    const full = async () => (await owner.get(`/api/trips/${trip.id}/full`)).json().result;
    expect((await full()).bookingsChanged).toBe(false);
    const hotel = await owner.post(bookingsUrl, {
      bookingType: "hotel",
      hotelName: "Hotel Kanra",
      checkInDate: startDate,
      checkOutDate: futureDate(42),
      checkInTime: "15:00",
      checkOutTime: "11:00",
      location: { lat: 34.9996, lng: 135.7601 },
    });
    expect(hotel.statusCode).toBe(201);
    expect((await full()).bookingsChanged).toBe(true);
    const editUrl = `/api/trips/${trip.id}/itinerary/edits`;
    const day2 = result.days[1];
    const edited = await owner.post(editUrl, {
      type: "resize",
      day: 2,
      placeId: day2.visits[0].placeId,
      stayMinutes: 45,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().result.bookingsChanged).toBe(true);
    const again = await optimise();
    expect(again.bookingsChanged).toBe(false);
    expect((await full()).bookingsChanged).toBe(false);
    // The hotel is where the nights are now.
    expect(again.days[0].end.name).toBe("Hotel Kanra");
    expect(again.days[1].start.name).toBe("Hotel Kanra");

    // Lunch from the meal button: the restaurant is the day's lunch, at 12:00 at the earliest.
    const ramen = await owner.post(`/api/trips/${trip.id}/places`, {
      name: "Ramen Sen-no-Kaze",
      latitude: 35.0045,
      longitude: 135.7665,
      stayMinutes: 60,
      preferredTimeOfDay: "noon",
      wishLevel: 5,
    });
    expect(ramen.statusCode).toBe(201);
    const ramenId = ramen.json().place.id;
    const lunch = await owner.post(editUrl, {
      type: "insert",
      day: 2,
      placeId: ramenId,
      index: 0,
      meal: "lunch",
    });
    expect(lunch.statusCode).toBe(200);
    const day = lunch.json().result.days[1];
    const visit = day.visits.find((v: { placeId: string }) => v.placeId === ramenId);
    expect(visit.start >= "12:00").toBe(true);
    const lunches = day.meals.filter((m: { kind: string }) => m.kind === "lunch");
    expect(lunches).toEqual([
      expect.objectContaining({ placeId: ramenId, start: visit.start, end: visit.end }),
    ]);

    // Breakfast from the 08:00 button on the day of the landing: the group is there only after it,
    // so the restaurant follows the arrival (not a refused edit), and the late breakfast is said so.
    const cafe = await owner.post(`/api/trips/${trip.id}/places`, {
      name: "Inoda Coffee",
      latitude: 35.0076,
      longitude: 135.7621,
      stayMinutes: 45,
      preferredTimeOfDay: "morning",
      wishLevel: 5,
    });
    const cafeId = cafe.json().place.id;
    const late = await owner.post(editUrl, {
      type: "insert",
      day: 1,
      placeId: cafeId,
      index: 0,
      meal: "breakfast",
    });
    expect(late.statusCode, late.body).toBe(200);
    const landing = late.json().result.days[0];
    const at = landing.visits.findIndex((v: { placeId: string }) => v.placeId === cafeId);
    expect(landing.visits[at - 1].placeId).toMatch(/^airport_[A-Z0-9]{3}_arrival$/);
    expect(landing.meals).toContainEqual(expect.objectContaining({ kind: "breakfast", placeId: cafeId }));
    expect(late.json().violations).toContainEqual(
      expect.objectContaining({ kind: "meal", messageKey: "violation.breakfastLate" }),
    );
  });

  it("puts a breakfast restaurant before the first visit of a day that starts at 09:00", async () => {
    const owner = (await registered(t.app, "opt-breakfast@example.com")) as Who;
    const trip = await createTrip(owner, { startDate: futureDate(60), endDate: futureDate(61) });
    for (const p of KYOTO.slice(0, 3))
      await owner.post(`/api/trips/${trip.id}/places`, { ...p, wishLevel: 8 });
    await owner.post(`/api/trips/${trip.id}/optimizations`, { dayStart: "09:00", includeMeals: false });
    expect((await waitDone(owner, trip.id)).stage).toBe("complete");
    const { result } = (await owner.get(`/api/trips/${trip.id}/optimizations/active`)).json();
    const before = result.days[0];
    expect(before.depart).toBe("09:00");
    expect(before.visits.length).toBeGreaterThan(0);
    expect(before.meals).toEqual([]);
    // A restaurant a few hundred metres from the day's start, added from the 08:00 button.
    const cafe = await owner.post(`/api/trips/${trip.id}/places`, {
      name: "Morning Cafe",
      latitude: before.start.latitude + 0.002,
      longitude: before.start.longitude,
      stayMinutes: 45,
      preferredTimeOfDay: "morning",
      wishLevel: 5,
    });
    const cafeId = cafe.json().place.id;
    const res = await owner.post(`/api/trips/${trip.id}/itinerary/edits`, {
      type: "insert",
      day: 1,
      placeId: cafeId,
      index: 0,
      stayMinutes: 45,
      meal: "breakfast",
    });
    expect(res.statusCode, res.body).toBe(200);
    const day = res.json().result.days[0];
    expect(day.visits[0]).toMatchObject({ placeId: cafeId });
    expect(day.visits[0].start >= "09:00" && day.visits[0].start <= "09:30").toBe(true);
    expect(day.visits.slice(1).map((v: { placeId: string }) => v.placeId)).toEqual(
      before.visits.map((v: { placeId: string }) => v.placeId),
    );
    expect(day.meals).toEqual([
      expect.objectContaining({ kind: "breakfast", placeId: cafeId, start: day.visits[0].start }),
    ]);
    expect(res.json().violations.filter((v: { kind: string }) => v.kind === "meal")).toEqual([]);
  });

  it("keeps a booked transport leg: both places on its day, the destination at the booked arrival", async () => {
    const owner = (await registered(t.app, "opt-taxi@example.com")) as Who;
    const trip = await createTrip(owner, { startDate: futureDate(50), endDate: futureDate(52) });
    const ids: string[] = [];
    for (const p of KYOTO)
      ids.push((await owner.post(`/api/trips/${trip.id}/places`, { ...p, wishLevel: 8 })).json().place.id);
    const [kinkakuji, , , , nishiki] = ids;
    const taxi = await owner.post(`/api/trips/${trip.id}/bookings`, {
      bookingType: "taxi",
      departureDate: futureDate(51),
      departureTime: "13:00",
      arrivalTime: "13:30",
      transportInfo: { fromPlaceId: kinkakuji, toPlaceId: nishiki },
    });
    expect(taxi.statusCode).toBe(201);
    await owner.post(`/api/trips/${trip.id}/optimizations`, {});
    expect((await waitDone(owner, trip.id)).stage).toBe("complete");
    const { result } = (await owner.get(`/api/trips/${trip.id}/optimizations/active`)).json();
    const day2 = result.days[1].visits.map((v: { placeId: string; start: string }) => [v.placeId, v.start]);
    expect(day2).toContainEqual([nishiki, "13:30"]);
    expect(day2.map(([id]: [string]) => id)).toContain(kinkakuji);
  });

  it("refuses a member without can_optimize, and a trip with nothing to plan", async () => {
    const owner = (await registered(t.app, "opt-perm@example.com")) as Who;
    const trip = await createTrip(owner);
    const m = (await guest(t.app, "No optimiser")) as Who;
    await join(m, await inviteCode(owner, trip.id));
    const empty = await owner.post(`/api/trips/${trip.id}/optimizations`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(OPTIMIZATION_MESSAGES.noPlaces);
    await owner.request("PATCH", `/api/trips/${trip.id}/members/${m.id}`, { canOptimize: false });
    const refused = await m.post(`/api/trips/${trip.id}/optimizations`, {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(OPTIMIZATION_MESSAGES.noPermission);
  });

  it("starts a new run when asked as the last one says 'complete', rather than joining the finished one", async () => {
    const owner = (await registered(t.app, "again-owner@example.com")) as Who;
    const trip = await createTrip(owner, {
      departureLocation: "Kyoto Station",
      departureLatitude: 34.9858,
      departureLongitude: 135.7588,
    });
    for (const p of KYOTO.slice(0, 2))
      await owner.post(`/api/trips/${trip.id}/places`, { ...p, wishLevel: 5 });
    const ws = await t.app.injectWS("/api/ws", { headers: { cookie: owner.cookieHeader } });
    ws.send(JSON.stringify({ type: "subscribe", tripId: trip.id }));
    await new Promise((r) => setTimeout(r, 100));
    // Asked the moment the first run says 'complete', while it still publishes its plan.
    const again = new Promise<{ jobId: string; joined: boolean }>((resolve) =>
      ws.on("message", (raw: Buffer) => {
        const m = JSON.parse(String(raw));
        if (
          m.type === "event" &&
          m.event.type === "optimization.progress" &&
          m.event.progress.stage === "complete"
        )
          void owner.post(`/api/trips/${trip.id}/optimizations`, {}).then((res) => resolve(res.json()));
      }),
    );
    const first = (await owner.post(`/api/trips/${trip.id}/optimizations`, {})).json();
    const second = await again;
    expect(second.joined).toBe(false);
    expect(second.jobId).not.toBe(first.jobId);
    expect((await waitDone(owner, trip.id)).jobId).toBe(second.jobId);
    ws.terminate();
  });

  it("does not let a non-member subscribe to a trip's channel", async () => {
    const owner = (await registered(t.app, "ws-owner@example.com")) as Who;
    const trip = await createTrip(owner);
    const stranger = (await guest(t.app, "Stranger")) as Who;
    const ws = await t.app.injectWS("/api/ws", { headers: { cookie: stranger.cookieHeader } });
    const reply = new Promise<string>((resolve) => ws.once("message", (raw: Buffer) => resolve(String(raw))));
    ws.send(JSON.stringify({ type: "subscribe", tripId: trip.id }));
    expect(JSON.parse(await reply)).toEqual({ type: "error", tripId: trip.id, message: "Trip not found" });
    ws.terminate();
  });
});
