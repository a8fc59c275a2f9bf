import { MAX_MEMBERS_PER_TRIP, TRIP_MESSAGES } from "@tabi/contracts";
import { AppError } from "../../http/errors";

/** The lowest colour index 1-20 nobody in the trip holds (spec 1 section 4 'Colour assignment'). */
export function lowestFreeColor(used: number[]): number {
  const taken = new Set(used);
  for (let i = 1; i <= MAX_MEMBERS_PER_TRIP; i++) if (!taken.has(i)) return i;
  throw new AppError(409, "CONFLICT", TRIP_MESSAGES.noColors);
}
