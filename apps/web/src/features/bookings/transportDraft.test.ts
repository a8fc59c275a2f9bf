import { BOOKING_MESSAGES, type Booking } from "@tabi/contracts";
import { describe, expect, it } from "vitest";
import bookingsEn from "../../i18n/locales/en/bookings.json";
import en from "../../i18n/locales/en/travel.json";
import {
  defaultTransportType,
  draftErrors,
  draftFromBooking,
  draftToBooking,
  draftToUpdate,
  emptyDraft,
  legBookings,
  targetOfBooking,
  targetOfLeg,
} from "./transportDraft";
import type { BookingLeg } from "./types";

const leg: BookingLeg = {
  from: { name: "Tokyo Station", lat: 35.6812, lng: 139.7671, placeId: "p1" },
  to: { name: "Senso-ji", lat: 35.7148, lng: 139.7967, placeId: "p2" },
  date: "2026-12-10",
  mode: "public_transport",
};

const target = targetOfLeg(leg);
const filled = () => ({ ...emptyDraft(leg, 3), departureTime: "09:30" });

describe("the transport form", () => {
  it("suggests the booking kind from the leg's mode", () => {
    expect(defaultTransportType("walking")).toBe("walking");
    expect(defaultTransportType("car")).toBe("taxi");
    expect(defaultTransportType("public_transport")).toBe("public_transport");
    expect(defaultTransportType("ferry")).toBe("ferry");
    expect(defaultTransportType("flight")).toBe("public_transport");
  });

  it("starts with the member count as passengers, at least 1", () => {
    expect(emptyDraft(leg, 3).passengers).toBe("3");
    expect(emptyDraft(leg, 0).passengers).toBe("1");
  });

  it("requires a departure time with the spec's message", () => {
    expect(draftErrors(emptyDraft(leg, 3), target)).toEqual({ departureTime: "departureTimeRequired" });
    expect(draftErrors(filled(), target)).toEqual({});
  });

  it("refuses a link that is not a web address, a passenger count under 1 and a negative price", () => {
    const errors = draftErrors({ ...filled(), bookingLink: "ftp://x", passengers: "0", price: "-1" }, target);
    expect(errors).toEqual({ bookingLink: "badLink", passengers: "passengers", price: "price" });
  });

  it("ties the booking to the leg: route, date and its places; empty price, notes and link are null", () => {
    const body = draftToBooking(filled(), target);
    expect(body).toMatchObject({
      bookingType: "public_transport",
      route: "Tokyo Station → Senso-ji",
      departureDate: "2026-12-10",
      departureTime: "09:30",
      arrivalTime: null,
      passengers: 3,
      price: null,
      currency: "JPY",
      notes: null,
      bookingLink: null,
      transportInfo: { fromPlaceId: "p1", toPlaceId: "p2", lineNumber: null },
    });
  });

  it("keeps a price to the sen (step 0.01) and trims what was typed", () => {
    const body = draftToBooking({ ...filled(), price: "1234.567", lineNumber: "  Ginza Line " }, target);
    expect(body.price).toBe(1234.57);
    expect(body.transportInfo?.lineNumber).toBe("Ginza Line");
  });

  it("edits a saved booking and sends no kind in the update", () => {
    const saved = {
      ...draftToBooking({ ...filled(), price: "500", notes: "IC card" }, target),
      id: "b1",
    } as unknown as Booking;
    const draft = draftFromBooking(saved, 3);
    expect(draft).toMatchObject({ departureTime: "09:30", price: "500", notes: "IC card", arrivalTime: "" });
    expect(targetOfBooking(saved)).toEqual(target);
    const update = draftToUpdate(draft, targetOfBooking(saved));
    expect("bookingType" in update).toBe(false);
    expect(update.departureDate).toBe("2026-12-10");
  });

  it("lists only the transport bookings of this route and date", () => {
    const b = (over: Partial<Booking>) =>
      ({
        bookingType: "taxi",
        route: "Tokyo Station → Senso-ji",
        departureDate: "2026-12-10",
        ...over,
      }) as Booking;
    const mine = b({ id: "1" } as Partial<Booking>);
    const list = [
      mine,
      b({ departureDate: "2026-12-11" }),
      b({ route: "Senso-ji → Tokyo Station" }),
      b({ bookingType: "flight" }),
    ];
    expect(legBookings(list, leg)).toEqual([mine]);
  });
});

describe("the dialog's English texts", () => {
  it("are the spec's words (contracts BOOKING_MESSAGES)", () => {
    expect(bookingsEn.message.departureTimeRequired).toBe(BOOKING_MESSAGES.departureTimeRequired);
    expect(bookingsEn.message.loginRequired).toBe(BOOKING_MESSAGES.loginRequired);
    expect(bookingsEn.message.saveFailed).toBe(BOOKING_MESSAGES.saveFailed);
    expect(bookingsEn.message.saved).toBe(BOOKING_MESSAGES.saved);
    expect(bookingsEn.message.updated).toBe(BOOKING_MESSAGES.updated);
    expect(bookingsEn.message.noLegBookings).toBe(BOOKING_MESSAGES.noLegBookings);
    expect(en.ride.failed).toBe(BOOKING_MESSAGES.uberFailed);
    expect([en.title.walking, en.title.other, en.tab.walking, en.tab.search]).toEqual([
      "Walking & Taxi",
      "Transportation",
      "Walking & Taxi",
      "Search Routes",
    ]);
    expect([en.search.routes, en.search.uber, en.search.taxis, en.facts.unknown]).toEqual([
      "Search Routes",
      "Search Uber Rides",
      "Search Taxis",
      "Unknown",
    ]);
  });
});
