import { legFactsSchema, legQuerySchema, restaurantListSchema, restaurantQuerySchema } from "@tabi/contracts";
import { z } from "zod";
import { AppError } from "../../http/errors";
import { text } from "../../i18n";
import { PlacesProviderError } from "../../providers/places";
import type { App } from "../types";
import type { TravelService } from "./service";

const tripParams = z.object({ tripId: z.string() });

/** Leg facts and the restaurant search of a trip's plan: any member may ask (issue 17). */
export async function travelRoutes(app: App, travel: TravelService) {
  app.get(
    "/api/trips/:tripId/travel/leg",
    {
      // The transport dialog asks once per leg opened.
      config: { guard: "tripMember", rateLimit: { max: 120, timeWindow: "1 minute" } },
      schema: {
        tags: ["travel"],
        params: tripParams,
        querystring: legQuerySchema,
        response: { 200: legFactsSchema },
      },
    },
    async (request) => {
      const { fromLat, fromLng, toLat, toLng } = request.query;
      return travel.leg({ lat: fromLat, lng: fromLng }, { lat: toLat, lng: toLng }, await request.language());
    },
  );

  app.get(
    "/api/trips/:tripId/restaurants",
    {
      config: { guard: "tripMember", rateLimit: { max: 60, timeWindow: "1 minute" } },
      schema: {
        tags: ["travel"],
        params: tripParams,
        querystring: restaurantQuerySchema,
        response: { 200: restaurantListSchema },
      },
    },
    async (request) => {
      // `meal` is accepted but does not filter: opening hours are too often unknown to drop a
      // place for them; the dialog uses it for the title and the meal's stay.
      const { lat, lng, q } = request.query;
      try {
        return await travel.restaurants({ lat, lng }, q, await request.language());
      } catch (err) {
        if (!(err instanceof PlacesProviderError)) throw err;
        // An outside service failing is not our bug: 503 when unreachable or busy, 502 when it
        // answered wrongly (as place search does), never a 500.
        request.log.warn(
          { provider: err.provider, reason: err.reason, message: err.message },
          "restaurant search failed",
        );
        throw new AppError(
          err.reason === "unavailable" ? 503 : 502,
          "PLACES_UNAVAILABLE",
          text("server:travel.restaurantsUnavailable", { detail: err.message }),
        );
      }
    },
  );
}
