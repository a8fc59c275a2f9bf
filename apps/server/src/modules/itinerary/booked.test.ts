import { describe, expect, it } from "vitest";
import { type BookingRow, flightBookingsFor, hotelNightsOf, routeCodes, transportLocks } from "./booked";

const row = (over: Partial<BookingRow>): BookingRow => ({
  id: "b",
  bookingType: "flight",
  flightNumber: null,
  route: null,
  departureDate: null,
  departureTime: null,
  arrivalTime: null,
  hotelName: null,
  checkInDate: null,
  checkOutDate: null,
  location: null,
  transportInfo: null,
  ...over,
});
const trip = { startDate: "2026-12-10", endDate: "2026-12-12" };

describe("which flight bookings frame the trip", () => {
  it("takes the earliest flight of the first day out and the latest of the last day home", () => {
    const rows = [
      row({ id: "late-out", departureDate: "2026-12-10", departureTime: "15:00" }),
      row({ id: "out", departureDate: "2026-12-10", departureTime: "08:00" }),
      row({ id: "home", departureDate: "2026-12-12", departureTime: "19:00" }),
      row({ id: "early-home", departureDate: "2026-12-12", departureTime: "07:00" }),
      row({ id: "middle", departureDate: "2026-12-11", departureTime: "10:00" }),
      row({ id: "hotel", bookingType: "hotel", departureDate: "2026-12-10", departureTime: "01:00" }),
    ];
    const { outbound, inbound } = flightBookingsFor(rows, trip);
    expect(outbound?.id).toBe("out");
    expect(inbound?.id).toBe("home");
  });

  it("uses one flight once on a one-day trip, and none without a take-off time", () => {
    const oneDay = { startDate: "2026-12-10", endDate: null };
    const only = [row({ id: "x", departureDate: "2026-12-10", departureTime: "09:00" })];
    expect(flightBookingsFor(only, oneDay)).toEqual({ outbound: only[0] });
    expect(flightBookingsFor([row({ departureDate: "2026-12-10" })], trip)).toEqual({});
  });
});

describe("routeCodes", () => {
  it("reads the two airports of a route", () => {
    expect(routeCodes("ICN → NRT")).toEqual(["ICN", "NRT"]);
    expect(routeCodes("icn->nrt")).toEqual(["ICN", "NRT"]);
    expect(routeCodes("Seoul → NRT")).toEqual([null, "NRT"]);
    expect(routeCodes(null)).toEqual([null, null]);
    expect(routeCodes("ICN NRT")).toEqual([null, null]);
  });
});

describe("hotelNightsOf", () => {
  it("makes one night per date from check-in to the day before check-out, at the hotel", () => {
    const nights = hotelNightsOf([
      row({
        bookingType: "hotel",
        hotelName: "Hotel Kanra",
        checkInDate: "2026-12-10",
        checkOutDate: "2026-12-12",
        location: { lat: 34.99, lng: 135.76 },
      }),
      // Without a location the night cannot move: the plan keeps its base.
      row({
        bookingType: "hotel",
        hotelName: "Nowhere",
        checkInDate: "2026-12-10",
        checkOutDate: "2026-12-11",
      }),
    ]);
    expect(nights).toEqual([
      { date: "2026-12-10", name: "Hotel Kanra", latitude: 34.99, longitude: 135.76 },
      { date: "2026-12-11", name: "Hotel Kanra", latitude: 34.99, longitude: 135.76 },
    ]);
  });

  it("calls a hotel booked without a name 'Hotel', in each reader's language", () => {
    const [night] = hotelNightsOf([
      row({ bookingType: "hotel", checkInDate: "2026-12-10", location: { lat: 35, lng: 135.7 } }),
    ]);
    expect(night).toMatchObject({ date: "2026-12-10", name: "Hotel", nameKey: "plan.hotel" });
  });
});

describe("transportLocks", () => {
  const places = [
    { id: "temple", latitude: 35.0394, longitude: 135.7292 },
    { id: "market", latitude: 35.005, longitude: 135.7648 },
  ];
  const dates = ["2026-12-10", "2026-12-11"];
  const taxi = (over: Partial<BookingRow>) =>
    row({
      bookingType: "taxi",
      departureDate: "2026-12-11",
      departureTime: "10:00",
      transportInfo: { fromPlaceId: "temple", toPlaceId: "market" },
      ...over,
    });

  it("keeps both places on the booking's day and the destination at the booked arrival", () => {
    const locks = transportLocks([taxi({ arrivalTime: "10:25" })], places, dates);
    expect(locks.get("temple")).toEqual({ date: "2026-12-11" });
    expect(locks.get("market")).toEqual({ date: "2026-12-11", start: "10:25" });
  });

  it("without an arrival, starts the destination after the leg's travel time", () => {
    const start = transportLocks([taxi({})], places, dates).get("market")!.start!;
    expect(start > "10:00" && start < "11:00").toBe(true);
  });

  it("ignores a booking whose places are not in the trip or whose date is not a trip day", () => {
    const other = taxi({ transportInfo: { fromPlaceId: "temple", toPlaceId: "airport_KIX_arrival" } });
    const late = taxi({ departureDate: "2026-12-20" });
    expect(transportLocks([other, late, row({ bookingType: "flight" })], places, dates).size).toBe(0);
  });
});
