import type { Booking, ItineraryDay } from "@tabi/contracts";
import { describe, expect, it } from "vitest";
import {
  dayLegs,
  flightLegAt,
  hotelForNight,
  iataOf,
  legOfBooking,
  nightAfter,
  nightsAtBookedHotels,
  transportForLeg,
  tripFirstNight,
  tripFlightLeg,
} from "./planBookings";

const booking = (b: Partial<Booking>) => ({ id: "b", bookingType: "flight", route: null, ...b }) as Booking;
const point = (name: string, latitude: number, longitude: number) => ({ name, latitude, longitude });
const visit = (placeId: string, name: string, mode: string, latitude = 35, longitude = 139) =>
  ({ placeId, name, mode, travelMinutes: 30, latitude, longitude }) as ItineraryDay["visits"][number];
const seoul = point("Seoul Station", 37.55, 126.97);
const hotel = point("Hotel Gracery", 35.69, 139.7);
const day1 = {
  day: 1,
  date: "2026-12-10",
  start: seoul,
  end: hotel,
  backMode: "public_transport",
  backTravelMinutes: 20,
  visits: [
    visit("airport_ICN_departure", "Incheon Airport", "car", 37.46, 126.44),
    visit("airport_NRT_arrival", "Narita Airport", "flight", 35.77, 140.39),
    visit("p1", "Senso-ji", "public_transport", 35.71, 139.8),
  ],
} as unknown as ItineraryDay;
const day2 = {
  ...day1,
  day: 2,
  date: "2026-12-11",
  start: hotel,
  end: seoul,
  visits: [
    visit("p2", "Meiji Jingu", "walking"),
    visit("airport_HND_departure", "Haneda Airport", "car"),
    visit("airport_GMP_arrival", "Gimpo Airport", "flight"),
  ],
} as unknown as ItineraryDay;
const trip = {
  departureLocation: "Seoul",
  departureLatitude: 37.55,
  departureLongitude: 126.97,
  destination: "Tokyo",
  destinationLatitude: 35.68,
  destinationLongitude: 139.76,
  startDate: "2026-12-10",
};

describe("legs of the plan", () => {
  it("reads the IATA code of an airport stop only", () => {
    expect(iataOf("airport_NRT_arrival")).toBe("NRT");
    expect(iataOf("p1")).toBeUndefined();
    expect(iataOf(null)).toBeUndefined();
  });

  it("runs each day from its start through its visits to its end, airports with their codes", () => {
    const legs = dayLegs(day1);
    expect(legs.map((l) => `${l.from.name}>${l.to.name}:${l.mode}`)).toEqual([
      "Seoul Station>Incheon Airport:car",
      "Incheon Airport>Narita Airport:flight",
      "Narita Airport>Senso-ji:public_transport",
      "Senso-ji>Hotel Gracery:public_transport",
    ]);
    expect(legs[1]).toMatchObject({
      date: "2026-12-10",
      from: { iata: "ICN", placeId: "airport_ICN_departure" },
      to: { iata: "NRT", placeId: "airport_NRT_arrival" },
    });
    expect(legs[0]!.from.placeId).toBeUndefined();
  });

  it("opens an airport on the flight that arrives at it or leaves from it", () => {
    expect(flightLegAt(day1, 0)?.to.iata).toBe("NRT"); // Incheon: the flight leaves it
    expect(flightLegAt(day1, 1)?.from.iata).toBe("ICN"); // Narita: the flight arrives
    expect(flightLegAt(day1, 2)).toBeNull();
  });

  it("offers the plan's first flight, else departure to destination, else a leg from the departure", () => {
    expect(tripFlightLeg([day1, day2], trip)?.to.iata).toBe("NRT");
    const noFlight = { ...day1, visits: [visit("p1", "Senso-ji", "walking")] } as ItineraryDay;
    expect(tripFlightLeg([noFlight], trip)).toMatchObject({ from: { name: "Seoul" }, to: { name: "Tokyo" } });
    const roundTrip = { ...trip, destinationLatitude: null, destinationLongitude: null };
    expect(tripFlightLeg([noFlight], roundTrip)).toMatchObject({
      from: { name: "Seoul Station" },
      to: { name: "Senso-ji" },
      mode: "flight",
    });
    expect(tripFlightLeg([], trip)).toMatchObject({
      from: { name: "Seoul", lat: 37.55 },
      to: { name: "Tokyo" },
      date: "2026-12-10",
    });
    expect(tripFlightLeg([], { ...trip, destinationLatitude: null })).toBeNull();
  });
});

describe("bookings on the plan", () => {
  const stay = booking({
    bookingType: "hotel",
    hotelName: "Hotel Gracery",
    checkInDate: "2026-12-10",
    checkOutDate: "2026-12-12",
  });

  it("puts a hotel on every night from check-in to the night before check-out", () => {
    expect(hotelForNight([stay], "2026-12-10")).toBe(stay);
    expect(hotelForNight([stay], "2026-12-11")).toBe(stay);
    expect(hotelForNight([stay], "2026-12-12")).toBeUndefined();
    expect(hotelForNight([stay], "2026-12-09")).toBeUndefined();
    expect(hotelForNight([booking({ checkInDate: "2026-12-10" })], "2026-12-10")).toBeUndefined();
  });

  it("finds a transport booking by its route text and date", () => {
    const train = booking({
      bookingType: "train",
      route: "Narita Airport → Senso-ji",
      departureDate: "2026-12-10",
    });
    expect(transportForLeg([train], "Narita Airport", "Senso-ji", "2026-12-10")).toBe(train);
    expect(transportForLeg([train], "Narita Airport", "Senso-ji", "2026-12-11")).toBeUndefined();
    expect(
      transportForLeg([{ ...train, bookingType: "flight" }], "Narita Airport", "Senso-ji", "2026-12-10"),
    ).toBeUndefined();
  });

  it("marks a night with a bed only when the plan sleeps at the booked hotel", () => {
    const far = { ...day1, end: point("Base near your places", 35.0, 135.0) } as ItineraryDay;
    expect([...nightsAtBookedHotels([day1, day2], [stay])]).toEqual(["2026-12-10"]);
    expect(nightsAtBookedHotels([far], [stay]).size).toBe(0);
    const byPlace = { ...stay, hotelName: "グレイスリー", location: { lat: 35.6901, lng: 139.7001 } };
    expect(nightsAtBookedHotels([day1], [byPlace]).has("2026-12-10")).toBe(true);
  });

  it("opens a night at the day's end point, in the trip's destination", () => {
    expect(nightAfter([day1], 0, "Tokyo")).toEqual({
      date: "2026-12-10",
      near: { name: "Hotel Gracery", lat: 35.69, lng: 139.7 },
      city: "Tokyo",
    });
    expect(nightAfter([day1], 0, null)?.city).toBe("Hotel Gracery");
    // Issue 25: the night's own area first (a trip from Seoul sleeping in Kyoto searches Kyoto); never
    // a name the plan made up, nor "same as departure location".
    const base = { ...point("Kyoto", 35.0, 135.77), area: "Kyoto" };
    const kyotoNight = { ...day1, end: base } as ItineraryDay;
    expect(nightAfter([kyotoNight], 0, "Seoul")?.city).toBe("Kyoto");
    const placeholder = {
      ...day1,
      end: { ...point("Base near your places", 35.0, 135.77), nameKey: "plan.baseNearPlaces" },
    };
    expect(nightAfter([placeholder as ItineraryDay], 0, null)?.city).toBe("");
    expect(nightAfter([placeholder as ItineraryDay], 0, "same as departure location")?.city).toBe("");
    expect(tripFirstNight([], trip)).toEqual({
      date: "2026-12-10",
      near: { name: "Tokyo", lat: 35.68, lng: 139.76 },
      city: "Tokyo",
    });
  });

  it("opens a saved flight on its own leg by airports and date", () => {
    const back = booking({ route: "HND → GMP", departureDate: "2026-12-11" });
    expect(legOfBooking(back, [day1, day2], trip)).toMatchObject({
      from: { iata: "HND" },
      to: { iata: "GMP" },
    });
    const other = booking({ route: "KIX → ICN", departureDate: "2026-12-20" });
    expect(legOfBooking(other, [day1, day2], trip)).toMatchObject({
      to: { iata: "NRT" },
      date: "2026-12-20",
    });
  });
});
