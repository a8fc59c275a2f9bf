import type { LegFacts } from "@tabi/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { bookingKeys } from "./api";
import { RideOptions } from "./RideOptions";
import { TransportForm } from "./TransportForm";
import { TransportSearch } from "./TransportSearch";
import { emptyDraft, targetOfLeg } from "./transportDraft";
import type { BookingLeg } from "./types";

// The search tab as the server would render it once the leg's facts are in the cache: what a user reads.
const walkingLeg: BookingLeg = {
  from: { name: "Tokyo Station", lat: 35.6812, lng: 139.7671 },
  to: { name: "Imperial Palace", lat: 35.6852, lng: 139.7528 },
  date: "2026-12-10",
  mode: "walking",
};
const legKey = (leg: BookingLeg) => `${leg.from.lat},${leg.from.lng},${leg.to.lat},${leg.to.lng}`;

// 10 km by the spec's model: 15 min, $25-40; Comfort 17 min, $30-50.
const facts: LegFacts = {
  from: { lat: 35.6812, lng: 139.7671 },
  to: { lat: 35.6852, lng: 139.7528 },
  distanceKm: 1.4,
  walking: { km: 1.4, minutes: 17 },
  drive: { km: 1.9, minutes: 6 },
  flight: null,
  fromCountry: "JP",
  toCountry: "JP",
  fromAirports: [],
  toAirports: [],
  rides: [
    {
      productId: "local-standard",
      // The server names our classes in the language it was asked in; the dialog uses its own.
      displayName: "スタンダード",
      durationMinutes: 15,
      distanceKm: 10,
      priceEstimate: "$25-40",
      low: 25,
      high: 40,
      currency: "USD",
      capacity: 4,
      image: null,
    },
    {
      productId: "local-comfort",
      displayName: "Comfort",
      durationMinutes: 17,
      distanceKm: 10,
      priceEstimate: "$30-50",
      low: 30,
      high: 50,
      currency: "USD",
      capacity: 4,
      image: null,
    },
  ],
  rideSource: "estimate",
};

function render(leg: BookingLeg, state: { data?: LegFacts; error?: boolean }) {
  // A failed query stays failed on mount, as after the client's own retries.
  const qc = new QueryClient({ defaultOptions: { queries: { retryOnMount: false } } });
  const key = bookingKeys.leg("t1", legKey(leg));
  if (state.data) qc.setQueryData(key, state.data);
  if (state.error)
    qc.getQueryCache()
      .build(qc, { queryKey: key })
      .setState({ status: "error", error: new Error("down") });
  return renderToStaticMarkup(
    createElement(QueryClientProvider, { client: qc }, createElement(TransportSearch, { tripId: "t1", leg })),
  );
}
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("the transport search tab", () => {
  it("shows a walking leg's distance and duration, and links to walking directions", () => {
    const html = render(walkingLeg, { data: facts });
    expect(text(html)).toContain("Distance 1.4 km");
    expect(text(html)).toContain("Duration 17 min");
    expect(html).toContain("travelmode=walking");
    expect(html).toContain("openstreetmap.org/directions");
    expect(text(html)).toContain("Search Routes");
    expect(text(html)).toContain("Search Uber Rides");
  });

  it("says Unknown for both when the leg's facts cannot be had (spec s.8)", () => {
    const html = text(render(walkingLeg, { error: true }));
    expect(html).toContain("Distance Unknown");
    expect(html).toContain("Duration Unknown");
  });

  it("offers taxis and the origin country's transit planner on other legs", () => {
    const leg = { ...walkingLeg, mode: "public_transport" };
    const html = render(leg, { data: facts });
    expect(text(html)).toContain("Search Taxis");
    expect(html).toContain("https://transit.yahoo.co.jp/search/result?");
    expect(html).toContain("travelmode=transit");
  });

  it("shows the drive estimate on a car leg", () => {
    const html = text(render({ ...walkingLeg, mode: "car" }, { data: facts }));
    expect(html).toContain("By road 1.9 km · about 6 min");
  });
});

describe("the ride options", () => {
  const rides = (f: LegFacts) =>
    text(
      renderToStaticMarkup(
        createElement(
          QueryClientProvider,
          { client: new QueryClient() },
          createElement(RideOptions, { leg: walkingLeg, facts: f, loading: false }),
        ),
      ),
    );

  it("lists the spec's estimate with minutes, price range and seats, labelled as our estimate", () => {
    const html = rides(facts);
    expect(html).toContain("Standard $25–$40 15 min · 4 seats");
    expect(html).toContain("Comfort $30–$50 17 min · 4 seats");
    expect(html).toContain(
      "Our estimate, not a quote: 40 km/h on average, $2.5–$4 per km ($3–$5 for Comfort).",
    );
    expect(html).toContain("Open in Uber");
  });

  it("shows a live provider's names and says the prices are Uber's", () => {
    const html = rides({
      ...facts,
      rideSource: "uber",
      rides: [{ ...facts.rides[0]!, displayName: "UberX" }],
    });
    expect(html).toContain("UberX");
    expect(html).toContain("Prices from Uber.");
    expect(html).not.toContain("Our estimate");
  });

  it("leaves the list empty when the search failed", () => {
    expect(rides({ ...facts, rides: [] })).toContain("No ride options for this leg.");
  });
});

describe("the transport form", () => {
  it("opens with the leg's mode, the member count and the hint that re-optimising plans around it", () => {
    const leg = { ...walkingLeg, mode: "car", from: { ...walkingLeg.from, placeId: "p1" } };
    const html = renderToStaticMarkup(
      createElement(TransportForm, {
        initial: emptyDraft(leg, 4),
        target: targetOfLeg(leg),
        editing: false,
        onSubmit: async () => {},
        onCancel: () => {},
      }),
    );
    expect(html).toMatch(/<option value="taxi" selected="">Taxi<\/option>/);
    const input = (name: string) => html.match(new RegExp(`<input[^>]*name="${name}"[^>]*>`))?.[0] ?? "";
    expect(input("passengers")).toContain('value="4"');
    expect(input("price")).toContain('step="0.01"');
    expect(input("departureTime")).toContain('type="time"');
    expect(text(html)).toContain("Tokyo Station → Imperial Palace on Dec 10, 2026");
    expect(text(html)).toContain("Re-optimise to plan around this booking");
    expect(text(html)).toContain("Save Booking");
  });
});
