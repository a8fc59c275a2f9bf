import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { rideOptionSchema } from "@tabi/contracts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { uberRides } from "./uber";

// Against a local HTTP server standing in for api.uber.com: what is sent, what comes back.

type Handler = (req: IncomingMessage) => { status: number; body: string } | "hang";
let server: Server;
let baseUrl: string;
let handler: Handler;
let requests: { path: string; query: Record<string, string>; headers: IncomingMessage["headers"] }[];

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    requests.push({ path: url.pathname, query: Object.fromEntries(url.searchParams), headers: req.headers });
    const answer = handler(req);
    if (answer === "hang") return; // never answers: the client's time-out must end it
    res.writeHead(answer.status, { "content-type": "application/json" }).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  requests = [];
});

const PRODUCTS = {
  products: [
    {
      product_id: "p-x",
      display_name: "UberX",
      capacity: 4,
      image: "https://d1a3f4spazzrp4.cloudfront.net/x.png",
    },
    {
      product_id: "p-xl",
      display_name: "UberXL",
      capacity: 6,
      image: "https://d1a3f4spazzrp4.cloudfront.net/xl.png",
    },
  ],
};
const PRICES = {
  prices: [
    {
      product_id: "p-x",
      display_name: "UberX",
      estimate: "$15-20",
      low_estimate: 15,
      high_estimate: 20,
      currency_code: "USD",
      duration: 1080,
      distance: 3.87,
    },
    {
      product_id: "p-xl",
      display_name: "UberXL",
      estimate: "$25-32",
      low_estimate: 25,
      high_estimate: 32,
      currency_code: "USD",
      duration: 1080,
      distance: 3.87,
    },
    {
      product_id: "p-taxi",
      display_name: "Taxi",
      estimate: "Metered",
      low_estimate: null,
      high_estimate: null,
    },
  ],
};
const TIMES = { times: [{ product_id: "p-x", display_name: "UberX", estimate: 240 }] };
const answers: Record<string, unknown> = {
  "/v1.2/products": PRODUCTS,
  "/v1.2/estimates/price": PRICES,
  "/v1.2/estimates/time": TIMES,
};
const uber: Handler = (req) => {
  const body = answers[new URL(req.url ?? "/", "http://x").pathname];
  return body ? { status: 200, body: JSON.stringify(body) } : { status: 404, body: "{}" };
};

const tokyoStation = { lat: 35.6812, lng: 139.7671 };
const shinjuku = { lat: 35.6896, lng: 139.7006 };

function provider(timeoutMs = 5000) {
  const warnings: { details: object; message: string }[] = [];
  const log = { warn: (details: object, message: string) => warnings.push({ details, message }) };
  return { rides: uberRides({ serverToken: "srv-token", log, baseUrl, timeoutMs }), warnings };
}

describe("Uber ride estimates", () => {
  it("asks for products, prices and times with the token and en_US, and maps the prices", async () => {
    handler = uber;
    const { rides, warnings } = provider();
    const answer = await rides.estimate(tokyoStation, shinjuku);
    const byPath = Object.fromEntries(requests.map((r) => [r.path, r]));
    expect(byPath["/v1.2/estimates/price"]!.query).toEqual({
      start_latitude: "35.6812",
      start_longitude: "139.7671",
      end_latitude: "35.6896",
      end_longitude: "139.7006",
    });
    expect(byPath["/v1.2/estimates/time"]!.query).toEqual({
      start_latitude: "35.6812",
      start_longitude: "139.7671",
    });
    expect(byPath["/v1.2/products"]!.query).toEqual({ latitude: "35.6812", longitude: "139.7671" });
    for (const r of requests) {
      expect(r.headers.authorization).toBe("Token srv-token");
      expect(r.headers["accept-language"]).toBe("en_US");
    }
    expect(answer.source).toBe("uber");
    expect(answer.rides).toEqual([
      {
        productId: "p-x",
        displayName: "UberX",
        durationMinutes: 18,
        distanceKm: 6.23,
        priceEstimate: "$15-20",
        low: 15,
        high: 20,
        currency: "USD",
        capacity: 4,
        image: "https://d1a3f4spazzrp4.cloudfront.net/x.png",
        pickupMinutes: 4,
      },
      expect.objectContaining({ productId: "p-xl", capacity: 6, low: 25, high: 32 }),
    ]);
    expect(answer.rides[1]).not.toHaveProperty("pickupMinutes");
    for (const r of answer.rides) rideOptionSchema.parse(r);
    expect(warnings).toEqual([]);
  });

  it("falls back to the local estimate when a request answers 500, logging the spec's text", async () => {
    handler = (req) =>
      req.url?.startsWith("/v1.2/estimates/price") ? { status: 500, body: "{}" } : uber(req);
    const { rides, warnings } = provider();
    const answer = await rides.estimate(tokyoStation, shinjuku);
    expect(answer.source).toBe("estimate");
    expect(answer.rides.map((r) => r.productId)).toEqual(["local-standard", "local-comfort"]);
    expect(warnings.map((w) => w.message)).toEqual(["Price estimates error"]);
  });

  it("falls back on junk and on missing lists", async () => {
    handler = (req) =>
      req.url?.startsWith("/v1.2/estimates/time") ? { status: 200, body: "<html>" } : uber(req);
    const junk = provider();
    expect((await junk.rides.estimate(tokyoStation, shinjuku)).source).toBe("estimate");
    expect(junk.warnings.map((w) => w.message)).toEqual(["Time estimates error"]);

    handler = (req) => (req.url?.startsWith("/v1.2/products") ? { status: 200, body: "{}" } : uber(req));
    const empty = provider();
    expect((await empty.rides.estimate(tokyoStation, shinjuku)).source).toBe("estimate");
    expect(empty.warnings.map((w) => w.message)).toEqual(["Uber API error"]);
  });

  it("falls back when Uber does not answer in time", async () => {
    handler = () => "hang";
    const { rides, warnings } = provider(200);
    const started = Date.now();
    const answer = await rides.estimate(tokyoStation, shinjuku);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(answer.source).toBe("estimate");
    expect(warnings).toHaveLength(1);
  });

  it("falls back when Uber cannot be reached at all", async () => {
    const warnings: string[] = [];
    const rides = uberRides({
      serverToken: "t",
      baseUrl: "http://127.0.0.1:1",
      log: { warn: (_d, message) => warnings.push(message) },
    });
    expect((await rides.estimate(tokyoStation, shinjuku)).source).toBe("estimate");
    expect(warnings).toHaveLength(1);
  });
});
