import type { WarnLog } from "../routing/types";
import { localRides } from "./local";
import type { LatLng, RideEstimate, RideNames, RideOption, RideProvider } from "./types";

export const UBER_API_URL = "https://api.uber.com";
const KM_PER_MILE = 1.609344;

export interface UberOptions {
  serverToken: string;
  log: WarnLog;
  /** Another address (the tests' local server); default api.uber.com. */
  baseUrl?: string;
  /** Per request; the three requests run side by side. */
  timeoutMs?: number;
  fetch?: (url: string, init?: RequestInit) => Promise<Response>;
}

interface UberProduct {
  product_id?: string;
  capacity?: number;
  image?: string;
}
interface UberPrice {
  product_id?: string;
  display_name?: string;
  estimate?: string;
  low_estimate?: number | null;
  high_estimate?: number | null;
  currency_code?: string | null;
  /** Seconds. */
  duration?: number;
  /** Miles. */
  distance?: number;
}
interface UberTime {
  product_id?: string;
  /** Seconds until a car can pick up. */
  estimate?: number;
}

/** A request that failed; `what` is the spec's log text for it (spec 2 s.8). */
class UberFailure extends Error {
  constructor(
    readonly what: "Uber API error" | "Price estimates error" | "Time estimates error",
    message: string,
  ) {
    super(message);
  }
}

/**
 * Uber's Riders API (v1.2) with a server token: products (capacity, image), price and time estimates.
 * Any failure (network, non-2xx, bad JSON, time-out) is logged with the spec's text and the answer
 * falls back to the local model, marked as an estimate.
 */
export function uberRides(options: UberOptions): RideProvider {
  const base = (options.baseUrl ?? UBER_API_URL).replace(/\/+$/, "");
  const fetch = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 5000;

  const get = async <T>(
    what: UberFailure["what"],
    path: string,
    params: Record<string, number>,
    key: string,
  ) => {
    const query = new URLSearchParams(
      Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]),
    );
    let res: Response;
    try {
      res = await fetch(`${base}${path}?${query}`, {
        headers: {
          authorization: `Token ${options.serverToken}`,
          "accept-language": "en_US",
          accept: "application/json",
        },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new UberFailure(what, err instanceof Error ? `${err.name}: ${err.message}` : String(err));
    }
    if (!res.ok) throw new UberFailure(what, `answered ${res.status}`);
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      throw new UberFailure(what, "answered something that is not JSON");
    }
    const list = (body as Record<string, unknown> | null)?.[key];
    if (!Array.isArray(list)) throw new UberFailure(what, `answered without ${key}`);
    return list as T[];
  };

  return {
    name: "uber",
    async estimate(from: LatLng, to: LatLng, names?: RideNames): Promise<RideEstimate> {
      const start = { start_latitude: from.lat, start_longitude: from.lng };
      try {
        const [products, prices, times] = await Promise.all([
          get<UberProduct>(
            "Uber API error",
            "/v1.2/products",
            { latitude: from.lat, longitude: from.lng },
            "products",
          ),
          get<UberPrice>(
            "Price estimates error",
            "/v1.2/estimates/price",
            { ...start, end_latitude: to.lat, end_longitude: to.lng },
            "prices",
          ),
          get<UberTime>("Time estimates error", "/v1.2/estimates/time", start, "times"),
        ]);
        return { rides: uberOptions(products, prices, times), source: "uber" };
      } catch (err) {
        const failure = err instanceof UberFailure ? err : new UberFailure("Uber API error", String(err));
        options.log.warn({ provider: "uber", reason: failure.message }, failure.what);
        return { rides: localRides(from, to, names), source: "estimate" };
      }
    },
  };
}

/**
 * Uber's prices as ride options, with each product's capacity and image and its pickup time. A price
 * without numbers (a metered taxi says "Metered") is left out rather than shown as $0.
 */
export function uberOptions(products: UberProduct[], prices: UberPrice[], times: UberTime[]): RideOption[] {
  const product = new Map(products.map((p) => [p.product_id, p]));
  const pickup = new Map(times.map((t) => [t.product_id, t.estimate]));
  return prices.flatMap((p): RideOption[] => {
    if (!p.product_id || typeof p.low_estimate !== "number" || typeof p.high_estimate !== "number") return [];
    const info = product.get(p.product_id);
    const wait = pickup.get(p.product_id);
    return [
      {
        productId: p.product_id,
        displayName: p.display_name ?? p.product_id,
        durationMinutes: Math.max(1, Math.ceil((p.duration ?? 0) / 60)),
        distanceKm: Math.round((p.distance ?? 0) * KM_PER_MILE * 100) / 100,
        priceEstimate: p.estimate ?? `${p.low_estimate}-${p.high_estimate}`,
        low: p.low_estimate,
        high: p.high_estimate,
        currency: p.currency_code ?? "USD",
        capacity: typeof info?.capacity === "number" ? info.capacity : 4,
        image: typeof info?.image === "string" ? info.image : null,
        ...(typeof wait === "number" ? { pickupMinutes: Math.ceil(wait / 60) } : {}),
      },
    ];
  });
}
