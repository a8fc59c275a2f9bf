import { type LatLng, travelMinutes } from "@tabi/optimizer";
import { afterEach, describe, expect, it } from "vitest";
import { type RouterAnswer, recorded, startRouter } from "./fixtures/router";
import { modelMatrix } from "./model";
import { osrmRouting, tableBlocks } from "./osrm";

// The fixtures are OSRM Table answers in OSRM's exact shape (code, durations in seconds, sources and
// destinations as waypoints with hint, snap distance, street name and [lng, lat]); their durations
// were written for these Kyoto points, not recorded from a live server (no network here).
const kinkakuji = { lat: 35.0394, lng: 135.7292 };
const ryoanji = { lat: 35.0345, lng: 135.7182 };
const ginkakuji = { lat: 35.027, lng: 135.7982 };
const kyotoStation = { lat: 34.9858, lng: 135.7588 };
const fushimiInari = { lat: 34.9671, lng: 135.7727 };
const yasaka = { lat: 35.0037, lng: 135.7786 };
const gion = { lat: 35.0026, lng: 135.7752 };
const chikubushima = { lat: 35.4217, lng: 136.1436 }; // an island in Lake Biwa: no road to it

const FOOT = [kinkakuji, ryoanji, ginkakuji];
const DRIVE = [kyotoStation, fushimiInari, yasaka, gion, chikubushima];

const minutes = (seconds: number) => Math.ceil(seconds / 60);

function recorder() {
  const warnings: { details: object; message: string }[] = [];
  return {
    warnings,
    log: { warn: (details: object, message: string) => warnings.push({ details, message }) },
  };
}

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function router(answer: (url: URL) => RouterAnswer) {
  const r = await startRouter(answer);
  close = r.close;
  return r;
}

describe("OSRM table", () => {
  it("asks the foot profile with lng,lat coordinates and durations only, and rounds seconds up", async () => {
    const { base, requests } = await router(() => ({ file: "osrm-table-foot-kyoto.json" }));
    const { log, warnings } = recorder();
    const matrix = await osrmRouting({ url: `${base}/osrm/`, log }).matrix(FOOT, "walking");

    expect(requests).toHaveLength(1);
    expect(requests[0]!.pathname).toBe(
      "/osrm/table/v1/foot/135.7292,35.0394;135.7182,35.0345;135.7982,35.027",
    );
    expect(Object.fromEntries(requests[0]!.searchParams)).toEqual({ annotations: "duration" });
    const { durations } = recorded("osrm-table-foot-kyoto.json") as { durations: number[][] };
    expect(matrix).toEqual(durations.map((row) => row.map(minutes)));
    expect(matrix[0]![1]).toBe(20); // 1151.8 s
    expect(warnings).toEqual([]);
  });

  it("drives for car and taxi with the parking or hailing minutes, walks short hops, models null cells", async () => {
    const { base, requests } = await router(() => ({ file: "osrm-table-driving-kyoto.json" }));
    const osrm = osrmRouting({ url: base, log: recorder().log });
    const car = await osrm.matrix(DRIVE, "car");
    const taxi = await osrm.matrix(DRIVE, "taxi");

    expect(requests[0]!.pathname.startsWith("/table/v1/driving/135.7588,34.9858;")).toBe(true);
    expect(car[0]![1]).toBe(17); // 480.6 s + 8 min from the car park
    expect(taxi[0]![1]).toBe(14); // 480.6 s + 5 min to hail
    // Yasaka Shrine to Gion is 330 m: 412.5 s around one-way streets plus parking loses to a 6-minute walk.
    expect(car[2]![3]).toBe(travelMinutes(yasaka, gion, "walking"));
    expect(car[2]![3]).toBe(6);
    // OSRM found no road to the island: those pairs take the model's car time.
    expect(car[0]![4]).toBe(travelMinutes(kyotoStation, chikubushima, "car"));
    expect(car[4]![1]).toBe(travelMinutes(chikubushima, fushimiInari, "car"));
    expect(car.map((row, i) => row[i])).toEqual([0, 0, 0, 0, 0]);
    // car and taxi share one answer (same profile, same points): asked once.
    expect(requests).toHaveLength(1);
  });

  it("keeps the model for public transport and flights (OSRM has no timetables) without asking", async () => {
    const { base, requests } = await router(() => ({ file: "osrm-table-foot-kyoto.json" }));
    const osrm = osrmRouting({ url: base, log: recorder().log });
    expect(await osrm.matrix(FOOT, "public_transport")).toEqual(modelMatrix(FOOT, "public_transport"));
    expect(await osrm.matrix(FOOT, "flight")).toEqual(modelMatrix(FOOT, "flight"));
    expect(requests).toEqual([]);
  });

  it("splits more than 100 points into blocks of at most 100 coordinates and joins the answers", async () => {
    // Point i sits at latitude i/1000, so the stand-in router can answer i→j with (200 i + j) minutes.
    const points: LatLng[] = Array.from({ length: 130 }, (_, i) => ({ lat: i / 1000, lng: 10 }));
    const indexOf = (c: string) => Math.round(Number(c.split(",")[1]) * 1000);
    const { base, requests } = await router((url) => {
      const coords = url.pathname.split("/").pop()!.split(";").map(indexOf);
      const pick = (param: string) =>
        url.searchParams
          .get(param)
          ?.split(";")
          .map((k) => coords[Number(k)]!) ?? coords;
      const durations = pick("sources").map((i) =>
        pick("destinations").map((j) => (i === j ? 0 : 60 * (200 * i + j) - 30)),
      );
      return { body: { code: "Ok", durations, sources: [], destinations: [] } };
    });
    const { log, warnings } = recorder();
    const matrix = await osrmRouting({ url: base, log }).matrix(points, "walking");

    expect(warnings).toEqual([]);
    expect(requests).toHaveLength(9); // 3 chunks of up to 50 points, every pair of chunks
    for (const url of requests) {
      expect(url.pathname.split("/").pop()!.split(";").length).toBeLessThanOrEqual(100);
      expect(url.searchParams.get("annotations")).toBe("duration");
    }
    const offDiagonal = requests.find((u) => u.searchParams.has("sources"))!;
    expect(offDiagonal.searchParams.get("sources")).toMatch(/^0;1;2;.*;49$/);
    expect(offDiagonal.searchParams.get("destinations")).toMatch(/^50;51;.*;99$/);
    expect(matrix).toEqual(points.map((_, i) => points.map((_, j) => (i === j ? 0 : 200 * i + j))));
  });

  it("sends 100 points in one request", () => {
    expect(tableBlocks(100, 100)).toHaveLength(1);
    expect(tableBlocks(101, 100)).toHaveLength(9);
    expect(tableBlocks(101, 100).every((b) => b.coordinates.length <= 100)).toBe(true);
  });

  it("falls back to the model for the whole matrix on any failure, with a warning", async () => {
    const failures: [RouterAnswer, RegExp][] = [
      [{ status: 400, file: "osrm-table-nosegment.json" }, /NoSegment: Could not find a matching segment/],
      [{ status: 502, raw: "<html>Bad Gateway</html>" }, /502 with something that is not JSON/],
      [{ status: 503, body: { message: "overloaded" } }, /OSRM answered 503/],
      [{ body: { code: "Ok", durations: [[0, 1]] } }, /not 3×3/],
      [
        {
          body: {
            code: "Ok",
            durations: [
              [0, 1, 2],
              [1, 0, "x"],
              [2, 1, 0],
            ],
          },
        },
        /not 3×3/,
      ],
      ["hang", /no answer within 200 ms/],
    ];
    for (const [answer, reason] of failures) {
      const r = await startRouter(() => answer);
      const { log, warnings } = recorder();
      const matrix = await osrmRouting({ url: r.base, log, timeoutMs: 200 }).matrix(FOOT, "walking");
      await r.close();
      expect(matrix).toEqual(modelMatrix(FOOT, "walking"));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]!.message).toBe("routing server failed; using the travel model");
      expect(warnings[0]!.details).toMatchObject({ profile: "foot", points: 3 });
      expect((warnings[0]!.details as { reason: string }).reason).toMatch(reason);
    }
  });

  it("falls back when the server cannot be reached", async () => {
    const r = await startRouter(() => ({ file: "osrm-table-foot-kyoto.json" }));
    await r.close(); // nothing listens on that port any more
    const { log, warnings } = recorder();
    const matrix = await osrmRouting({ url: r.base, log }).matrix(FOOT, "walking");
    expect(matrix).toEqual(modelMatrix(FOOT, "walking"));
    expect(warnings).toHaveLength(1);
  });

  it("stops when the caller aborts, answering the model without a warning", async () => {
    const { base, requests } = await router(() => "hang");
    const { log, warnings } = recorder();
    const controller = new AbortController();
    const started = Date.now();
    const pending = osrmRouting({ url: base, log, timeoutMs: 10_000 }).matrix(FOOT, "walking", {
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 50);
    expect(await pending).toEqual(modelMatrix(FOOT, "walking"));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(requests).toHaveLength(1);
    expect(warnings).toEqual([]);
  });

  it("keeps answers briefly by point list, and does not keep failures", async () => {
    let answer: RouterAnswer = { status: 500, raw: "{}" };
    const { base, requests } = await router(() => answer);
    let now = 0;
    const osrm = osrmRouting({ url: base, log: recorder().log, cacheTtlMs: 60_000, now: () => now });

    await osrm.matrix(FOOT, "walking"); // fails: not kept
    answer = { file: "osrm-table-foot-kyoto.json" };
    const first = await osrm.matrix(FOOT, "walking");
    expect(requests).toHaveLength(2);
    expect(await osrm.matrix(FOOT, "walking")).toEqual(first);
    expect(requests).toHaveLength(2); // a re-optimise does not ask again
    await osrm.matrix([...FOOT].reverse(), "walking");
    expect(requests).toHaveLength(3); // another order is another matrix
    now = 60_001;
    await osrm.matrix(FOOT, "walking");
    expect(requests).toHaveLength(4); // expired
  });
});
