import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import { createTrip, futureDate, registered } from "../../test/fixtures";
import { tripZone } from "./zone";

// Issue 25 item 4: the trip's clock is where its places are, not where it departs from.

const SEOUL = { departureLatitude: 37.5665, departureLongitude: 126.978 };
const kyoto = { latitude: 35.0394, longitude: 135.7292 };
const bangkok = { latitude: 13.7465, longitude: 100.4927 };
const busan = { latitude: 35.1796, longitude: 129.0756 };

describe("tripZone", () => {
  it("is the zone most places are in, else the departure's, else UTC", () => {
    expect(tripZone(SEOUL, [kyoto, kyoto, bangkok])).toBe("Asia/Tokyo");
    expect(tripZone(SEOUL, [bangkok, kyoto, kyoto])).toBe("Asia/Tokyo");
    expect(tripZone(SEOUL, [])).toBe("Asia/Seoul");
    expect(tripZone({ departureLatitude: null, departureLongitude: null }, [])).toBe("UTC");
  });
  it("breaks a tie by the place added first", () => {
    expect(tripZone(SEOUL, [bangkok, kyoto])).toBe("Asia/Bangkok");
    expect(tripZone(SEOUL, [kyoto, bangkok, bangkok, kyoto])).toBe("Asia/Tokyo");
    expect(tripZone(SEOUL, [busan, kyoto])).toBe("Asia/Seoul");
  });
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("a trip from Seoul with its places in Kyoto", () => {
  it("is on Kyoto's clock for its members and its shared page, and back on Seoul's without places", async () => {
    const owner = await registered(t.app, "zone-owner@example.com");
    const trip = await createTrip(owner, {
      departureLocation: "Seoul",
      ...SEOUL,
      startDate: futureDate(30),
      endDate: futureDate(32),
    });
    const detail = async () => (await owner.get(`/api/trips/${trip.id}`)).json().trip;
    const full = async () => (await owner.get(`/api/trips/${trip.id}/full`)).json().trip;
    // Read first, so a kept copy of the trip would answer if a place write did not drop it.
    expect((await detail()).timezone).toBe("Asia/Seoul");
    expect((await full()).timezone).toBe("Asia/Seoul");

    const ids: string[] = [];
    for (const [i, p] of [kyoto, { latitude: 34.9949, longitude: 135.785 }].entries()) {
      const res = await owner.post(`/api/trips/${trip.id}/places`, {
        name: `Temple ${i}`,
        ...p,
        wishLevel: 8,
      });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().place.id);
    }
    const onKyoto = await detail();
    expect(onKyoto.timezone).toBe("Asia/Tokyo");
    expect((await full()).timezone).toBe("Asia/Tokyo");
    // The shared page says which clock its times are on.
    const link = await owner.post(`/api/trips/${trip.id}/shares`, { shareType: "external_view" });
    const shared = (await owner.get(`/api/shared/${link.json().token}`)).json();
    expect(shared.trip.timezone).toBe("Asia/Tokyo");

    // Moving the departure does not move a trip that has places...
    const moved = await owner.request("PATCH", `/api/trips/${trip.id}`, {
      departureLocation: "Bangkok",
      departureLatitude: bangkok.latitude,
      departureLongitude: bangkok.longitude,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().trip.timezone).toBe("Asia/Tokyo");
    // ...and without places the trip is on its departure's clock again.
    for (const id of ids)
      expect((await owner.request("DELETE", `/api/trips/${trip.id}/places/${id}`)).statusCode).toBe(204);
    expect((await detail()).timezone).toBe("Asia/Bangkok");
  });
});
