import type { Booking, ItineraryDay } from "@tabi/contracts";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CalendarView } from "./CalendarView";

// The calendar's fixed blocks (issue 17): bookings where they belong, meal buttons at meal times.
const point = (name: string) => ({ name, latitude: 35.6, longitude: 139.7 });
const visit = (placeId: string, name: string, start: string, end: string, extra = {}) => ({
  placeId,
  name,
  arrive: start,
  start,
  end,
  travelMinutes: 20,
  mode: "public_transport",
  latitude: 35.6,
  longitude: 139.7,
  category: "temple",
  ...extra,
});
const days = [
  {
    day: 1,
    date: "2026-12-10",
    depart: "07:00",
    back: "21:00",
    backTravelMinutes: 20,
    backMode: "public_transport",
    start: point("Seoul Station"),
    end: point("Base near your places"),
    visits: [
      visit("airport_NRT_arrival", "Narita Airport", "09:00", "09:30", {
        category: "airport",
        system: "airport",
        mode: "flight",
        bookingId: "b1",
        flightNumber: "KE703",
      }),
      visit("p1", "Senso-ji", "10:30", "12:00"),
    ],
    meals: [{ kind: "lunch", start: "12:00", end: "13:00", afterPlaceId: "p1" }],
  },
  {
    day: 2,
    date: "2026-12-11",
    depart: "09:00",
    back: "17:00",
    backTravelMinutes: 20,
    backMode: "car",
    start: point("Base near your places"),
    end: point("Seoul Station"),
    visits: [visit("p2", "Meiji Jingu", "09:30", "11:00")],
    meals: [],
  },
] as unknown as ItineraryDay[];
const bookings = [
  {
    id: "h",
    bookingType: "hotel",
    hotelName: "Hotel Gracery",
    checkInDate: "2026-12-10",
    checkOutDate: "2026-12-11",
  },
  {
    id: "t",
    bookingType: "train",
    route: "Narita Airport → Senso-ji",
    departureDate: "2026-12-10",
    departureTime: "09:45",
  },
] as unknown as Booking[];

const render = (canEdit: boolean) =>
  renderToStaticMarkup(
    createElement(CalendarView, {
      days,
      bookings,
      colorOf: () => "#e11d48",
      isSystem: (v) => v.placeId.startsWith("airport_"),
      busy: false,
      onVisit() {},
      onSystem() {},
      onSystemVisit() {},
      onNight() {},
      onRefused() {},
      ...(canEdit ? { onMeal() {}, onEdit() {} } : {}),
    }),
  );

describe("bookings on the calendar", () => {
  const html = render(true);

  it("names the booked hotel on its night, else the plan's night point", () => {
    // Day 1's evening and day 2's morning are the booked night.
    expect(html.match(/data-hotel="booked"/g)).toHaveLength(2);
    expect(html).toContain("Hotel Gracery");
  });

  it("marks a booked flight's airport with the flight number", () => {
    expect(html).toMatch(
      /data-booking="flight"[^>]*title="Booked · KE703"|title="Booked · KE703"[^>]*data-booking="flight"/,
    );
  });

  it("shows a ticket with its time on the visit its booked ride arrives at", () => {
    expect(html).toContain('data-booking="ticket"');
    expect(html).toMatch(/Ticket booked · 0?9:45/);
  });
});

describe("meal buttons", () => {
  it("sit at breakfast, lunch and dinner in every day, also outside the day's hours (spec 2)", () => {
    const html = render(true);
    // Day 1 (07:00-21:00): breakfast and dinner, lunch being the plan's lunch break; day 2
    // (09:00-17:00): all three, breakfast at 08:00 before the day starts (issue 25 item 6).
    expect(html.match(/data-meal-button="lunch"/g)).toHaveLength(1);
    expect(html.match(/data-meal-button="breakfast"/g)).toHaveLength(2);
    expect(html.match(/data-meal-button="dinner"/g)).toHaveLength(2);
    expect(html).toContain('aria-label="Add lunch Restaurant"');
    // The plan's lunch break opens the same search.
    expect(html).toContain('data-meal="lunch"');
  });

  it("are off for a member who may not change the plan, saying why", () => {
    const html = render(false);
    expect(html).toMatch(/aria-disabled="true"[^>]*title="Add lunch Restaurant: You do not have permission/);
    expect(html).not.toContain('data-meal="lunch"');
  });

  it("leave a meal the group takes at a restaurant of the plan to that visit", () => {
    const withRestaurant = [
      {
        ...days[0]!,
        meals: [{ kind: "lunch", start: "12:00", end: "13:00", afterPlaceId: "p1", placeId: "r1" }],
      },
    ] as ItineraryDay[];
    const html = renderToStaticMarkup(
      createElement(CalendarView, {
        days: withRestaurant,
        colorOf: () => "#e11d48",
        isSystem: () => false,
        busy: false,
        onVisit() {},
        onSystem() {},
        onSystemVisit() {},
        onNight() {},
        onRefused() {},
        onMeal() {},
      }),
    );
    expect(html).not.toContain('data-meal="lunch"');
    expect(html).not.toContain('data-meal-button="lunch"');
    expect(html).toContain('data-meal-button="dinner"');
  });
});
