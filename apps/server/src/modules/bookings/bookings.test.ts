import { BOOKING_MESSAGES, type TripEvent } from "@tabi/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings, trips, users } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import type { TestClient } from "../../test/client";
import { createTrip, futureDate, guest, inviteCode, join, registered } from "../../test/fixtures";
import { MAX_BOOKINGS_PER_TRIP } from "./service";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Who = TestClient & { id: string };
const START = futureDate(30);

/** A trip of an owner (registered) and a guest member; bookings URL at hand. */
async function tripWithTwo(prefix: string) {
  const owner = (await registered(t.app, `${prefix}-owner@example.com`)) as Who;
  const trip = await createTrip(owner, { startDate: START });
  const member = (await guest(t.app, `${prefix} guest`)) as Who;
  expect((await join(member, await inviteCode(owner, trip.id))).statusCode).toBe(200);
  return { owner, member, trip, url: `/api/trips/${trip.id}/bookings` };
}

const FLIGHT = { bookingType: "flight", route: "ICN → NRT", departureDate: START, departureTime: "09:00" };
const HOTEL = { bookingType: "hotel", hotelName: "Hotel Kanra", checkInTime: "15:00", checkOutTime: "11:00" };
const WALK = { bookingType: "walking", route: "Kinkaku-ji → Ryoan-ji", departureTime: "10:30" };

const changedAt = async (tripId: string) => {
  const [row] = await t.app.ctx.database.db
    .select({ at: trips.bookingsChangedAt })
    .from(trips)
    .where(eq(trips.id, tripId));
  return row?.at ?? null;
};

describe("saving bookings", () => {
  it("saves a flight with the spec's defaults: USD, passengers = the member count", async () => {
    const { owner, url, trip } = await tripWithTwo("flight");
    const res = await owner.post(url, {
      ...FLIGHT,
      flightNumber: "KE 703",
      arrivalTime: "11:20",
      price: 312.5,
      bookingLink: "https://www.koreanair.com/booking/123",
      notes: "",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      tripId: trip.id,
      userId: owner.id,
      userName: "flight-owner",
      bookingType: "flight",
      flightNumber: "KE 703",
      departureTime: "09:00",
      arrivalTime: "11:20",
      price: 312.5,
      currency: "USD",
      passengers: 2,
      route: "ICN → NRT",
      departureDate: START,
      notes: null,
      hotelName: null,
    });
    // Minor units in the database.
    const [row] = await t.app.ctx.database.db.select().from(bookings).where(eq(bookings.id, res.json().id));
    expect(row?.price).toBe(31250);
  });

  it("keeps the largest price the API takes (past 32 bits in minor units)", async () => {
    const { owner, url } = await tripWithTwo("price");
    const res = await owner.post(url, { ...WALK, price: 100_000_000 });
    expect(res.statusCode, res.body).toBe(201);
    expect((await owner.get(url)).json().bookings[0].price).toBe(100_000_000);
  });

  it("saves a hotel with guests, rating 4, and the trip's first night when no dates are given", async () => {
    const { member, url } = await tripWithTwo("hotel");
    const res = await member.post(url, {
      ...HOTEL,
      location: { lat: 35.0, lng: 135.76 },
      pricePerNight: 120,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      userName: "hotel guest",
      currency: "USD",
      guests: 2,
      rating: 4,
      checkInDate: START,
      checkOutDate: futureDate(31),
      pricePerNight: 120,
      location: { lat: 35.0, lng: 135.76 },
    });
  });

  it("fills only the missing check-out: the day after the night the client sent", async () => {
    const { owner, url } = await tripWithTwo("night");
    const res = await owner.post(url, { ...HOTEL, checkInDate: futureDate(32), guests: 5, rating: 2 });
    expect(res.json()).toMatchObject({
      checkInDate: futureDate(32),
      checkOutDate: futureDate(33),
      guests: 5,
      rating: 2,
    });
  });

  it("saves a transport booking in yen, with its leg's places", async () => {
    const { owner, url } = await tripWithTwo("walk");
    const res = await owner.post(url, {
      ...WALK,
      price: 1500,
      passengers: 12,
      transportInfo: { fromPlaceId: "p1", toPlaceId: "p2", walkingDistance: "1.2 km" },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      bookingType: "walking",
      currency: "JPY",
      price: 1500,
      passengers: 12,
      transportInfo: { fromPlaceId: "p1", toPlaceId: "p2", walkingDistance: "1.2 km" },
    });
  });

  it("refuses with the spec's words, in the reader's language", async () => {
    const { owner, url } = await tripWithTwo("invalid");
    const say = async (body: unknown, lng = "en") => {
      const res = await owner.request("POST", url, body, { "accept-language": lng });
      expect(res.statusCode, res.body).toBe(400);
      return res.json().error.message;
    };
    const { departureTime: _, ...noTime } = FLIGHT;
    expect(await say(noTime)).toBe(BOOKING_MESSAGES.departureTimeRequired);
    expect(await say({ ...WALK, departureTime: null })).toBe(BOOKING_MESSAGES.departureTimeRequired);
    expect(await say({ bookingType: "hotel", checkInTime: "15:00" })).toBe(
      BOOKING_MESSAGES.hotelTimesRequired,
    );
    expect(await say({ bookingType: "hotel" })).toBe(BOOKING_MESSAGES.hotelTimesRequired);
    expect(await say({ ...FLIGHT, bookingLink: "javascript:alert(1)" })).toBe(BOOKING_MESSAGES.badLink);
    expect(await say({ ...FLIGHT, passengers: 9 })).toBe("Passengers: 1 to 8");
    expect(await say({ ...FLIGHT, departureTime: "9am" })).toBe(BOOKING_MESSAGES.badTime);
    expect(await say({ ...HOTEL, guests: 9 })).toMatch(/8/);
    expect(await say(noTime, "ja")).toBe("出発時刻を指定してください");
    expect(await say({ bookingType: "hotel" }, "ko")).toBe("체크인 및 체크아웃 시간을 지정해 주세요");
    expect((await owner.get(url)).json().bookings).toEqual([]);
  });

  it("refuses a check-out on or before the check-in", async () => {
    const { owner, url } = await tripWithTwo("dates");
    const res = await owner.post(url, {
      ...HOTEL,
      checkInDate: futureDate(32),
      checkOutDate: futureDate(32),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe("Check-out must be after check-in");
  });

  it(`keeps at most ${MAX_BOOKINGS_PER_TRIP} bookings per trip (409)`, async () => {
    const { owner, url, trip } = await tripWithTwo("many");
    const rows = Array.from({ length: MAX_BOOKINGS_PER_TRIP }, () => ({
      tripId: trip.id,
      bookingType: "walking",
      departureTime: "10:00",
    }));
    await t.app.ctx.database.db.insert(bookings).values(rows);
    const res = await owner.request("POST", url, WALK, { "accept-language": "zh" });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toContain(String(MAX_BOOKINGS_PER_TRIP));
    expect(res.json().error.message).toMatch(/预订/);
  });
});

describe("listing, editing and deleting", () => {
  it("lists the trip's bookings newest first, to every member", async () => {
    const { owner, member, url } = await tripWithTwo("list");
    const first = (await owner.post(url, FLIGHT)).json();
    const second = (await member.post(url, HOTEL)).json();
    const third = (await owner.post(url, WALK)).json();
    for (const who of [owner, member]) {
      const res = await who.get(url);
      expect(res.statusCode).toBe(200);
      expect(res.json().bookings.map((b: { id: string }) => b.id)).toEqual([third.id, second.id, first.id]);
    }
  });

  it("edits a booking checked merged with the stored row; any member may", async () => {
    const { owner, member, url } = await tripWithTwo("edit");
    const flight = (await owner.post(url, { ...FLIGHT, price: 100 })).json();
    const patch = (body: unknown) => member.request("PATCH", `${url}/${flight.id}`, body);
    const cleared = await patch({ departureTime: null });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json().error.message).toBe(BOOKING_MESSAGES.departureTimeRequired);
    expect((await patch({ passengers: 9 })).json().error.message).toBe("Passengers: 1 to 8");
    const res = await patch({ arrivalTime: "12:05", price: 99.99, notes: "Window seats" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: flight.id,
      departureTime: "09:00",
      arrivalTime: "12:05",
      price: 99.99,
      notes: "Window seats",
      userName: "edit-owner",
    });
    expect(Date.parse(res.json().updatedAt)).toBeGreaterThanOrEqual(Date.parse(flight.updatedAt));
    // The refused edits changed nothing; an empty note is no note.
    expect((await patch({ notes: "" })).json().notes).toBeNull();
    expect((await owner.get(url)).json().bookings[0]).toMatchObject({ departureTime: "09:00", price: 99.99 });
  });

  it("checks a hotel's dates merged too", async () => {
    const { owner, url } = await tripWithTwo("edit-hotel");
    const hotel = (await owner.post(url, { ...HOTEL, checkInDate: futureDate(31) })).json();
    const res = await owner.request("PATCH", `${url}/${hotel.id}`, { checkOutDate: futureDate(30) });
    expect(res.statusCode).toBe(400);
    const ok = await owner.request("PATCH", `${url}/${hotel.id}`, { checkOutDate: futureDate(34) });
    expect(ok.json()).toMatchObject({ checkInDate: futureDate(31), checkOutDate: futureDate(34) });
    const noTime = await owner.request("PATCH", `${url}/${hotel.id}`, { checkOutTime: null });
    expect(noTime.json().error.message).toBe(BOOKING_MESSAGES.hotelTimesRequired);
  });

  it("deletes a booking (any member), then it is not found", async () => {
    const { owner, member, url } = await tripWithTwo("delete");
    const walk = (await owner.post(url, WALK)).json();
    expect((await member.request("DELETE", `${url}/${walk.id}`)).statusCode).toBe(204);
    const again = await member.request("DELETE", `${url}/${walk.id}`, undefined, { "accept-language": "ja" });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe("予約が見つかりません");
    expect((await owner.get(url)).json().bookings).toEqual([]);
  });

  it("shows no name for a booking whose saver deleted their account", async () => {
    const { owner, member, url } = await tripWithTwo("gone");
    const hotel = (await member.post(url, HOTEL)).json();
    await t.app.ctx.database.db.delete(users).where(eq(users.id, member.id));
    expect((await owner.get(url)).json().bookings[0]).toMatchObject({
      id: hotel.id,
      userId: null,
      userName: null,
    });
  });
});

describe("who may touch a booking", () => {
  it("finds no booking of trip B through trip A, and strangers get the generic 404", async () => {
    const a = await tripWithTwo("trip-a");
    const b = await tripWithTwo("trip-b");
    // a.owner is also a member of B: still, B's booking is not reachable through A's URL.
    expect((await join(a.owner, await inviteCode(b.owner, b.trip.id))).statusCode).toBe(200);
    const bBooking = (await b.owner.post(b.url, FLIGHT)).json();
    const viaA = `${a.url}/${bBooking.id}`;
    const patch = await a.owner.request("PATCH", viaA, { notes: "mine now" });
    expect(patch.statusCode).toBe(404);
    expect(patch.json().error.message).toBe(BOOKING_MESSAGES.bookingNotFound);
    expect((await a.owner.request("DELETE", viaA)).statusCode).toBe(404);
    expect((await a.owner.request("PATCH", `${a.url}/not-an-id`, { notes: "x" })).statusCode).toBe(404);

    const stranger = (await registered(t.app, "stranger-b@example.com")) as Who;
    for (const [method, url, body] of [
      ["GET", b.url, undefined],
      ["POST", b.url, FLIGHT],
      ["PATCH", `${b.url}/${bBooking.id}`, { notes: "x" }],
      ["DELETE", `${b.url}/${bBooking.id}`, undefined],
    ] as const) {
      const res = await stranger.request(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.body).not.toContain("ICN");
    }
    expect((await b.owner.get(b.url)).json().bookings).toHaveLength(1);
    expect((await b.owner.get(b.url)).json().bookings[0].notes).toBeNull();
  });
});

describe("changes travel to the group", () => {
  it("publishes bookings.changed and moves trips.bookings_changed_at on every write, not on a refusal", async () => {
    const { owner, url, trip } = await tripWithTwo("live");
    expect(await changedAt(trip.id)).toBeNull();
    const events: TripEvent[] = [];
    const off = t.app.ctx.bus.subscribe(trip.id, (e) => events.push(e));
    try {
      const created = (await owner.post(url, FLIGHT)).json();
      const afterCreate = await changedAt(trip.id);
      expect(afterCreate).not.toBeNull();
      expect(events.filter((e) => e.type === "bookings.changed")).toHaveLength(1);

      await new Promise((r) => setTimeout(r, 5));
      expect(
        (await owner.request("PATCH", `${url}/${created.id}`, { flightNumber: "JL 90" })).statusCode,
      ).toBe(200);
      const afterEdit = await changedAt(trip.id);
      expect(afterEdit!.getTime()).toBeGreaterThan(afterCreate!.getTime());

      expect((await owner.request("PATCH", `${url}/${created.id}`, { departureTime: null })).statusCode).toBe(
        400,
      );
      expect((await changedAt(trip.id))!.getTime()).toBe(afterEdit!.getTime());

      expect((await owner.request("DELETE", `${url}/${created.id}`)).statusCode).toBe(204);
      expect(events.filter((e) => e.type === "bookings.changed")).toHaveLength(3);
    } finally {
      off();
    }
  });
});
