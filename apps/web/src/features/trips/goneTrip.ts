import type { QueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { i18n } from "../../i18n";
import { ApiError } from "../../lib/api";
import { tripKeys } from "./api";
import { currentTripId, setCurrentTripId } from "./currentTrip";

/** The trip a read is for, when it is the trip's own read (/full, or its details part); else null. */
export function tripOfRead(queryKey: readonly unknown[]): string | null {
  const [root, part, id] = queryKey;
  return root === tripKeys.all[0] && (part === "full" || part === "detail") && typeof id === "string" && id
    ? id
    : null;
}

/**
 * The server answers a trip's read with 404 when the trip was deleted or the caller is no longer a
 * member (the same answer for both, so nothing leaks). When that is the current trip, this browser
 * forgets it, once, with a message: every screen of the current trip then says "No Trip Selected"
 * (instead of an error, or a spinner asking again and again), the bottom bar no longer leads back into
 * it, and the copy kept on this device for offline use is dropped with the trip's other reads.
 */
export function installGoneTripHandling(client: QueryClient): void {
  client.getQueryCache().subscribe((event) => {
    if (event.type !== "updated" || event.action.type !== "error") return;
    const { error } = event.action;
    if (!(error instanceof ApiError) || error.status !== 404) return;
    const tripId = tripOfRead(event.query.queryKey);
    if (!tripId || tripId !== currentTripId()) return;
    const name = client.getQueryData<{ trip?: { name?: string } }>(tripKeys.detail(tripId))?.trip?.name;
    setCurrentTripId(null);
    toast.info(name ? i18n.t("trips:detail.goneNamed", { name }) : i18n.t("trips:detail.gone"), {
      id: `trip-gone-${tripId}`,
      duration: 8000,
    });
    // After the screens have let go of the trip (their reads turn off with no current trip).
    setTimeout(() => client.removeQueries({ predicate: (q) => q.queryKey.includes(tripId) }), 0);
  });
}
