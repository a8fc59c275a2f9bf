import { type LatLng, type TravelMode, travelMinutes } from "@tabi/optimizer";
import type { RoutingProvider } from "./types";

/** The optimiser's own travel model for every pair (what the solver uses when given no matrix). */
export function modelMatrix(points: readonly LatLng[], mode: TravelMode): number[][] {
  return points.map((a, i) => points.map((b, j) => (i === j ? 0 : travelMinutes(a, b, mode))));
}

/** The embedded default: no outside service. */
export function modelRouting(): RoutingProvider {
  return { name: "model", matrix: async (points, mode) => modelMatrix(points, mode) };
}
