import type { Booking } from "@tabi/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { i18n, initI18n } from "../../i18n";
import { SavedBookingList } from "./SavedBookingList";

// The bookings catalogue loads with its screens (LATER_NAMESPACES): here before the first render.
beforeAll(async () => {
  await initI18n("en");
  await i18n.loadNamespaces(["bookings"]);
});

function booking(over: Partial<Booking>): Booking {
  return {
    id: "b1",
    tripId: "t1",
    userId: "u1",
    userName: "Aiko",
    bookingType: "flight",
    bookingLink: null,
    flightNumber: null,
    departureTime: null,
    arrivalTime: null,
    price: null,
    currency: null,
    passengers: null,
    route: null,
    departureDate: null,
    notes: null,
    hotelName: null,
    address: null,
    checkInTime: null,
    checkOutTime: null,
    checkInDate: null,
    checkOutDate: null,
    guests: null,
    pricePerNight: null,
    rating: null,
    location: null,
    transportInfo: null,
    createdAt: "2026-11-01T00:00:00Z",
    updatedAt: "2026-11-01T00:00:00Z",
    ...over,
  };
}

// In a router ("Add as expense" leads to the money screen) and a query client (a booking's documents).
const render = (bookings: Booking[], busyId?: string) =>
  renderToStaticMarkup(
    createElement(
      QueryClientProvider,
      { client: new QueryClient() },
      createElement(
        MemoryRouter,
        null,
        createElement(SavedBookingList, {
          bookings,
          empty: "No saved flight bookings yet.",
          onEdit: () => {},
          onDelete: () => {},
          busyId,
        }),
      ),
    ),
  );
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("SavedBookingList", () => {
  it("offers Add as expense on a booking with a price only", () => {
    expect(text(render([booking({ price: 320, currency: "USD" })]))).toContain("Add as expense");
    expect(
      text(
        render([
          booking({
            bookingType: "hotel",
            pricePerNight: 100,
            checkInDate: "2026-12-01",
            checkOutDate: "2026-12-03",
          }),
        ]),
      ),
    ).toContain("Add as expense");
    expect(text(render([booking({})]))).not.toContain("Add as expense");
  });

  it("says the dialog's empty text when nothing is saved", () => {
    expect(text(render([]))).toContain("No saved flight bookings yet.");
  });

  it("shows a flight's number, route, times, passengers, price and who saved it", () => {
    const t = text(
      render([
        booking({
          flightNumber: "KE703",
          route: "ICN → NRT",
          departureDate: "2026-12-10",
          departureTime: "09:30",
          arrivalTime: "11:55",
          passengers: 2,
          price: 412.5,
          currency: "USD",
        }),
      ]),
    );
    for (const part of [
      "KE703 · ICN → NRT",
      "Dec 10, 2026",
      "09:30 – 11:55",
      "2 passengers",
      "$412.50",
      "Saved by Aiko",
    ])
      expect(t).toContain(part);
  });

  it("shows a hotel's name, dates, times, guests, price per night and stars", () => {
    const html = render([
      booking({
        bookingType: "hotel",
        hotelName: "Hotel Gracery",
        checkInDate: "2026-12-10",
        checkOutDate: "2026-12-12",
        checkInTime: "15:00",
        checkOutTime: "11:00",
        guests: 1,
        pricePerNight: 180,
        currency: "USD",
        rating: 4,
      }),
    ]);
    for (const part of ["Hotel Gracery", "Check-in 15:00", "Check-out 11:00", "1 guest", "$180.00 / night"])
      expect(text(html)).toContain(part);
    expect(html).toMatch(/aria-label="[^"]*4[^"]*"/);
  });

  it("shows a transport booking's mode, line and platform, priced in yen", () => {
    const t = text(
      render([
        booking({
          bookingType: "train",
          route: "Tokyo → Kyoto",
          price: 14170,
          transportInfo: { lineNumber: "Nozomi 21", platform: "14" },
        }),
      ]),
    );
    for (const part of ["Train · Tokyo → Kyoto", "Line Nozomi 21", "Platform 14", "¥14,170"])
      expect(t).toContain(part);
  });

  it("links the booking page in a new tab, safely, and offers Edit and Delete", () => {
    const html = render([booking({ bookingLink: "https://example.com/b/1" })]);
    expect(html).toContain('href="https://example.com/b/1"');
    expect(html).toContain('rel="noopener noreferrer"');
    expect(html).toContain('aria-label="Edit"');
    expect(html).toContain('aria-label="Delete"');
  });

  it("disables the row's buttons while it is being deleted", () => {
    const html = render([booking({})], "b1");
    expect(html.match(/disabled=""/g)).toHaveLength(2);
  });
});
