import { canAddPlacesAt, type Trip } from "@tabi/contracts";
import { useEffect, useReducer } from "react";

// setTimeout holds at most 2^31-1 ms (about 24.8 days); a later instant is waited for in steps.
const MAX_TIMEOUT = 2 ** 31 - 1;

/**
 * Re-renders the component when the clock passes `instant` (an ISO string or ms), so what depends on
 * it (a deadline's badge, the Add Places button) changes at that moment without a reload or a request.
 */
export function useRerenderAt(instant: string | number | null | undefined): void {
  const [, tick] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (instant == null) return;
    const at = typeof instant === "number" ? instant : Date.parse(instant);
    if (!Number.isFinite(at)) return;
    let timer: ReturnType<typeof setTimeout>;
    const wait = () => {
      const left = at - Date.now();
      if (left < 0) return;
      // +1: the instant itself still counts as before it (canAddPlacesAt allows the deadline's own ms).
      timer = setTimeout(() => (left + 1 > MAX_TIMEOUT ? wait() : tick()), Math.min(left + 1, MAX_TIMEOUT));
    };
    wait();
    return () => clearTimeout(timer);
  }, [instant]);
}

/**
 * Whether the caller may add places now: the server's rule (contracts' canAddPlacesAt) applied to the
 * trip as last read, at the current time, and again the moment the deadline passes.
 */
export function useCanAddPlacesNow(trip: Pick<Trip, "addPlaceDeadline" | "my"> | null | undefined): boolean {
  useRerenderAt(trip?.addPlaceDeadline);
  if (!trip) return false;
  return canAddPlacesAt(trip.addPlaceDeadline, trip.my);
}
