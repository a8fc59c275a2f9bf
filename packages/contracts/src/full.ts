import type { z } from "zod";
import { optimizationResultSchema } from "./optimization";
import { placeListSchema } from "./places";
import { tripDetailSchema } from "./trips";

/** The trip screen's one read: the trip, its members, its places and the active plan (issue 6). */
export const tripFullSchema = tripDetailSchema.extend({
  places: placeListSchema,
  result: optimizationResultSchema.nullable(),
});
export type TripFull = z.infer<typeof tripFullSchema>;
