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
): Promise<string> {
  return db.transaction(async (tx) => {
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
        optimizedRoute: { days: result.days, unscheduled: result.unscheduled },
        optimizationScore: result.scores,
        settings: result.settings,
        executionTimeMs: result.executionTimeMs,
        totalTravelTimeMinutes: result.totalTravelMinutes,
        totalVisitTimeMinutes: result.totalVisitMinutes,
      })
      .returning({ id: optimizationResults.id });
    await markPlaces(tx, tripId, result.days);
    return row!.id;
  });
}

/** Spec 2 'After a successful optimisation': every place reset, then each visited one scheduled. */
export async function markPlaces(tx: Executor, tripId: string, days: ItineraryDay[]) {
  await tx
    .update(places)
    .set({
      scheduled: false,
      isSelectedForOptimization: false,
      scheduledDate: null,
      scheduledTimeStart: null,
      scheduledTimeEnd: null,
      dayNumber: null,
      orderInDay: null,
      transportMode: null,
      travelTimeFromPrevious: null,
    })
    .where(eq(places.tripId, tripId));
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
  if (visits.length === 0) return;
  // One statement for all visits: on PGlite a transaction holds the only connection, so every other
  // request waits for it; one update per place made that wait grow with the plan.
  await tx.execute(sql`
    update ${places} set
      scheduled = true,
      is_selected_for_optimization = true,
      scheduled_date = v.date::date,
      scheduled_time_start = v.start,
      scheduled_time_end = v."end",
      day_number = v.day,
      order_in_day = v.ord,
      transport_mode = v.mode,
      travel_time_from_previous = v.travel
    from jsonb_to_recordset(${JSON.stringify(visits)}::jsonb)
      as v(id uuid, date text, start text, "end" text, day smallint, ord smallint, mode text, travel integer)
    where ${places.id} = v.id and ${places.tripId} = ${tripId}`);
}

/** A calendar edit: the active result's days replaced, its version bumped, places re-marked. */
export async function saveEditedDays(
  db: Db,
  tripId: string,
  resultId: string,
  route: { days: ItineraryDay[]; unscheduled: OptimizationResult["unscheduled"] },
) {
  await db.transaction(async (tx) => {
    await tx
      .update(optimizationResults)
      .set({ optimizedRoute: route, version: sql`${optimizationResults.version} + 1`, updatedAt: new Date() })
      .where(eq(optimizationResults.id, resultId));
    await markPlaces(tx, tripId, route.days);
  });
}
