import { z } from "zod";
import { bookingSchema } from "./bookings";
import { optimizationResultSchema } from "./optimization";
import { placeListSchema } from "./places";
import { tripDetailSchema } from "./trips";

/** The trip screen's one read: the trip, its members, its places, the active plan (issue 6) and its bookings (issue 17). */
export const tripFullSchema = tripDetailSchema.extend({
  places: placeListSchema,
  result: optimizationResultSchema.nullable(),
  bookings: z.array(bookingSchema),
});
export type TripFull = z.infer<typeof tripFullSchema>;
