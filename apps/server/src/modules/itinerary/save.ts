import type { OptimizationResult } from "@tabi/contracts";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/connect";
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
    for (const day of result.days) {
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
    return row!.id;
  });
}
