import { describe, expect, it } from "vitest";
import {
  addDays,
  bookingComUrl,
  expediaUrl,
  flightSearchLinks,
  googleFlightsUrl,
  googleHotelsUrl,
  hotelSearchLinks,
  kayakUrl,
  skyscannerUrl,
} from "./searchLinks";

const flight = { from: "icn", to: "NRT", date: "2026-12-10", adults: 3 };
const hotel = { city: "Tokyo", checkIn: "2026-12-10", checkOut: "2026-12-11", guests: 2 };

describe("flight search links", () => {
  it("fills Google Flights' query with origin, destination, date and adults", () => {
    const q = new URL(googleFlightsUrl(flight)).searchParams.get("q");
    expect(q).toBe("Flights from ICN to NRT on 2026-12-10 one way for 3 adults");
  });

  it("gives Skyscanner the airports, the yymmdd date, the adults and yen", () => {
    const url = new URL(skyscannerUrl(flight));
    expect(url.pathname).toBe("/transport/flights/icn/nrt/261210/");
    expect(url.searchParams.get("adultsv2")).toBe("3");
    expect(url.searchParams.get("currency")).toBe("JPY");
  });

  it("puts route, date and adults in Kayak's path", () => {
    expect(new URL(kayakUrl(flight)).pathname).toBe("/flights/ICN-NRT/2026-12-10/3adults");
  });

  it("keeps adults within 1 to 8", () => {
    expect(kayakUrl({ ...flight, adults: 20 })).toContain("/8adults");
    expect(kayakUrl({ ...flight, adults: 0 })).toContain("/1adults");
  });

  it("lists the three sites, all https", () => {
    const links = flightSearchLinks(flight);
    expect(links.map((l) => l.site)).toEqual(["Google Flights", "Skyscanner", "KAYAK"]);
    expect(links.every((l) => l.url.startsWith("https://"))).toBe(true);
  });
});

describe("hotel search links", () => {
  it("gives Booking.com the city, both dates, the guests and yen", () => {
    const p = new URL(bookingComUrl(hotel)).searchParams;
    expect(p.get("ss")).toBe("Tokyo");
    expect(p.get("checkin")).toBe("2026-12-10");
    expect(p.get("checkout")).toBe("2026-12-11");
    expect(p.get("group_adults")).toBe("2");
    expect(p.get("selected_currency")).toBe("JPY");
  });

  it("gives Expedia the city, dates and adults", () => {
    const p = new URL(expediaUrl(hotel)).searchParams;
    expect([p.get("destination"), p.get("startDate"), p.get("endDate"), p.get("adults")]).toEqual([
      "Tokyo",
      "2026-12-10",
      "2026-12-11",
      "2",
    ]);
  });

  it("asks Google Hotels for hotels in the city on those dates", () => {
    const p = new URL(googleHotelsUrl({ ...hotel, city: "São Paulo" })).searchParams;
    expect(p.get("q")).toBe("hotels in São Paulo");
    expect(p.get("checkin")).toBe("2026-12-10");
  });

  it("lists the three sites", () => {
    expect(hotelSearchLinks(hotel).map((l) => l.site)).toEqual(["Booking.com", "Google Hotels", "Expedia"]);
  });
});

describe("addDays", () => {
  it("crosses months and years on the calendar", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
  });
});
