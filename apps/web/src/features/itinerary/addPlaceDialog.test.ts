import { type PlaceResult, placeCreateSchema } from "@tabi/contracts";
import { expect, it } from "vitest";
import { nearestStay, newPlaceInput, STAY_OPTIONS } from "./AddPlaceDialog";

const GION: PlaceResult = {
  id: "wikidata:Q1046012",
  name: "Gion",
  localName: "祇園",
  kind: "landmark",
  category: "tourist_attraction",
  address: "Higashiyama, Kyoto, Japan",
  countryCode: "JP",
  lat: 35.0037,
  lng: 135.7788,
  iata: null,
  rating: 4.5,
  photoUrl: "https://upload.wikimedia.org/gion.jpg",
  timezone: "Asia/Tokyo",
  stayMinutes: 100,
  openingHours: "Mo-Su 00:00-24:00",
};

it("proposes a searched place to the trip with the chosen stay, the caller's priority and notes", () => {
  const body = newPlaceInput(GION, { stayMinutes: 90, wishLevel: 8, notes: "Evening walk" });
  expect(body).toMatchObject({
    name: "Gion",
    localName: "祇園",
    latitude: 35.0037,
    longitude: 135.7788,
    providerPlaceId: "wikidata:Q1046012",
    category: "tourist_attraction",
    photos: ["https://upload.wikimedia.org/gion.jpg"],
    openingHours: "Mo-Su 00:00-24:00",
    stayMinutes: 90,
    wishLevel: 8,
    notes: "Evening walk",
  });
  // What the server's add request accepts, as it is.
  expect(placeCreateSchema.safeParse(body).success).toBe(true);
  // No notes, no photo, a result that is not a place to visit (a town): still a valid request.
  const town = { ...GION, category: "destination_point", photoUrl: null, openingHours: undefined };
  const plain = newPlaceInput(town, { stayMinutes: 60, wishLevel: 5, notes: "" });
  expect(plain).toMatchObject({
    notes: null,
    photos: [],
    openingHours: null,
    category: "tourist_attraction",
  });
  expect(placeCreateSchema.safeParse(plain).success).toBe(true);
});

it("starts the stay at the option nearest the sight's usual visit", () => {
  expect(nearestStay(100)).toBe(90);
  expect(nearestStay(20)).toBe(30);
  expect(nearestStay(150)).toBe(120);
  expect(nearestStay(1000)).toBe(360);
  for (const m of STAY_OPTIONS) expect(nearestStay(m)).toBe(m);
});
