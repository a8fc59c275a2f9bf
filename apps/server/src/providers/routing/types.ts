import type { LatLng, TravelMode } from "@tabi/optimizer";

export type { LatLng, TravelMode };

/** Travel minutes between every pair of points: the embedded model, or a routing server. */
export interface RoutingProvider {
  readonly name: "model" | "osrm";
  /**
   * Whole minutes (rounded up) from points[i] to points[j] by `mode`; 0 on the diagonal. Never throws:
   * whatever the server does, the answer falls back to the model.
   */
  matrix(
    points: readonly LatLng[],
    mode: TravelMode,
    options?: { signal?: AbortSignal },
  ): Promise<number[][]>;
}

/** The part of Fastify's logger the providers use (tests pass a recorder). */
export interface WarnLog {
  warn(details: object, message: string): void;
}
