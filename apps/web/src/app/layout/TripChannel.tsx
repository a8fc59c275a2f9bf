import { useQuery } from "@tanstack/react-query";
import { matchPath, useLocation } from "react-router";
import { useMe } from "../../features/auth/session";
import { useChatEvents } from "../../features/chat/live";
import { useTripChannel } from "../../features/itinerary/api";
import { tripDetailQuery } from "../../features/trips/api";
import { useCurrentTripId } from "../../features/trips/currentTrip";

/** The trip the current route shows: /trip/{id}, or the current trip on its screens. */
function useShownTripId(): string | null {
  const { pathname } = useLocation();
  const [currentId] = useCurrentTripId();
  const routeId = matchPath("/trip/:tripId", pathname)?.params.tripId;
  if (routeId) return routeId;
  const tripScreen = pathname === "/my-trip" || pathname.startsWith("/my-trip/") || pathname === "/add-place";
  return tripScreen ? currentId : null;
}

/**
 * Keeps the tab subscribed to the trip on screen for as long as any of its screens is open, so
 * presence means "has the trip open" (DESIGN.md) and every screen gets its live changes. It waits
 * until the trip is known to be the caller's (its details are in the cache, filled by the screen),
 * and never reads them itself: opening a trip stays one request.
 */
export function TripChannel() {
  const me = useMe().data;
  const shown = useShownTripId();
  const known = useQuery({ ...tripDetailQuery(shown ?? ""), enabled: false }).data;
  const tripId = me && shown && known ? shown : null;
  useTripChannel(tripId);
  useChatEvents(tripId);
  return null;
}
