import {
  type ImportAddResult,
  type ImportItem,
  type ImportPreview,
  type importAddSchema,
  PLACE_MESSAGES,
  placeCreateSchema,
} from "@tabi/contracts";
import type { z } from "zod";
import type { Db } from "../../db/connect";
import { AppError } from "../../http/errors";
import type { SessionUser, TripScope } from "../../http/guards";
import type { Language } from "../../i18n";
import type { PlacesProvider } from "../../providers/places";
import type { Gazetteer } from "../../providers/places/gazetteer/gazetteer";
import { normalizeName } from "../../providers/places/normalize";
import type { OptimizationService } from "../itinerary/service";
import { distanceMeters, isSamePlace } from "../places/dedupe";
import { addPlace, listPlaces, type OnZoneChange, readPlaces } from "../places/service";
import { getTripRow } from "../trips/queries";
import type { ExportInput } from "./export";
import type { Found, Parsed } from "./found";

/** A name search resolves a place without coordinates only this close to the trip. */
const SEARCH_NEAR_TRIP_M = 200_000;
/** Names searched per file at most (the rest stay without a location). */
const MAX_SEARCHES = 300;

/** The offline gazetteer, when the app's place search has one ("offline", "auto"): searched without a network. */
async function offlineGazetteer(places: PlacesProvider): Promise<Gazetteer | null> {
  if (!("load" in places) || typeof places.load !== "function") return null;
  try {
    return (await (places as { load(): Promise<Gazetteer> }).load()) ?? null;
  } catch {
    return null;
  }
}

/**
 * The preview: each found place with whether the trip has it (the same rule as adding one: the same
 * name within 150 m, places/dedupe.ts) and whether it is already the caller's wish. A place the file
 * gives without coordinates is looked up by its exact name in the offline place search near the trip;
 * one it does not know stays without a location and cannot be imported.
 */
export async function previewImport(
  db: Db,
  places: PlacesProvider,
  scope: TripScope,
  user: SessionUser,
  parsed: Parsed,
): Promise<ImportPreview> {
  const list = (await listPlaces(db, scope, user)).places;
  const trip = await getTripRow(db, scope.tripId);
  const near = [
    ...list.map((p) => ({ lat: p.latitude, lng: p.longitude })),
    ...[
      [trip?.departureLatitude, trip?.departureLongitude],
      [trip?.destinationLatitude, trip?.destinationLongitude],
    ]
      .filter(([lat, lng]) => typeof lat === "number" && typeof lng === "number")
      .map(([lat, lng]) => ({ lat: lat!, lng: lng! })),
  ];
  const missing = parsed.items.filter((f) => f.latitude === null);
  const gazetteer = missing.length ? await offlineGazetteer(places) : null;
  let searches = 0;
  const resolve = (f: Found): Found => {
    if (f.latitude !== null || !gazetteer || searches >= MAX_SEARCHES) return f;
    searches++;
    const wanted = normalizeName(f.name);
    const hit = gazetteer
      .search(f.name, { trip: near }, 5)
      .find(
        (r) =>
          (normalizeName(r.name) === wanted || (r.localName && normalizeName(r.localName) === wanted)) &&
          (near.length === 0 ||
            near.some((n) => distanceMeters(n, { lat: r.lat, lng: r.lng }) <= SEARCH_NEAR_TRIP_M)),
      );
    if (!hit) return f;
    return {
      ...f,
      latitude: hit.lat,
      longitude: hit.lng,
      address: f.address ?? (hit.address || null),
      located: "search",
    };
  };
  const items = parsed.items.map((raw): ImportItem => {
    const f = resolve(raw);
    if (f.latitude === null || f.longitude === null) return { ...f, status: "noLocation" };
    const at = { name: f.name, latitude: f.latitude, longitude: f.longitude };
    const existing = list.find((p) => isSamePlace({ ...p, providerPlaceId: p.providerPlaceId ?? null }, at));
    return { ...f, status: existing ? (existing.myWish !== null ? "mine" : "inTrip") : "new" };
  });
  return { format: parsed.format, items };
}

/**
 * Adds the picked places one by one through the places service, as the add-place screen would: the
 * same merge with a place the trip has, the deadline, the permission and the plan's place limit.
 * A place the caller already wishes for is counted and passed over; the first refusal stops the batch
 * and says why, with how many were left.
 */
export async function addImported(
  db: Db,
  scope: TripScope,
  user: SessionUser,
  input: z.output<typeof importAddSchema>,
  lng: Language,
  onZoneChange?: OnZoneChange,
): Promise<ImportAddResult> {
  const result: ImportAddResult = { added: 0, joined: 0, already: 0, stopped: null };
  for (const [i, picked] of input.places.entries()) {
    const place = placeCreateSchema.parse({ ...picked, address: picked.address ?? null });
    try {
      const { merged } = await addPlace(db, scope, user, place, onZoneChange);
      if (merged) result.joined++;
      else result.added++;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      if (err.status === 409 && err.message === PLACE_MESSAGES.alreadyWished) {
        result.already++;
        continue;
      }
      result.stopped = { code: err.code, message: err.say(lng), left: input.places.length - i };
      break;
    }
  }
  return result;
}

/** The trip's places and its active plan, for the member's KML and GPX. */
export async function exportInput(
  db: Db,
  optimizations: OptimizationService,
  scope: TripScope,
): Promise<ExportInput | null> {
  const trip = await getTripRow(db, scope.tripId);
  if (!trip) return null;
  const [read, plan] = await Promise.all([readPlaces(db, scope), optimizations.active(scope)]);
  return {
    name: trip.name,
    places: read.views
      .map((v) => v.place)
      .filter((p) => p.placeType === "visit")
      .map((p) => ({
        id: p.id,
        name: p.name,
        latitude: p.latitude,
        longitude: p.longitude,
        address: p.address,
        notes: p.notes,
      })),
    days: plan?.days ?? [],
  };
}
