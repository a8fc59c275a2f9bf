import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import { createTrip, guest } from "../../test/fixtures";

// An outside place service failing is a 503 (unreachable, busy) or a 502 (a wrong answer), never a
// 500; the leg facts do not depend on it.
let photon: Server;
let answer = { status: 500, body: "{}" };
let t: TestApp;
beforeAll(async () => {
  photon = createServer((_req, res) => {
    res.writeHead(answer.status, { "content-type": "application/json" }).end(answer.body);
  });
  await new Promise<void>((resolve) => photon.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(photon.address() as AddressInfo).port}`;
  t = await createTestApp({ PLACES_PROVIDER: "photon", PHOTON_URL: url });
}, 120_000);
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => photon.close(resolve));
});

it("answers 503 and 502 when the place service fails, in the reader's language", async () => {
  const c = await guest(t.app, "Hungry");
  const { id } = await createTrip(c);
  const url = `/api/trips/${id}/restaurants?lat=35.693&lng=139.6995&q=ramen`;
  answer = { status: 500, body: "{}" };
  const down = await c.get(url);
  expect(down.statusCode).toBe(503);
  expect(down.json().error).toMatchObject({ code: "PLACES_UNAVAILABLE" });
  expect(down.json().error.message).toContain("Restaurant search is unavailable right now");
  answer = { status: 200, body: "<html>" };
  const junk = await c.request("GET", url, undefined, { "accept-language": "ja" });
  expect(junk.statusCode).toBe(502);
  expect(junk.json().error.message).toContain("レストラン");
  answer = { status: 200, body: JSON.stringify({ features: [] }) };
  expect((await c.get(url)).json()).toEqual({
    results: [],
    source: "photon",
    attribution: expect.stringContaining("Photon"),
    sources: [{ name: "photon", attribution: expect.stringContaining("OpenStreetMap") }],
  });
});
