import { MAX_TRIP_POINTS } from "@tabi/contracts";
import { describe, expect, it } from "vitest";
import { kmFromTrip, tripParam, tripPoints } from "./trip-points";

const kyotoTrip = { destinationLatitude: 35.0116, destinationLongitude: 135.7681 };
const place = (latitude: number, longitude: number) => ({ latitude, longitude });

describe("tripPoints", () => {
  it("sends the destination first, then the places, rounded and without repeats", () => {
    const points = tripPoints(kyotoTrip, [
      place(35.03941, 135.72924),
      place(35.0394, 135.7292),
      place(34.9671, 135.7727),
    ]);
    expect(points).toEqual([
      { lat: 35.012, lng: 135.768 },
      { lat: 35.039, lng: 135.729 },
      { lat: 34.967, lng: 135.773 },
    ]);
    expect(tripParam(points)).toBe("35.012,135.768;35.039,135.729;34.967,135.773");
  });

  it("works without a destination, and keeps the whole trip when there are too many places", () => {
    const none = { destinationLatitude: null, destinationLongitude: null };
    expect(tripPoints(none, [])).toEqual([]);
    const many = Array.from({ length: 100 }, (_, i) => place(35 + i / 100, 135.7));
    const points = tripPoints(none, many);
    expect(points).toHaveLength(MAX_TRIP_POINTS);
    expect(points[0]!.lat).toBe(35);
    expect(points.at(-1)!.lat).toBeGreaterThan(35.95);
  });
});

describe("kmFromTrip", () => {
  it("measures to the nearest point: Seoul is ~830 km from a Kyoto trip, Gion under 2 km", () => {
    const points = tripPoints(kyotoTrip, [place(35.0394, 135.7292)]);
    expect(kmFromTrip({ lat: 37.5665, lng: 126.978 }, points)).toBeCloseTo(833, -1);
    expect(kmFromTrip({ lat: 35.0037, lng: 135.7788 }, points)).toBeLessThan(2);
    expect(kmFromTrip({ lat: 0, lng: 0 }, [])).toBeNull();
  });
});
