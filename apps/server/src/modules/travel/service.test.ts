import { describe, expect, it } from "vitest";
import type { RestaurantCandidate } from "../../providers/places";
import { rankRestaurants } from "./service";

// The spec's filter and order (spec 2 s.5 'Restaurant search'), whatever provider found them.
const near = { lat: 35.69, lng: 139.7 };
const at = (metres: number) => ({ latitude: near.lat + metres / 111_195, longitude: near.lng });
const candidate = (
  name: string,
  rating: number | null,
  metres: number,
  types = ["restaurant"],
): RestaurantCandidate => ({
  placeId: `id:${name}`,
  name,
  address: "",
  rating,
  priceLevel: null,
  cuisine: null,
  photoUrl: null,
  types,
  ...at(metres),
});

describe("rankRestaurants", () => {
  it("keeps rated >= 3 or unrated places to eat within 3,000 m", () => {
    const found = [
      candidate("Good", 4, 100),
      candidate("Poor", 2.9, 100),
      candidate("Unrated", null, 100),
      candidate("Far", 5, 3100),
      candidate("Shop", 5, 100, ["store"]),
      candidate("Takeaway", 3, 100, ["meal_takeaway"]),
      candidate("Good", 4, 100), // the same place twice
    ];
    expect(rankRestaurants(found, "", near).map((r) => r.name)).toEqual(["Good", "Takeaway", "Unrated"]);
  });

  it("puts name matches first, then higher rating, then nearer; at most 15", () => {
    const found = [
      candidate("Sushi Bar", 3.5, 900),
      candidate("Ramen Ichi", 3.2, 2000),
      candidate("Cafe", 4.8, 500),
      candidate("Café Near", 4.8, 200),
      candidate("Ramen Ni", 4.5, 2500),
    ];
    expect(rankRestaurants(found, "ramen", near).map((r) => r.name)).toEqual([
      "Ramen Ni",
      "Ramen Ichi",
      "Café Near",
      "Cafe",
      "Sushi Bar",
    ]);
    expect(rankRestaurants(found, "cafe", near)[0]).toMatchObject({ name: "Café Near", distanceMeters: 200 });
    const many = Array.from({ length: 30 }, (_, i) => candidate(`R${i}`, null, i * 10));
    expect(rankRestaurants(many, "", near)).toHaveLength(15);
  });
});
