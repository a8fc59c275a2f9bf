import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ECB_DAILY_URL, EcbRates, parseEcbDaily } from "./ecb";
import { createRates } from "./index";
import { TABLE_DATE } from "./table";

// The shape of the ECB's daily file (eurofxref-daily.xml), trimmed to three currencies.
const DAILY = `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
  <gesmes:subject>Reference rates</gesmes:subject>
  <Cube><Cube time='2026-11-26'>
    <Cube currency='USD' rate='1.0512'/><Cube currency='JPY' rate='160.41'/><Cube currency='KRW' rate='1480.2'/>
  </Cube></Cube>
</gesmes:Envelope>`;

describe("exchange rates", () => {
  let requests: { url?: string; accept?: string }[] = [];
  let up = true;
  let url = "";
  const server = createServer((req, res) => {
    requests.push({ url: req.url, accept: req.headers.accept });
    if (!up) return res.writeHead(503).end();
    res.writeHead(200, { "content-type": "text/xml" }).end(DAILY);
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/eurofxref-daily.xml`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("reads the ECB's daily file and crosses rates through the euro", async () => {
    expect(parseEcbDaily(DAILY)?.date).toBe("2026-11-26");
    expect(ECB_DAILY_URL).toBe("https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml");
    requests = [];
    const ecb = new EcbRates({ url });
    expect(await ecb.quote("EUR", "JPY")).toEqual({
      from: "EUR",
      to: "JPY",
      rate: "160.41",
      date: "2026-11-26",
      source: "reference",
    });
    expect((await ecb.quote("USD", "JPY"))?.rate).toBe(String(Number((160.41 / 1.0512).toPrecision(8))));
    expect(await ecb.quote("USD", "XXX")).toBeUndefined();
    // One request for all of them: the file is kept for hours.
    expect(requests).toHaveLength(1);
    expect(requests[0]!.accept).toContain("xml");
  });

  it("falls back to the shipped table, marked as such, when the ECB does not answer; a failure is not retried at once", async () => {
    up = false;
    requests = [];
    const failures: Error[] = [];
    const rates = createRates({ url, onFailed: (e) => failures.push(e) });
    const quote = await rates.quote("EUR", "JPY");
    expect(quote).toMatchObject({ source: "table", date: TABLE_DATE });
    await rates.quote("EUR", "USD");
    expect(requests).toHaveLength(1);
    expect(failures[0]!.message).toContain("503");
    expect(await rates.quote("JPY", "JPY")).toMatchObject({ rate: "1" });
    up = true;
  });
});
