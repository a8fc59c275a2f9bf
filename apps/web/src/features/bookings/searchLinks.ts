// Deep links to real flight and hotel search sites (spec 2 s.2, DESIGN.md "Nothing fake is shown as
// real"): we never show prices or availability ourselves; the user searches there, books, and adds
// the booking here. Pure functions, so every parameter a site reads is checked by a test.

export interface FlightSearch {
  /** IATA codes: "ICN", "NRT". */
  from: string;
  to: string;
  /** yyyy-mm-dd. */
  date: string;
  adults: number;
}

export interface HotelSearch {
  city: string;
  /** yyyy-mm-dd. */
  checkIn: string;
  checkOut: string;
  guests: number;
}

export interface SearchLink {
  site: string;
  url: string;
}

/** One of the spec's searches takes yen (Skyscanner for flights, Booking.com for hotels). */
export const SEARCH_CURRENCY = "JPY";

const code = (iata: string) => iata.trim().toUpperCase();
const adults = (n: number) => Math.min(8, Math.max(1, Math.round(n) || 1));

export function googleFlightsUrl(s: FlightSearch): string {
  // Google Flights reads a plain-language query and fills its form from it.
  // i18n-exempt: a query for Google, which reads English
  const q = `Flights from ${code(s.from)} to ${code(s.to)} on ${s.date} one way for ${adults(s.adults)} adults`;
  return `https://www.google.com/travel/flights?${new URLSearchParams({ q, curr: "USD" })}`;
}

export function skyscannerUrl(s: FlightSearch): string {
  const yymmdd = s.date.slice(2).replaceAll("-", "");
  const path = `${code(s.from).toLowerCase()}/${code(s.to).toLowerCase()}/${yymmdd}`;
  const q = new URLSearchParams({
    adultsv2: String(adults(s.adults)),
    cabinclass: "economy",
    rtn: "0",
    currency: SEARCH_CURRENCY,
  });
  return `https://www.skyscanner.net/transport/flights/${path}/?${q}`;
}

export function kayakUrl(s: FlightSearch): string {
  return `https://www.kayak.com/flights/${code(s.from)}-${code(s.to)}/${s.date}/${adults(s.adults)}adults?sort=bestflight_a`;
}

export const flightSearchLinks = (s: FlightSearch): SearchLink[] => [
  // i18n-exempt: a brand name
  { site: "Google Flights", url: googleFlightsUrl(s) },
  // i18n-exempt: a brand name
  { site: "Skyscanner", url: skyscannerUrl(s) },
  // i18n-exempt: a brand name
  { site: "KAYAK", url: kayakUrl(s) },
];

export function bookingComUrl(s: HotelSearch): string {
  const q = new URLSearchParams({
    ss: s.city.trim(),
    checkin: s.checkIn,
    checkout: s.checkOut,
    group_adults: String(adults(s.guests)),
    no_rooms: "1",
    group_children: "0",
    selected_currency: SEARCH_CURRENCY,
  });
  return `https://www.booking.com/searchresults.html?${q}`;
}

export function googleHotelsUrl(s: HotelSearch): string {
  const q = new URLSearchParams({
    // i18n-exempt: a query for Google, which reads English
    q: `hotels in ${s.city.trim()}`,
    checkin: s.checkIn,
    checkout: s.checkOut,
    adults: String(adults(s.guests)),
  });
  return `https://www.google.com/travel/hotels?${q}`;
}

export function expediaUrl(s: HotelSearch): string {
  const q = new URLSearchParams({
    destination: s.city.trim(),
    startDate: s.checkIn,
    endDate: s.checkOut,
    adults: String(adults(s.guests)),
    rooms: "1",
  });
  return `https://www.expedia.com/Hotel-Search?${q}`;
}

export const hotelSearchLinks = (s: HotelSearch): SearchLink[] => [
  // i18n-exempt: a brand name
  { site: "Booking.com", url: bookingComUrl(s) },
  // i18n-exempt: a brand name
  { site: "Google Hotels", url: googleHotelsUrl(s) },
  // i18n-exempt: a brand name
  { site: "Expedia", url: expediaUrl(s) },
];

/** yyyy-mm-dd plus whole days, on the calendar (no time zone can shift it). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
