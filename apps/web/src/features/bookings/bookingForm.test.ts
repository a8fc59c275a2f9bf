import { BOOKING_MESSAGES, type Booking } from "@tabi/contracts";
import { describe, expect, it } from "vitest";
import {
  defaultPeople,
  flightDefaults,
  flightErrors,
  flightInput,
  flightsOfLeg,
  flightValuesOf,
  flightWithIcs,
  hotelDefaults,
  hotelErrors,
  hotelInput,
  hotelsOfNight,
  hotelValuesOf,
  hotelWithIcs,
  legRoute,
  serverFieldError,
} from "./bookingForm";
import type { BookingLeg, BookingNight } from "./types";

const leg: BookingLeg = {
  from: { name: "Incheon Airport", lat: 37.46, lng: 126.44, iata: "ICN" },
  to: { name: "Narita Airport", lat: 35.77, lng: 140.39, iata: "NRT" },
  date: "2026-12-10",
  mode: "flight",
};
const night: BookingNight = { date: "2026-12-10", near: null, city: "Tokyo" };

function booking(over: Partial<Booking>): Booking {
  const empty = Object.fromEntries(
    [
      "userId",
      "userName",
      "bookingLink",
      "flightNumber",
      "departureTime",
      "arrivalTime",
      "price",
      "currency",
      "passengers",
      "route",
      "departureDate",
      "notes",
      "hotelName",
      "address",
      "checkInTime",
      "checkOutTime",
      "checkInDate",
      "checkOutDate",
      "guests",
      "pricePerNight",
      "rating",
      "location",
      "transportInfo",
    ].map((k) => [k, null]),
  );
  return {
    id: "b1",
    tripId: "t1",
    bookingType: "flight",
    createdAt: "",
    updatedAt: "",
    ...empty,
    ...over,
  } as Booking;
}

describe("flight form", () => {
  it("starts from the leg: its airports, its date, the spec's times and the member count", () => {
    expect(flightDefaults(leg, 3)).toMatchObject({
      from: "ICN",
      to: "NRT",
      date: "2026-12-10",
      departureTime: "09:00",
      arrivalTime: "11:00",
      passengers: 3,
    });
    expect(defaultPeople(0)).toBe(1);
    expect(defaultPeople(12)).toBe(8);
  });

  it("sends the route as 'FROM → TO', a typed price as a number and empty fields as null", () => {
    const body = flightInput(
      { ...flightDefaults(leg, 2), from: "icn", flightNumber: "ke 703", price: "412.50" },
      leg,
    );
    expect(body).toMatchObject({
      bookingType: "flight",
      route: "ICN → NRT",
      flightNumber: "KE 703",
      departureDate: "2026-12-10",
      price: 412.5,
      currency: "USD",
      bookingLink: null,
      notes: null,
    });
  });

  it("uses the leg's names when the codes are not both there", () => {
    const noCodes = { ...leg, from: { ...leg.from, iata: undefined } };
    expect(legRoute(noCodes)).toBe("Incheon Airport → Narita Airport");
    expect(flightInput({ ...flightDefaults(noCodes, 1), from: "" }, noCodes).route).toBe(
      "Incheon Airport → Narita Airport",
    );
  });

  it("asks for a departure time with the spec's words, and checks codes, price and link", () => {
    const errors = flightErrors({
      ...flightDefaults(leg, 1),
      departureTime: "",
      from: "TOKYO",
      price: "abc",
      link: "javascript:alert(1)",
    });
    expect(errors).toEqual({
      departureTime: "bookings:message.departureTimeRequired",
      from: "bookings:form.badAirport",
      price: "bookings:form.badPrice",
      link: "bookings:message.badLink",
    });
    expect(flightErrors(flightDefaults(leg, 1))).toEqual({});
  });

  it("round-trips a saved flight into the form", () => {
    const saved = booking({
      route: "ICN → NRT",
      departureDate: "2026-12-10",
      departureTime: "09:30",
      flightNumber: "KE703",
      passengers: 2,
      price: 300,
    });
    expect(flightValuesOf(saved)).toMatchObject({ from: "ICN", to: "NRT", price: "300", passengers: 2 });
    expect(flightInput(flightValuesOf(saved), leg)).toMatchObject({ route: "ICN → NRT", price: 300 });
  });

  it("lists only the flights of the leg's route and date", () => {
    const list = [
      booking({ id: "a", route: "ICN → NRT", departureDate: "2026-12-10" }),
      booking({ id: "b", route: "ICN → NRT", departureDate: "2026-12-11" }),
      booking({ id: "c", route: "NRT → ICN", departureDate: "2026-12-10" }),
      booking({ id: "d", route: "Incheon Airport → Narita Airport", departureDate: "2026-12-10" }),
      booking({ id: "e", bookingType: "train", route: "ICN → NRT", departureDate: "2026-12-10" }),
    ];
    expect(flightsOfLeg(list, leg).map((b) => b.id)).toEqual(["a", "d"]);
  });

  it("takes what a calendar file says and keeps the rest", () => {
    const v = flightWithIcs(flightDefaults(leg, 2), {
      kind: "flight",
      title: "KE 703",
      flightNumber: "KE703",
      departureTime: "09:30",
    });
    expect(v).toMatchObject({
      flightNumber: "KE703",
      departureTime: "09:30",
      arrivalTime: "11:00",
      from: "ICN",
    });
  });
});

describe("hotel form", () => {
  it("starts on the night's date for one night, with the spec's times and 4 stars", () => {
    expect(hotelDefaults(night, 2)).toMatchObject({
      checkInDate: "2026-12-10",
      checkOutDate: "2026-12-11",
      checkInTime: "15:00",
      checkOutTime: "11:00",
      guests: 2,
      rating: 4,
      location: null,
    });
  });

  it("needs both times (the spec's words) and a check-out after the check-in", () => {
    expect(hotelErrors({ ...hotelDefaults(night, 1), checkOutTime: "" })).toEqual({
      checkOutTime: "bookings:message.hotelTimesRequired",
    });
    expect(hotelErrors({ ...hotelDefaults(night, 1), checkOutDate: "2026-12-10" })).toEqual({
      checkOutDate: "bookings:form.checkOutAfterCheckIn",
    });
  });

  it("sends the location and the price per night in dollars", () => {
    const body = hotelInput({
      ...hotelDefaults(night, 1),
      location: { lat: 35.69, lng: 139.7 },
      pricePerNight: "180",
    });
    expect(body).toMatchObject({
      bookingType: "hotel",
      location: { lat: 35.69, lng: 139.7 },
      pricePerNight: 180,
      currency: "USD",
    });
    expect(hotelValuesOf(booking({ bookingType: "hotel", pricePerNight: 180 })).pricePerNight).toBe("180");
  });

  it("lists the stays covering the night", () => {
    const list = [
      booking({ id: "a", bookingType: "hotel", checkInDate: "2026-12-09", checkOutDate: "2026-12-12" }),
      booking({ id: "b", bookingType: "hotel", checkInDate: "2026-12-08", checkOutDate: "2026-12-10" }),
      booking({ id: "c", bookingType: "hotel", checkInDate: "2026-12-10", checkOutDate: null }),
    ];
    expect(hotelsOfNight(list, night).map((b) => b.id)).toEqual(["a", "c"]);
  });

  it("takes only the link and notes from a flight's file", () => {
    const before = hotelDefaults(night, 1);
    const v = hotelWithIcs(before, {
      kind: "flight",
      title: "NH0856",
      date: "2026-12-12",
      departureTime: "01:30",
      link: "https://example.com/b",
    });
    expect(v).toEqual({ ...before, link: "https://example.com/b" });
  });

  it("moves the check-out after a check-in taken from a file", () => {
    const v = hotelWithIcs(hotelDefaults(night, 1), {
      kind: "hotel",
      title: "Stay",
      checkInDate: "2026-12-20",
    });
    expect([v.checkInDate, v.checkOutDate]).toEqual(["2026-12-20", "2026-12-21"]);
  });
});

describe("serverFieldError", () => {
  it("puts a known 400 message under its field, in English or in the app's language", () => {
    const say = (key: string) => (key === "bookings:message.badLink" ? "リンクが正しくありません" : key);
    expect(serverFieldError(BOOKING_MESSAGES.departureTimeRequired, say)).toEqual({
      field: "departureTime",
      key: "bookings:message.departureTimeRequired",
    });
    expect(serverFieldError("リンクが正しくありません", say)?.field).toBe("link");
    expect(serverFieldError("Something else", say)).toBeNull();
  });
});
