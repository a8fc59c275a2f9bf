import type { Config } from "../../config";
import type { WarnLog } from "../routing/types";
import { localTaxiRides } from "./local";
import type { RideProvider } from "./types";
import { uberRides } from "./uber";

export { localRides, localTaxiRides } from "./local";
export type { RideEstimate, RideNames, RideProvider } from "./types";
export { uberRides } from "./uber";

/** Uber's estimates when UBER_SERVER_TOKEN is set, else the spec's local taxi model. */
export function createRides(config: Pick<Config, "uber">, log: WarnLog): RideProvider {
  return config.uber ? uberRides({ serverToken: config.uber.serverToken, log }) : localTaxiRides();
}
