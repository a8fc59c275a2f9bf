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
  for (const day of days) {
    for (const [i, v] of day.visits.entries()) {
      await tx
        .update(places)
        .set({
          scheduled: true,
          isSelectedForOptimization: true,
          scheduledDate: day.date,
          scheduledTimeStart: v.start,
          scheduledTimeEnd: v.end,
          dayNumber: day.day,
          orderInDay: i + 1,
          transportMode: v.mode,
          travelTimeFromPrevious: v.travelMinutes,
        })
        .where(and(eq(places.id, v.placeId), eq(places.tripId, tripId)));
    }
  }
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
