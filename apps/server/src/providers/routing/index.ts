import type { Config } from "../../config";
import { modelRouting } from "./model";
import { osrmRouting } from "./osrm";
import type { RoutingProvider, WarnLog } from "./types";

export { modelMatrix, modelRouting } from "./model";
export { osrmRouting } from "./osrm";
export type { RoutingProvider, WarnLog } from "./types";

/** OSRM when ROUTING_URL is set, else the embedded travel model. */
export function createRouting(config: Pick<Config, "routingUrl">, log: WarnLog): RoutingProvider {
  return config.routingUrl ? osrmRouting({ url: config.routingUrl, log }) : modelRouting();
}
