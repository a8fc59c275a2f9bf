import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import type { TestClient } from "../../test/client";
import { client, createTrip, guest, inviteCode, join, registered } from "../../test/fixtures";
import { multipartFile, postUpload, smallJpeg } from "../../test/uploads";

// Every trip and member route, tried by every kind of caller on a fresh trip, with the answer each
// must get. A trip the caller is not in answers exactly the generic 404: no data of it leaks.
type Role = "signedOut" | "guest" | "nonMember" | "member" | "admin" | "owner";
const ROLES: Role[] = ["signedOut", "guest", "nonMember", "member", "admin", "owner"];

interface World {
  tripId: string;
  placeId: string;
  /** A chat message the member sent, and a photo the owner uploaded. */
  messageId: string;
  /** A flight booking the member saved. */
  bookingId: string;
  /** An expense and a settlement the member recorded (issue 29). */
  expenseId: string;
  settlementId: string;
  /** An open poll the admin made, one of its options, and (only for the winner's cases) a closed poll over
   * places the member voted in (issue 30). */
  pollId: string;
  pollOptionId: string;
  closedPollId: string;
  /** A shared checklist the member made, with one item (issue 30). */
  listId: string;
  itemId: string;
  uploadId: string;
  /** A shared PDF the member added (only for the documents' cases). */
  documentId: string;
  /** A collaborate link the owner made (only for the sharing cases). */
  shareId: string;
  shareToken: string;
  tripName: string;
  clients: Record<Role, TestClient>;
  ids: Record<"owner" | "admin" | "member", string>;
  code: string;
}

interface Case {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  route: string;
  url: (w: World) => string;
  body?: (w: World) => unknown;
  expect: Record<Role, number>;
}

const NOT_IN = { signedOut: 401, guest: 404, nonMember: 404 } as const;

const PLACE = { name: "Fushimi Inari", latitude: 34.9671, longitude: 135.7727 };
/** A 12.00 EUR dinner the member paid, shared by the member and the owner. */
const expenseBody = (w: World, title = "Dinner") => ({
  title,
  amountMinor: 1200,
  currency: "EUR",
  date: "2027-01-02",
  category: "food",
  payers: [{ memberId: w.ids.member, amountMinor: 1200 }],
  split: { kind: "equal", entries: [{ memberId: w.ids.member }, { memberId: w.ids.owner }] },
});
/** A one-page PDF (a ticket, for the documents' cases). */
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
    "3 0 obj<</Type/Page/MediaBox[0 0 200 200]/Parent 2 0 R>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);
const POLL = {
  question: "Dinner on day 1?",
  options: [
    { kind: "text", label: "Ramen" },
    { kind: "text", label: "Sushi" },
  ],
};
/** A place search result, as a poll over places offers it. */
const NISHIKI = {
  id: "osm:authz-nishiki",
  name: "Nishiki Market",
  localName: null,
  kind: "landmark",
  category: "market",
  address: "Kyoto, Japan",
  countryCode: "JP",
  lat: 35.005,
  lng: 135.7648,
  iata: null,
  rating: null,
  photoUrl: null,
  timezone: "Asia/Tokyo",
};
const FLIGHT = { bookingType: "flight", route: "ICN → KIX", departureTime: "09:00", flightNumber: "KE 721" };

const CASES: Case[] = [
  {
    method: "GET",
    route: "/api/trips",
    url: () => "/api/trips",
    expect: { signedOut: 401, guest: 200, nonMember: 200, member: 200, admin: 200, owner: 200 },
  },
  {
    method: "POST",
    route: "/api/trips",
    url: () => "/api/trips",
    body: () => ({
      departureLocation: "Osaka, Japan",
      startDate: new Date(Date.now() + 9e8).toISOString().slice(0, 10),
    }),
    expect: { signedOut: 401, guest: 201, nonMember: 201, member: 201, admin: 201, owner: 201 },
  },
  {
    method: "GET",
    route: "/api/trips/:tripId",
    url: (w) => `/api/trips/${w.tripId}`,
    expect: { ...NOT_IN, member: 200, admin: 200, owner: 200 },
  },
  {
    method: "PATCH",
    route: "/api/trips/:tripId",
    url: (w) => `/api/trips/${w.tripId}`,
    body: () => ({ description: "Changed" }),
    expect: { ...NOT_IN, member: 403, admin: 200, owner: 200 },
  },
  {
    method: "DELETE",
    route: "/api/trips/:tripId",
    url: (w) => `/api/trips/${w.tripId}`,
    expect: { ...NOT_IN, member: 403, admin: 403, owner: 204 },
  },
  {
    method: "GET",
    route: "/api/trips/:tripId/members",
    url: (w) => `/api/trips/${w.tripId}/members`,
    expect: { ...NOT_IN, member: 200, admin: 200, owner: 200 },
  },
  {
    method: "PATCH",
    route: "/api/trips/:tripId/members/:userId",
    url: (w) => `/api/trips/${w.tripId}/members/${w.ids.member}`,
    body: () => ({ canOptimize: false }),
    expect: { ...NOT_IN, member: 403, admin: 200, owner: 200 },
  },
  {
    method: "DELETE",
    route: "/api/trips/:tripId/members/:userId",
    url: (w) => `/api/trips/${w.tripId}/members/${w.ids.member}`,
    expect: { ...NOT_IN, member: 403, admin: 204, owner: 204 },
  },
  {
    method: "POST",
    route: "/api/trips/:tripId/leave",
    url: (w) => `/api/trips/${w.tripId}/leave`,
    expect: { ...NOT_IN, member: 204, admin: 204, owner: 409 },
  },
  {
    method: "POST",
    route: "/api/trips/:tripId/owner",
    url: (w) => `/api/trips/${w.tripId}/owner`,
    body: (w) => ({ userId: w.ids.member }),
    expect: { ...NOT_IN, member: 403, admin: 403, owner: 200 },
  },
  {
    method: "GET",
    route: "/api/trips/:tripId/invitation",
    url: (w) => `/api/trips/${w.tripId}/invitation`,
    expect: { ...NOT_IN, member: 403, admin: 200, owner: 200 },
  },
  {
    method: "POST",
    route: "/api/trips/join",
    url: () => "/api/trips/join",
    body: (w) => ({ code: w.code }),
    expect: { signedOut: 401, guest: 200, nonMember: 200, member: 200, admin: 200, owner: 200 },
  },
  {
    method: "GET",
    route: "/api/trips/:tripId/places",
    url: (w) => `/api/trips/${w.tripId}/places`,
    expect: { ...NOT_IN, member: 200, admin: 200, owner: 200 },
  },
  {
    method: "POST",
    route: "/api/trips/:tripId/places",
    url: (w) => `/api/trips/${w.tripId}/places`,
    body: () => ({ name: "Nishiki Market", latitude: 35.005, longitude: 135.7648 }),
    expect: { ...NOT_IN, member: 201, admin: 201, owner: 201 },
  },
  {
    method: "PATCH",
    route: "/api/trips/:tripId/places/:placeId",
    url: (w) => `/api/trips/${w.tripId}/places/${w.placeId}`,
    body: () => ({ notes: "Go at dawn" }),
    expect: { ...NOT_IN, member: 403, admin: 200, owner: 200 },
  },
  {
    method: "DELETE",
    route: "/api/trips/:tripId/places/:placeId",
    url: (w) => `/api/trips/${w.tripId}/places/${w.placeId}`,
    expect: { ...NOT_IN, member: 403, admin: 204, owner: 204 },
  },
  {
    method: "PUT",
    route: "/api/trips/:tripId/places/:placeId/wish",
    url: (w) => `/api/trips/${w.tripId}/places/${w.placeId}/wish`,
    body: () => ({ wishLevel: 8 }),
    expect: { ...NOT_IN, member: 200, admin: 200, owner: 200 },
  },
  {
    method: "DELETE",
    route: "/api/trips/:tripId/places/:placeId/wish",
    url: (w) => `/api/trips/${w.tripId}/places/${w.placeId}/wish`,
    expect: { ...NOT_IN, member: 200, admin: 200, owner: 200 },
  },
  // Who's going (issue 30): any member skips a visit for themselves, or takes it back.
  {
    method: "PUT",
    route: "/api/trips/:tripId/places/:placeId/skip",
    url: (w) => `/api/trips/${w.tripId}/places/${w.placeId}/skip`,
    expect: { ...NOT_IN, member: 200, admin: 200, owner: 200 },
  },
  {
    method: "DELETE",
    route: "/api/trips/:tripId/places/:placeId/skip",
    url: (w) => `/api/trips/${w.tripId}/places/${w.placeId}/skip`,
    expect: { ...NOT_IN, member: 200, admin: 200, owner: 200 },
  },
  // Any member saves, edits and deletes any booking of the trip (spec 2 s.6).
  {
    method: "GET",
    route: "/api/trips/:tripId/bookings",
    url: (w) => `/api/trips/${w.tripId}/bookings`,
    expect: { ...NOT_IN, member: 200, admin: 200, owner: 200 },
  },
  {
    method: "POST",
    route: "/api/trips/:tripId/bookings",
    url: (w) => `/api/trips/${w.tripId}/bookings`,
    body: () => ({ bookingType: "walking", route: "Gion → Kiyomizu-dera", departureTime: "10:00" }),
    expect: { ...NOT_IN, member: 201, admin: 201, owner: 201 },
  },
  {
    method: "PATCH",
    route: "/api/trips/:tripId/bookings/:bookingId",
    url: (w) => `/api/trips/${w.tripId}/bookings/${w.bookingId}`,
    body: () => ({ notes: "Aisle seats" }),
    expect: { ...NOT_IN, member: 200, admin: 200, owner: 200 },
  },
  {
    method: "DELETE",
    route: "/api/trips/:tripId/bookings/:bookingId",
    url: (w) => `/api/trips/${w.tripId}/bookings/${w.bookingId}`,
    expect: { ...NOT_IN, member: 204, admin: 204, owner: 204 },
  },
  // Money (issue 29): every member adds expenses and settlements; the author or an admin changes and
  // deletes them; admins choose the home currency.
  {
    method: "GET",
    route: "/api/trips/:tripId/expenses",
    url: (w) => `/api/trips/${w.tripId}/expenses`,
    expect: { ...NOT_IN, member: 200, admin: 200, owner: 200 },
  },
  {
    method: "POST",
    route: "/api/trips/:tripId/expenses",
    url: (w) => `/api/trips/${w.tripId}/expenses`,
    body: (w) => expenseBody(w),
    expect: { ...NOT_IN, member: 201, admin: 201, owner: 201 },
  },
  {
    method: "PUT",
    route: "/api/trips/:tripId/expenses/:expenseId",
    url: (w) => `/api/trips/${w.tripId}/expenses/${w.expenseId}`,
    body: (w) => expenseBody(w, "Taxi back"),
    expect: { ...NOT_IN, member: 200, admin: 200, owner: 200 },
  },
  {
    method: "DELETE",
    route: "/api/trips/:tripId/expenses/:expenseId",
    url: (w) => `/api/trips/${w.tripId}/expenses/${w.expenseId}`,
    expect: { ...NOT_IN, member: 204, admin: 204, owner: 204 },
  },
  {
    method: "POST",
    route: "/api/trips/:tripId/settlements",
    url: (w) => `/api/trips/${w.tripId}/settlements`,
    body: (w) => ({ fromId: w.ids.member, toId: w.ids.owner, amountMinor: 500, date: "2027-01-02" }),
    expect: { ...NOT_IN, member: 201, admin: 201, owner: 201 },
  },
  {
    method: "DELETE",
    route: "/api/trips/:tripId/settlements/:settlementId",
    url: (w) => `/api/trips/${w.tripId}/settlements/${w.settlementId}`,
    expect: { ...NOT_IN, member: 204, admin: 204, owner: 204 },
  },
  {
    method: "GET",
    route: "/api/trips/:tripId/balances",
    url: (w) => `/api/trips/${w.tripId}/balances`,
    expect: { ...NOT_IN, member: 200, admin: 200, owner: 200 },
  },
  {
    method: "GET",
    route: "/api/trips/:tripId/expenses.csv",
    url: (w) => `/api/trips/${w.tripId}/expenses.csv`,
    expect: { ...NOT_IN, member: 200, admin: 200, owner: 200 },
  },
  {
    method: "GET",
    route: "/api/trips/:tripId/money/rate",
    url: (w) => `/api/trips/${w.tripId}/money/rate?from=JPY`,
    expect: { ...NOT_IN, member: 200, admin: 200, owner: 200 },
  },
  {
    method: "PUT",
    route: "/api/trips/:tripId/money/currency",
    url: (w) => `/api/trips/${w.tripId}/money/currency`,
    // The trip's own (its places are nowhere yet: euros), so the expenses do not lock it.
    body: () => ({ currency: "EUR" }),
    expect: { ...NOT_IN, member: 403, admin: 200, owner: 200 },
  },
  // Checklists (issue 30): every member reads and edits shared lists; the author or an admin deletes one.
  {
    method: "GET",
    route: "/api/trips/:tripId/lists",
    url: (w) => `/api/trips/${w.tripId}/lists`,
    expect: { ...NOT_IN, member: 200, admin: 200, owner: 200 },
  },
  {
    method: "POST",
    route: "/api/trips/:tripId/lists",
    url: (w) => `/api/trips/${w.tripId}/lists`,
    body: () => ({ starter: "packing", language: "en" }),
    expect: { ...NOT_IN, member: 201, admin: 201, owner: 201 },
  },
  {
    method: "GET",
    route: "/api/trips/:tripId/lists/:listId",
    url: (w) => `/api/trips/${w.tripId}/lists/${w.listId}`,
    expect: { ...NOT_IN, member: 200, admin: 200, owner: 200 },
  },
  {
    method: "PATCH",
    route: "/api/trips/:tripId/lists/:listId",
    url: (w) => `/api/trips/${w.tripId}/lists/${w.listId}`,
    body: () => ({ title: "Packing for two" }),
    expect: { ...NOT_IN, member: 200, admin: 200, owner: 200 },
  },
  {
    method: "DELETE",
    route: "/api/trips/:tripId/lists/:listId",
    url: (w) => `/api/trips/${w.tripId}/lists/${w.listId}`,
    expect: { ...NOT_IN, member: 204, admin: 204, owner: 204 },
  },
  {
    method: "POST",
    route: "/api/trips/:tripId/lists/:listId/items",
    url: (w) => `/api/trips/${w.tripId}/lists/${w.listId}/items`,
    body: (w) => ({ text: "Umbrella", assigneeId: w.ids.admin, dueOn: "2027-01-01" }),
    expect: { ...NOT_IN, member: 201, admin: 201, owner: 201 },
  },
  {
    method: "PATCH",
    route: "/api/trips/:tripId/lists/:listId/items/:itemId",
    url: (w) => `/api/trips/${w.tripId}/lists/${w.listId}/items/${w.itemId}`,
    body: () => ({ checked: true }),
    expect: { ...NOT_IN, member: 200, admin: 200, owner: 200 },
  },
  {
    method: "DELETE",
    route: "/api/trips/:tripId/lists/:listId/items/:itemId",
    url: (w) => `/api/trips/${w.tripId}/lists/${w.listId}/items/${w.itemId}`,
    expect: { ...NOT_IN, member: 204, admin: 204, owner: 204 },
  },
  {
    method: "POST",
    route: "/api/trips/:tripId/lists/:listId/items/:itemId/move",
    url: (w) => `/api/trips/${w.tripId}/lists/${w.listId}/items/${w.itemId}/move`,
    body: () => ({ afterId: null }),
    expect: { ...NOT_IN, member: 200, admin: 200, owner: 200 },
  },
  // Polls (issue 30): every member makes polls and votes; the creator (here the admin) or an admin
  // closes one and adds its winning place.
  {
    method: "GET",
    route: "/api/trips/:tripId/polls",
    url: (w) => `/api/trips/${w.tripId}/polls`,
    expect: { ...NOT_IN, member: 200, admin: 200, owner: 200 },
  },
  {
    method: "POST",
    route: "/api/trips/:tripId/polls",
    url: (w) => `/api/trips/${w.tripId}/polls`,
    body: () => POLL,
    expect: { ...NOT_IN, member: 201, admin: 201, owner: 201 },
  },
  {
    method: "GET",
    route: "/api/trips/:tripId/polls/:pollId",
    url: (w) => `/api/trips/${w.tripId}/polls/${w.pollId}`,
    expect: { ...NOT_IN, member: 200, admin: 200, owner: 200 },
  },
  {
    method: "PUT",
    route: "/api/trips/:tripId/polls/:pollId/vote",
    url: (w) => `/api/trips/${w.tripId}/polls/${w.pollId}/vote`,
    body: (w) => ({ optionIds: [w.pollOptionId] }),
    expect: { ...NOT_IN, member: 200, admin: 200, owner: 200 },
  },
  {
    method: "POST",
    route: "/api/trips/:tripId/polls/:pollId/close",
    url: (w) => `/api/trips/${w.tripId}/polls/${w.pollId}/close`,
    expect: { ...NOT_IN, member: 403, admin: 200, owner: 200 },
  },
  {
    method: "POST",
    route: "/api/trips/:tripId/polls/:pollId/winner",
    url: (w) => `/api/trips/${w.tripId}/polls/${w.closedPollId}/winner`,
    body: () => ({}),
    expect: { ...NOT_IN, member: 403, admin: 200, owner: 200 },
  },
  // A leg's facts and the restaurant search near a stop: for the trip's members only.
  {
    method: "GET",
    route: "/api/trips/:tripId/travel/leg",
    url: (w) =>
      `/api/trips/${w.tripId}/travel/leg?fromLat=35.0116&fromLng=135.7681&toLat=34.9671&toLng=135.7727`,
    expect: { ...NOT_IN, member: 200, admin: 200, owner: 200 },
  },
  {
    method: "GET",
    route: "/api/trips/:tripId/restaurants",
    url: (w) => `/api/trips/${w.tripId}/restaurants?lat=35.0116&lng=135.7681&q=ramen&meal=lunch`,
    expect: { ...NOT_IN, member: 200, admin: 200, owner: 200 },
  },
  {
    method: "POST",
    route: "/api/trips/:tripId/optimizations",
    url: (w) => `/api/trips/${w.tripId}/optimizations`,
    body: () => ({ fairnessWeight: 0.6 }),
    expect: { ...NOT_IN, member: 202, admin: 202, owner: 202 },
  },
  {
    method: "GET",
    route: "/api/trips/:tripId/optimizations/progress",
    url: (w) => `/api/trips/${w.tripId}/optimizations/progress`,
    expect: { ...NOT_IN, member: 200, admin: 200, owner: 200 },
  },
  {
    method: "GET",
    route: "/api/trips/:tripId/optimizations/active",
    url: (w) => `/api/trips/${w.tripId}/optimizations/active`,
    expect: { ...NOT_IN, member: 200, admin: 200, owner: 200 },
  },
  {
    // No plan exists in these worlds: members are told so (404), strangers learn nothing (404).
    method: "POST",
    route: "/api/trips/:tripId/itinerary/edits",
    url: (w) => `/api/trips/${w.tripId}/itinerary/edits`,
    body: () => ({ type: "reorder", day: 1, from: 0, to: 1 }),
    expect: { ...NOT_IN, member: 404, admin: 404, owner: 404 },
  },
  {
    method: "GET",
    route: "/api/trips/:tripId/full",
    url: (w) => `/api/trips/${w.tripId}/full`,
    expect: { ...NOT_IN, member: 200, admin: 200, owner: 200 },
  },
  {
    method: "GET",
    route: "/api/trips/:tripId/itinerary.ics",
    url: (w) => `/api/trips/${w.tripId}/itinerary.ics`,
    expect: { ...NOT_IN, member: 404, admin: 404, owner: 404 },
  },
  {
    method: "POST",
    route: "/api/trips/:tripId/calendar-feed",
    url: (w) => `/api/trips/${w.tripId}/calendar-feed`,
    expect: { ...NOT_IN, member: 200, admin: 200, owner: 200 },
  },
  {
    method: "DELETE",
    route: "/api/trips/:tripId/optimizations/current",
    url: (w) => `/api/trips/${w.tripId}/optimizations/current`,
    expect: { ...NOT_IN, member: 204, admin: 204, owner: 204 },
  },
  {
    method: "GET",
    route: "/api/trips/:tripId/chat/messages",
    url: (w) => `/api/trips/${w.tripId}/chat/messages`,
    expect: { ...NOT_IN, member: 200, admin: 200, owner: 200 },
  },
  {
    method: "POST",
    route: "/api/trips/:tripId/chat/messages",
    url: (w) => `/api/trips/${w.tripId}/chat/messages`,
    body: () => ({ clientId: crypto.randomUUID(), content: "Shall we?" }),
    expect: { ...NOT_IN, member: 201, admin: 201, owner: 201 },
  },
  {
    method: "PATCH",
    route: "/api/trips/:tripId/chat/messages/:messageId",
    url: (w) => `/api/trips/${w.tripId}/chat/messages/${w.messageId}`,
    body: () => ({ content: "Changed" }),
    expect: { ...NOT_IN, member: 200, admin: 403, owner: 403 },
  },
  {
    method: "DELETE",
    route: "/api/trips/:tripId/chat/messages/:messageId",
    url: (w) => `/api/trips/${w.tripId}/chat/messages/${w.messageId}`,
    expect: { ...NOT_IN, member: 200, admin: 200, owner: 200 },
  },
  {
    method: "PUT",
    route: "/api/trips/:tripId/chat/messages/:messageId/reactions/:reaction",
    url: (w) => `/api/trips/${w.tripId}/chat/messages/${w.messageId}/reactions/heart`,
    expect: { ...NOT_IN, member: 200, admin: 200, owner: 200 },
  },
  {
    method: "DELETE",
    route: "/api/trips/:tripId/chat/messages/:messageId/reactions/:reaction",
    url: (w) => `/api/trips/${w.tripId}/chat/messages/${w.messageId}/reactions/heart`,
    expect: { ...NOT_IN, member: 200, admin: 200, owner: 200 },
  },
  {
    method: "POST",
    route: "/api/trips/:tripId/chat/read",
    url: (w) => `/api/trips/${w.tripId}/chat/read`,
    body: () => ({ num: 1 }),
    expect: { ...NOT_IN, member: 204, admin: 204, owner: 204 },
  },
  {
    // The harness sends JSON: a member gets as far as "no file" (a real photo: uploads.test.ts).
    method: "POST",
    route: "/api/trips/:tripId/uploads",
    url: (w) => `/api/trips/${w.tripId}/uploads`,
    body: () => ({}),
    expect: { ...NOT_IN, member: 400, admin: 400, owner: 400 },
  },
  {
    method: "GET",
    route: "/api/trips/:tripId/uploads/:uploadId",
    url: (w) => `/api/trips/${w.tripId}/uploads/${w.uploadId}`,
    expect: { ...NOT_IN, member: 200, admin: 200, owner: 200 },
  },
  // Documents (issue 30): members add and read shared ones; the uploader (here the member) or an admin
  // renames and deletes a shared one. The harness sends JSON: a member gets as far as "no file".
  {
    method: "GET",
    route: "/api/trips/:tripId/documents",
    url: (w) => `/api/trips/${w.tripId}/documents`,
    expect: { ...NOT_IN, member: 200, admin: 200, owner: 200 },
  },
  {
    method: "POST",
    route: "/api/trips/:tripId/documents",
    url: (w) => `/api/trips/${w.tripId}/documents`,
    body: () => ({}),
    expect: { ...NOT_IN, member: 400, admin: 400, owner: 400 },
  },
  {
    method: "GET",
    route: "/api/trips/:tripId/documents/:documentId/file",
    url: (w) => `/api/trips/${w.tripId}/documents/${w.documentId}/file`,
    expect: { ...NOT_IN, member: 200, admin: 200, owner: 200 },
  },
  {
    method: "PATCH",
    route: "/api/trips/:tripId/documents/:documentId",
    url: (w) => `/api/trips/${w.tripId}/documents/${w.documentId}`,
    body: () => ({ title: "Hotel confirmation" }),
    expect: { ...NOT_IN, member: 200, admin: 200, owner: 200 },
  },
  {
    method: "DELETE",
    route: "/api/trips/:tripId/documents/:documentId",
    url: (w) => `/api/trips/${w.tripId}/documents/${w.documentId}`,
    expect: { ...NOT_IN, member: 204, admin: 204, owner: 204 },
  },
  {
    method: "GET",
    route: "/api/trips/:tripId/shares",
    url: (w) => `/api/trips/${w.tripId}/shares`,
    expect: { ...NOT_IN, member: 403, admin: 200, owner: 200 },
  },
  {
    method: "POST",
    route: "/api/trips/:tripId/shares",
    url: (w) => `/api/trips/${w.tripId}/shares`,
    body: () => ({ shareType: "external_view" }),
    expect: { ...NOT_IN, member: 403, admin: 201, owner: 201 },
  },
  {
    method: "PATCH",
    route: "/api/trips/:tripId/shares/:shareId",
    url: (w) => `/api/trips/${w.tripId}/shares/${w.shareId}`,
    body: () => ({ maxUses: 5 }),
    expect: { ...NOT_IN, member: 403, admin: 200, owner: 200 },
  },
  {
    method: "DELETE",
    route: "/api/trips/:tripId/shares/:shareId",
    url: (w) => `/api/trips/${w.tripId}/shares/${w.shareId}`,
    expect: { ...NOT_IN, member: 403, admin: 204, owner: 204 },
  },
  {
    method: "GET",
    route: "/api/trips/:tripId/shares/:shareId/analytics",
    url: (w) => `/api/trips/${w.tripId}/shares/${w.shareId}/analytics`,
    expect: { ...NOT_IN, member: 403, admin: 200, owner: 200 },
  },
  // Public by link: whoever holds the token sees what the link allows, signed in or not.
  {
    method: "GET",
    route: "/api/shared/:token",
    url: (w) => `/api/shared/${w.shareToken}`,
    expect: { signedOut: 200, guest: 200, nonMember: 200, member: 200, admin: 200, owner: 200 },
  },
  {
    method: "POST",
    route: "/api/shared/:token/unlock",
    url: (w) => `/api/shared/${w.shareToken}/unlock`,
    body: () => ({ password: "anything" }),
    expect: { signedOut: 204, guest: 204, nonMember: 204, member: 204, admin: 204, owner: 204 },
  },
  {
    // Joining needs an account (guests are accounts); members are already in.
    method: "POST",
    route: "/api/shared/:token/join",
    url: (w) => `/api/shared/${w.shareToken}/join`,
    expect: { signedOut: 401, guest: 200, nonMember: 200, member: 200, admin: 200, owner: 200 },
  },
  {
    method: "GET",
    route: "/api/shared/:token/card.png",
    url: (w) => `/api/shared/${w.shareToken}/card.png`,
    expect: { signedOut: 200, guest: 200, nonMember: 200, member: 200, admin: 200, owner: 200 },
  },
  {
    method: "GET",
    route: "/api/shared/:token/export",
    url: (w) => `/api/shared/${w.shareToken}/export`,
    expect: { signedOut: 200, guest: 200, nonMember: 200, member: 200, admin: 200, owner: 200 },
  },
  {
    method: "GET",
    route: "/api/shared/:token/export/:format",
    url: (w) => `/api/shared/${w.shareToken}/export/gpx`,
    expect: { signedOut: 200, guest: 200, nonMember: 200, member: 200, admin: 200, owner: 200 },
  },
  // Imports and exports of places (issue 30): the harness sends JSON, so a preview gets as far as "no file".
  {
    method: "POST",
    route: "/api/trips/:tripId/imports/preview",
    url: (w) => `/api/trips/${w.tripId}/imports/preview`,
    body: () => ({}),
    expect: { ...NOT_IN, member: 400, admin: 400, owner: 400 },
  },
  {
    method: "POST",
    route: "/api/trips/:tripId/places/import",
    url: (w) => `/api/trips/${w.tripId}/places/import`,
    body: () => ({ places: [{ name: "Ginkaku-ji", latitude: 35.027, longitude: 135.7982 }] }),
    expect: { ...NOT_IN, member: 200, admin: 200, owner: 200 },
  },
  {
    method: "GET",
    route: "/api/trips/:tripId/export/:format",
    url: (w) => `/api/trips/${w.tripId}/export/kml`,
    expect: { ...NOT_IN, member: 200, admin: 200, owner: 200 },
  },
];

let t: TestApp;
let people: {
  owner: TestClient & { id: string };
  admin: TestClient & { id: string };
  member: TestClient & { id: string };
  nonMember: TestClient;
  guest: TestClient;
};

beforeAll(async () => {
  t = await createTestApp();
  // Premium, so that one person can be in the many fresh trips this test makes.
  people = {
    owner: await registered(t.app, "owner@example.com", { premium: true }),
    admin: await registered(t.app, "admin@example.com", { premium: true }),
    member: await registered(t.app, "member@example.com", { premium: true }),
    nonMember: await registered(t.app, "stranger@example.com", { premium: true }),
    guest: await guest(t.app, "Drifter"),
  };
});
afterAll(() => t.close());

let world = 0;
async function freshWorld(): Promise<World> {
  // A new address per world keeps this test under the per-IP limits of create and join.
  world++;
  for (const [i, p] of [people.owner, people.admin, people.member].entries())
    p.ip = `10.60.${world}.${i + 1}`;
  const trip = await createTrip(people.owner, { name: `Secret trip ${Math.random().toString(36).slice(2)}` });
  const code = await inviteCode(people.owner, trip.id);
  expect((await join(people.admin, code)).statusCode).toBe(200);
  expect((await join(people.member, code)).statusCode).toBe(200);
  const promote = await people.owner.request("PATCH", `/api/trips/${trip.id}/members/${people.admin.id}`, {
    role: "admin",
  });
  expect(promote.statusCode).toBe(200);
  const place = await people.owner.post(`/api/trips/${trip.id}/places`, PLACE);
  expect(place.statusCode).toBe(201);
  const message = await people.member.post(`/api/trips/${trip.id}/chat/messages`, {
    clientId: crypto.randomUUID(),
    content: `About ${PLACE.name}`,
  });
  expect(message.statusCode).toBe(201);
  const booking = await people.member.post(`/api/trips/${trip.id}/bookings`, FLIGHT);
  expect(booking.statusCode).toBe(201);
  const ids = { owner: people.owner.id, admin: people.admin.id, member: people.member.id };
  const partial = { tripId: trip.id, ids } as World;
  const expense = await people.member.post(`/api/trips/${trip.id}/expenses`, expenseBody(partial));
  expect(expense.statusCode).toBe(201);
  const settlement = await people.member.post(`/api/trips/${trip.id}/settlements`, {
    fromId: ids.member,
    toId: ids.owner,
    amountMinor: 600,
    date: "2027-01-02",
  });
  expect(settlement.statusCode).toBe(201);
  const poll = await people.admin.post(`/api/trips/${trip.id}/polls`, POLL);
  expect(poll.statusCode).toBe(201);
  const list = await people.member.post(`/api/trips/${trip.id}/lists`, { title: "Packing" });
  expect(list.statusCode).toBe(201);
  const item = await people.member.post(`/api/trips/${trip.id}/lists/${list.json().id}/items`, {
    text: "Passport",
  });
  expect(item.statusCode).toBe(201);
  return {
    tripId: trip.id,
    placeId: place.json().place.id,
    messageId: message.json().id,
    bookingId: booking.json().id,
    expenseId: expense.json().id,
    settlementId: settlement.json().id,
    pollId: poll.json().id,
    pollOptionId: poll.json().options[0].id,
    closedPollId: "",
    listId: list.json().id,
    itemId: item.json().id,
    uploadId: "",
    documentId: "",
    shareId: "",
    shareToken: "",
    tripName: trip.name,
    code,
    ids,
    clients: {
      signedOut: client(t.app),
      guest: people.guest,
      nonMember: people.nonMember,
      member: people.member,
      admin: people.admin,
      owner: people.owner,
    },
  };
}

describe("route by role", () => {
  it("covers every trip, member, invitation and sharing route", () => {
    const routes = t.app.routeTable
      .filter((r) => /^\/api\/(trips|shared)/.test(r.url))
      .flatMap((r) =>
        [r.method]
          .flat()
          .filter((m) => m !== "HEAD")
          .map((m) => `${m} ${r.url}`),
      );
    expect(new Set(routes)).toEqual(new Set(CASES.map((c) => `${c.method} ${c.route}`)));
  });

  // A world a case only read, or was refused, is still as fresh as a new one: the next case takes it
  // (a world costs eight writes; 310 cases each building their own took most of the suite's time).
  let unchanged: World | null = null;
  for (const c of CASES) {
    for (const role of ROLES) {
      it(`${c.method} ${c.route} as ${role} -> ${c.expect[role]}`, async () => {
        const w = unchanged ?? (await freshWorld());
        unchanged = null;
        // Only the photo's own cases upload one (uploads are limited per minute and session).
        if (c.route.includes(":uploadId")) {
          const upload = await postUpload(t.app, people.owner, w.tripId, await smallJpeg());
          expect(upload.statusCode).toBe(201);
          w.uploadId = upload.json().id;
        }
        if (c.route.includes(":documentId")) {
          const { payload, contentType } = multipartFile(PDF, "ticket.pdf", "application/pdf");
          const added = await t.app.inject({
            method: "POST",
            url: `/api/trips/${w.tripId}/documents`,
            payload,
            remoteAddress: people.member.ip,
            headers: {
              cookie: people.member.cookieHeader,
              origin: "http://localhost:3000",
              "content-type": contentType,
            },
          });
          expect(added.statusCode, added.body).toBe(201);
          w.documentId = added.json().id;
        }
        // Only the winner's cases close a poll over places the member voted in.
        if (c.route.endsWith("/winner")) {
          const base = `/api/trips/${w.tripId}/polls`;
          const made = await people.admin.post(base, {
            question: "Where first?",
            options: [
              { kind: "place", placeId: w.placeId },
              { kind: "searchResult", result: NISHIKI },
            ],
          });
          expect(made.statusCode, made.body).toBe(201);
          w.closedPollId = made.json().id;
          const vote = await people.member.request("PUT", `${base}/${w.closedPollId}/vote`, {
            optionIds: [made.json().options[1].id],
          });
          expect(vote.statusCode).toBe(200);
          expect((await people.admin.post(`${base}/${w.closedPollId}/close`)).statusCode).toBe(200);
        }
        if (c.route.includes("/share") && !w.shareId) {
          const share = await people.owner.post(`/api/trips/${w.tripId}/shares`, {
            shareType: "external_collaborate",
          });
          expect(share.statusCode).toBe(201);
          w.shareId = share.json().id;
          w.shareToken = share.json().token;
        }
        const res = await w.clients[role].request(c.method, c.url(w), c.body?.(w));
        expect(res.statusCode, res.body).toBe(c.expect[role]);
        if (res.statusCode === 404 || res.statusCode === 401) {
          expect(res.body).not.toContain(w.tripName);
          expect(res.body).not.toContain(PLACE.name);
          expect(res.body).not.toContain(FLIGHT.flightNumber);
          expect(res.json().error.code).toMatch(/NOT_FOUND|UNAUTHORIZED/);
        }
        if (c.route === "/api/trips" && c.method === "GET" && res.statusCode === 200) {
          const names = (res.json().trips as { name: string }[]).map((x) => x.name);
          expect(names.includes(w.tripName)).toBe(["member", "admin", "owner"].includes(role));
        }
        if (c.method === "GET" || res.statusCode >= 400) unchanged = w;
      });
    }
  }

  it("answers 404, not 500, for a trip id that is not a UUID", async () => {
    const res = await people.owner.get("/api/trips/not-a-uuid");
    expect(res.statusCode).toBe(404);
  });
});

describe("who may change the shared plan", () => {
  it("refuses plan edits to a member whose optimise flag is off; admins always may", async () => {
    const w = await freshWorld();
    const off = await people.owner.request("PATCH", `/api/trips/${w.tripId}/members/${w.ids.member}`, {
      canOptimize: false,
    });
    expect(off.statusCode).toBe(200);
    // The admin's flag off too: admins edit regardless.
    await people.owner.request("PATCH", `/api/trips/${w.tripId}/members/${w.ids.admin}`, {
      canOptimize: false,
    });
    const edit = { type: "reorder", day: 1, from: 0, to: 1 };
    const member = await people.member.post(`/api/trips/${w.tripId}/itinerary/edits`, edit);
    expect(member.statusCode).toBe(403);
    expect(member.json().error.message).toMatch(/permission to change this trip's plan/);
    // Past the flag check: no plan yet.
    expect((await people.admin.post(`/api/trips/${w.tripId}/itinerary/edits`, edit)).statusCode).toBe(404);
  });

  it("lets only the creator extend the add-place deadline; other admins may bring it forward", async () => {
    const w = await freshWorld();
    const at = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
    const set = (c: TestClient, addPlaceDeadline: string | null) =>
      c.request("PATCH", `/api/trips/${w.tripId}`, { addPlaceDeadline });
    // With none set, an admin may set one.
    expect((await set(people.admin, at(48))).statusCode).toBe(200);
    expect((await set(people.admin, at(24))).statusCode).toBe(200);
    const later = await set(people.admin, at(72));
    expect(later.statusCode).toBe(403);
    expect(later.json().error.message).toBe(
      "Only the trip creator can extend the deadline. You may set an earlier one.",
    );
    expect((await set(people.admin, null)).statusCode).toBe(403);
    expect((await set(people.owner, at(72))).statusCode).toBe(200);
    expect((await set(people.owner, null)).statusCode).toBe(200);
  });
});
