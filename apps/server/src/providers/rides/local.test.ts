import { rideOptionSchema } from "@tabi/contracts";
import { describe, expect, it } from "vitest";
import { localRides, localTaxiRides } from "./local";

/** A point `km` east of the origin along the equator (great-circle km = km). */
const east = (km: number) => ({ lat: 0, lng: (km / (2 * Math.PI * 6371)) * 360 });
const origin = { lat: 0, lng: 0 };

describe("the spec's local taxi model", () => {
  it("prices 10 km at 40 km/h: Standard 15 min $25-40, Comfort 17 min $30-50", () => {
    const [standard, comfort] = localRides(origin, east(10));
    expect(standard).toMatchObject({
      displayName: "Standard",
      durationMinutes: 15,
      distanceKm: 10,
      low: 25,
      high: 40,
      priceEstimate: "$25-40",
      currency: "USD",
      capacity: 4,
      image: null,
    });
    expect(comfort).toMatchObject({
      displayName: "Comfort",
      durationMinutes: 17,
      low: 30,
      high: 50,
      priceEstimate: "$30-50",
    });
    for (const r of [standard, comfort]) rideOptionSchema.parse(r);
  });

  it("rounds minutes up (at least 1) and dollars to whole ones", () => {
    const [standard, comfort] = localRides(origin, east(3.3));
    // 3.3 km / 40 km/h = 4.95 min -> 5; $8.25-13.2 -> $8-13; Comfort $9.9-16.5 -> $10-17.
    expect([standard!.durationMinutes, standard!.priceEstimate]).toEqual([5, "$8-13"]);
    expect([comfort!.durationMinutes, comfort!.priceEstimate]).toEqual([7, "$10-17"]);
    expect(localRides(origin, east(0.1))[0]!.durationMinutes).toBe(1);
  });

  it("names the products in the reader's words and says the answer is an estimate", async () => {
    const answer = await localTaxiRides().estimate(origin, east(10), (p) => (p === "standard" ? "S" : "C"));
    expect(answer.source).toBe("estimate");
    expect(answer.rides.map((r) => r.displayName)).toEqual(["S", "C"]);
  });
});
