import { expect, it } from "vitest";
import { distanceMeters, isSamePlace } from "./dedupe";

const kinkaku = { name: "Kinkaku-ji", latitude: 35.0394, longitude: 135.7292, providerPlaceId: null };

it("measures distances on the sphere", () => {
  // Kyoto Station to Kiyomizu-dera is about 2.4 km.
  expect(distanceMeters({ lat: 34.9858, lng: 135.7588 }, { lat: 34.9949, lng: 135.785 })).toBeGreaterThan(
    2300,
  );
  expect(distanceMeters({ lat: 34.9858, lng: 135.7588 }, { lat: 34.9949, lng: 135.785 })).toBeLessThan(2700);
});

it("treats the same name within 150 m, or the same provider id, as one place", () => {
  expect(isSamePlace(kinkaku, { name: "kinkaku-ji ", latitude: 35.0399, longitude: 135.7295 })).toBe(true);
  expect(isSamePlace(kinkaku, { name: "Kinkaku-ji", latitude: 35.05, longitude: 135.7292 })).toBe(false);
  expect(isSamePlace(kinkaku, { name: "Golden Pavilion", latitude: 35.0394, longitude: 135.7292 })).toBe(
    false,
  );
  expect(
    isSamePlace(
      { ...kinkaku, providerPlaceId: "wikidata:Q221157" },
      { name: "Golden Pavilion", latitude: 35.04, longitude: 135.73, providerPlaceId: "wikidata:Q221157" },
    ),
  ).toBe(true);
});
