import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app";
import { createTrip, registered } from "../test/fixtures";
import { acceptedEncoding } from "./compress";

describe("compressed answers (issue 28)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("picks brotli, then gzip, and honours q=0", () => {
    expect(acceptedEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(acceptedEncoding("gzip")).toBe("gzip");
    expect(acceptedEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(acceptedEncoding("*")).toBe("br");
    expect(acceptedEncoding(undefined)).toBeUndefined();
    expect(acceptedEncoding("identity")).toBeUndefined();
  });

  it("sends the trip's /full in brotli or gzip, the same JSON as uncompressed, and small answers as they are", async () => {
    const owner = await registered(t.app, "compress@example.com");
    const trip = await createTrip(owner, { name: "Compressed trip" });
    for (let i = 0; i < 8; i++)
      await owner.post(`/api/trips/${trip.id}/places`, {
        name: `Temple number ${i} with a long name`,
        address: "Higashiyama Ward, Kyoto, Kyoto Prefecture, Japan",
        latitude: 35 + i / 100,
        longitude: 135.7,
        wishLevel: 5,
      });
    const url = `/api/trips/${trip.id}/full`;
    const plain = await owner.get(url);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const [accept, decode] of [
      ["br", brotliDecompressSync],
      ["gzip", gunzipSync],
    ] as const) {
      for (let twice = 0; twice < 2; twice++) {
        const res = await owner.request("GET", url, undefined, { "accept-encoding": accept });
        expect(res.headers["content-encoding"]).toBe(accept);
        expect(res.headers.vary).toContain("accept-encoding");
        expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
        expect(JSON.parse(String(decode(res.rawPayload)))).toEqual(plain.json());
      }
    }
    // Another JSON answer above 1 kB: compressed on the way out.
    const places = `/api/trips/${trip.id}/places`;
    const list = await owner.request("GET", places, undefined, { "accept-encoding": "br" });
    expect(list.headers["content-encoding"]).toBe("br");
    expect(JSON.parse(String(brotliDecompressSync(list.rawPayload)))).toEqual(
      (await owner.get(places)).json(),
    );
    // A small answer goes as it is.
    const me = await owner.request("GET", "/api/me", undefined, { "accept-encoding": "br" });
    expect(me.headers["content-encoding"]).toBeUndefined();
    expect(me.json().email).toBe("compress@example.com");
  });
});
