import type { Counters } from "./counters";

type Callback = (err: Error | null, res?: { current: number; ttl: number }) => void;

interface StoreParams {
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * The routes' own limits (`config.rateLimit`) counted in the app's `Counters`: in memory in one
 * process, in PostgreSQL across processes. @fastify/rate-limit makes a child store per route; the
 * route's method and path prefix its keys, as the per-route stores of its memory store keep them apart.
 */
export function routeLimitStore(counters: Counters) {
  return class CountersStore {
    private readonly prefix: string;

    constructor(params: unknown = {}) {
      const route = (params as StoreParams).routeInfo;
      this.prefix = route ? `route:${[route.method].flat().join(",")}:${route.url}:` : "route:";
    }

    incr(key: string, cb: Callback, timeWindow: number): void {
      counters.hit(this.prefix + key, timeWindow).then(
        (c) => cb(null, { current: c.count, ttl: Math.max(0, c.windowEnds - Date.now()) }),
        (err: Error) => cb(err),
      );
    }

    read(key: string, cb: Callback): void {
      counters.peek(this.prefix + key).then(
        (c) => cb(null, { current: c?.count ?? 0, ttl: c ? Math.max(0, c.windowEnds - Date.now()) : 0 }),
        (err: Error) => cb(err),
      );
    }

    child(params: unknown) {
      return new CountersStore(params);
    }
  };
}
