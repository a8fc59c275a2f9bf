import { placeSchema, TRIP_MESSAGES, tripFullSchema } from "@tabi/contracts";
import { TRIP_PARTS } from "../../cache";
import { compress, type Encoding } from "../../http/compress";
import { notFound } from "../../http/errors";
import type { SessionUser, TripScope } from "../../http/guards";
import { presentBooking } from "../bookings/present";
import { readBookings } from "../bookings/queries";
import { isPremiumActive } from "../members/plan";
import { forMember, presentPlaceShared } from "../places/present";
import { placeList, readPlaces } from "../places/service";
import { presentMember } from "../trips/present";
import { presentMyTrip, readTripShared } from "../trips/service";
import type { AppContext } from "../types";

const parts = tripFullSchema.shape;
/** A part of the answer checked against its schema and serialised (the cached string is sent as is). */
const serialise = <K extends keyof typeof parts>(key: K, value: unknown) =>
  JSON.stringify(parts[key].parse(value));

/**
 * The trip screen's one read (`GET /api/trips/{id}/full`), serialised and kept per member until the
 * trip changes (decision 0005). What does not depend on the member is read once for all members and
 * kept apart: the trip with its members, the places with their wishes, and the plan (members and
 * plan already serialised). A change to places drops only the places, so after a write the members'
 * next reads share one database read, and each serialises only what is theirs (the trip's "my" and
 * the places' "my wish" and rights).
 */
export async function tripFullBody(ctx: AppContext, scope: TripScope, user: SessionUser): Promise<string> {
  const cache = ctx.caches.trips;
  const key = `full:${user.id}:${isPremiumActive(user) ? 1 : 0}`; // the place limit depends on the plan
  const kept = cache.get<string>(scope.tripId, key);
  if (kept) return kept;
  const token = cache.token(scope.tripId);
  const [shared, placesPart, resultJson, bookingsJson] = await Promise.all([
    cache.load(scope.tripId, TRIP_PARTS.trip, () => readTripAndMembers(ctx, scope), sizeOfTrip),
    cache.load(scope.tripId, TRIP_PARTS.places, () => readPlacesShown(ctx, scope), sizeOfPlaces),
    cache.load(scope.tripId, TRIP_PARTS.result, async () =>
      serialise("result", await ctx.optimizations.active(scope)),
    ),
    cache.load(scope.tripId, TRIP_PARTS.bookings, async () =>
      serialise("bookings", (await readBookings(ctx.database.db, scope)).map(presentBooking)),
    ),
  ]);
  if (!shared) throw notFound(TRIP_MESSAGES.tripNotFound);
  const trip = presentMyTrip(shared, scope);
  const mine = placesPart.shown.map((p, i) =>
    forMember(p, placesPart.views[i]!.place, placesPart.views[i]!.wishes, scope),
  );
  // The same bytes as serialising the whole answer: its keys in the schema's order. The places were
  // checked when read; what forMember puts in (the caller's wish and rights) is typed.
  const body = `{"trip":${serialise("trip", trip)},"members":${shared.membersJson},"places":${JSON.stringify(
    placeList(mine, placesPart.optimized, user),
  )},"result":${resultJson},"bookings":${bookingsJson}}`;
  // 'May add places now' turns false when the deadline passes: the copy must not outlive it.
  const deadline = trip.addPlaceDeadline ? Date.parse(trip.addPlaceDeadline) : undefined;
  cache.set(scope.tripId, key, body, token, deadline && deadline > Date.now() ? deadline : undefined);
  return body;
}

/**
 * `/full` in the client's encoding: compressed once per body and kept beside it, so a screen load
 * of a cached trip costs neither a database read nor a compression (issue 28).
 */
export async function tripFullAnswer(
  ctx: AppContext,
  scope: TripScope,
  user: SessionUser,
  encoding: Encoding | undefined,
): Promise<{ body: string | Buffer; encoding?: Encoding }> {
  const cache = ctx.caches.trips;
  const token = cache.token(scope.tripId);
  const body = await tripFullBody(ctx, scope, user);
  if (!encoding || body.length < 1024) return { body };
  const key = `full:${user.id}:${isPremiumActive(user) ? 1 : 0}:${encoding}`;
  const kept = cache.get<{ source: string; bytes: Buffer }>(scope.tripId, key);
  if (kept?.source === body) return { body: kept.bytes, encoding };
  const bytes = compress(body, encoding);
  cache.set(scope.tripId, key, { source: body, bytes }, token, undefined, bytes.length);
  return { body: bytes, encoding };
}

async function readTripAndMembers(ctx: AppContext, scope: TripScope) {
  const shared = await readTripShared(ctx.database.db, scope);
  if (!shared) return undefined;
  const members = shared.members.map((m) => presentMember(m, shared.trip.ownerId));
  return { ...shared, membersJson: serialise("members", members) };
}

/** The places as every member sees them, checked against the schema once for all. */
async function readPlacesShown(ctx: AppContext, scope: TripScope) {
  const read = await readPlaces(ctx.database.db, scope);
  const shown = read.views.map((v) =>
    placeSchema.parse(presentPlaceShared(v.place, v.wishes, v.addedBy, v.optimized, v.skips)),
  );
  return { ...read, shown };
}

const sizeOfPlaces = (p: { views: unknown[] }) => 256 + p.views.length * 2048;
const sizeOfTrip = (v: Awaited<ReturnType<typeof readTripAndMembers>>) =>
  1024 + 2 * (v?.membersJson.length ?? 0);
