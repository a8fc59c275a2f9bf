import type { Place } from "@tabi/contracts";
import { PLACE_MESSAGES } from "@tabi/contracts";
import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/connect";
import { places, visitSkips } from "../../db/schema";
import { notFound } from "../../http/errors";
import type { TripScope } from "../../http/guards";
import { presentPlace } from "./present";
import { readViews } from "./queries-fast";

/**
 * "I'll do something else" (issue 30, decision 0024): the caller says they will skip a visit, or takes
 * it back. The optimiser then counts the visit for the members who go, and the calendar and map show
 * who goes. One statement each way; a place of another trip writes nothing and answers 404.
 */
export async function setSkip(
  db: Executor,
  scope: TripScope,
  placeId: string,
  skip: boolean,
): Promise<Place> {
  if (skip)
    await db.execute(sql`insert into ${visitSkips} (trip_id, place_id, user_id)
        select ${scope.tripId}, p.id, ${scope.userId} from ${places} p
        where p.id = ${placeId} and p.trip_id = ${scope.tripId}
        on conflict do nothing`);
  else
    await db
      .delete(visitSkips)
      .where(
        and(
          eq(visitSkips.tripId, scope.tripId),
          eq(visitSkips.placeId, placeId),
          eq(visitSkips.userId, scope.userId),
        ),
      );
  const [view] = (await readViews(db, scope, placeId)).views;
  if (!view) throw notFound(PLACE_MESSAGES.placeNotFound);
  return presentPlace(view.place, view.wishes, view.addedBy, scope, view.optimized, view.skips);
}

/** Who skips what in a trip, as `placeId -> userIds` (the optimiser's problem, the money's default split). */
export async function skipsOf(db: Executor, tripId: string): Promise<Map<string, Set<string>>> {
  const rows = await db
    .select({ placeId: visitSkips.placeId, userId: visitSkips.userId })
    .from(visitSkips)
    .where(eq(visitSkips.tripId, tripId));
  const out = new Map<string, Set<string>>();
  for (const r of rows) out.set(r.placeId, (out.get(r.placeId) ?? new Set()).add(r.userId));
  return out;
}

/** A member who leaves a trip leaves its visits too. */
export async function forgetSkips(db: Executor, tripId: string, userId: string): Promise<void> {
  await db.delete(visitSkips).where(and(eq(visitSkips.tripId, tripId), eq(visitSkips.userId, userId)));
}
