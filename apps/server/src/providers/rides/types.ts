import type { RideOption } from "@tabi/contracts";
import type { LatLng } from "@tabi/optimizer";

export type { LatLng, RideOption };

/** Which words the local model's product names are said in ("Standard", "Comfort"). */
export type RideNames = (product: "standard" | "comfort") => string;

export interface RideEstimate {
  rides: RideOption[];
  /** "estimate": the spec's local taxi model; "uber": Uber's own estimates. */
  source: "estimate" | "uber";
}

/** Ride options for a leg (spec 2 s.7 'Ride provider'): Uber with a token, else the local model. */
export interface RideProvider {
  readonly name: "estimate" | "uber";
  /** Never throws: a failing outside service falls back to the local model (spec 2 s.8). */
  estimate(from: LatLng, to: LatLng, names?: RideNames): Promise<RideEstimate>;
}
