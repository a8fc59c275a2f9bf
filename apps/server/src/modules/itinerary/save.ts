import type { ItineraryDay, OptimizationResult } from "@tabi/contracts";
import { and, eq, sql } from "drizzle-orm";
import type { Db, Executor } from "../../db/connect";
import { optimizationResults, places } from "../../db/schema";

/**
 * Stores a result as the trip's active one (earlier ones stay, inactive) and marks the places as the
 * spec says: all reset first, then every visited place scheduled with its date and times.
 */
export async function saveResult(
  db: Db,
  tripId: string,
  userId: string,
  result: Omit<OptimizationResult, "id" | "createdAt" | "createdBy" | "tripId">,
  /** The trip's bookings_changed_at the plan was made with (ISO; null: no booking written yet). */
  bookingsAt: string | null = null,
): Promise<string> {
  // Two short steps rather than one long transaction (see markPlaces); the group hears of the new
  // plan only after both, through the trip's channel.
  const id = await db.transaction(async (tx) => {
    await tx
      .update(optimizationResults)
      .set({ isActive: false })
      .where(and(eq(optimizationResults.tripId, tripId), eq(optimizationResults.isActive, true)));
    const [row] = await tx
      .insert(optimizationResults)
      .values({
        tripId,
        createdBy: userId,
        isActive: true,
        optimizedRoute: { days: result.days, unscheduled: result.unscheduled, bookingsAt },
        optimizationScore: result.scores,
        settings: result.settings,
        executionTimeMs: result.executionTimeMs,
        totalTravelTimeMinutes: result.totalTravelMinutes,
        totalVisitTimeMinutes: result.totalVisitMinutes,
      })
      .returning({ id: optimizationResults.id });
    return row!.id;
  });
  await markPlaces(db, tripId, result.days);
  return id;
}

/**
 * Spec 2 'After a successful optimisation': every place of the trip reset, and each visited one
 * scheduled with its date and times, in one statement: on PGlite every statement runs on the server's
 * thread and the next request waits for it, so fewer and shorter is what keeps the app responsive.
 */
export async function markPlaces(tx: Executor, tripId: string, days: ItineraryDay[]) {
  const visits = days.flatMap((day) =>
    day.visits.flatMap((v, i) =>
      v.system
        ? []
        : [
            {
              id: v.placeId,
              date: day.date,
              start: v.start,
              end: v.end,
              day: day.day,
              ord: i + 1,
              mode: v.mode,
              travel: v.travelMinutes,
            },
          ],
    ),
  );
  await tx.execute(sql`
    update ${places} set
      scheduled = v.id is not null,
      is_selected_for_optimization = v.id is not null,
      scheduled_date = v.date::date,
      scheduled_time_start = v.start,
      scheduled_time_end = v."end",
      day_number = v.day,
      order_in_day = v.ord,
      transport_mode = v.mode,
      travel_time_from_previous = v.travel
    from ${places} as p
      left join jsonb_to_recordset(${JSON.stringify(visits)}::jsonb)
        as v(id uuid, date text, start text, "end" text, day smallint, ord smallint, mode text, travel integer)
        on v.id = p.id
    where ${places.id} = p.id and p.trip_id = ${tripId}`);
}

/**
 * A calendar edit: the active result's days replaced (the rest of its route, such as `bookingsAt`,
 * kept: an edit does not bring the plan up to date with the bookings), its version bumped, places
 * re-marked.
 */
export async function saveEditedDays(
  db: Db,
  tripId: string,
  resultId: string,
  route: Pick<OptimizationResult, "days" | "unscheduled" | "brokenRules"> & { days: ItineraryDay[] },
) {
  await db
    .update(optimizationResults)
    .set({
      optimizedRoute: sql`${optimizationResults.optimizedRoute} || ${JSON.stringify(route)}::jsonb`,
      version: sql`${optimizationResults.version} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(optimizationResults.id, resultId));
  await markPlaces(db, tripId, route.days);
}
