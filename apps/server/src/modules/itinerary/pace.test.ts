import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import type { TestClient } from "../../test/client";
import { createTrip, registered } from "../../test/fixtures";

// Issue 26 item 2: the group's pace is a plan setting, checked, stored and returned with the plan.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function planSettings(c: TestClient, tripId: string) {
  for (let i = 0; i < 200; i++) {
    const { progress, running } = (await c.get(`/api/trips/${tripId}/optimizations/progress`)).json();
    if (!running && progress?.stage === "complete") {
      return (await c.get(`/api/trips/${tripId}/optimizations/active`)).json().result.settings;
    }
    if (!running && progress && progress.stage !== "complete")
      throw new Error(`run ended: ${progress.stage}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("optimisation did not finish");
}

it("refuses a pace it does not know, stores the chosen one with the plan, balanced when none is given", async () => {
  const owner = await registered(t.app, "pace-owner@example.com");
  const trip = await createTrip(owner);
  await owner.post(`/api/trips/${trip.id}/places`, {
    name: "Kinkaku-ji",
    latitude: 35.0394,
    longitude: 135.7292,
    stayMinutes: 90,
    wishLevel: 6,
  });
  const url = `/api/trips/${trip.id}/optimizations`;

  const bad = await owner.post(url, { pace: "hurried" });
  expect(bad.statusCode).toBe(400);
  expect((await owner.get(`/api/trips/${trip.id}/optimizations/active`)).json().result).toBeNull();

  expect((await owner.post(url, { pace: "relaxed", preferredTransport: "walking" })).statusCode).toBe(202);
  expect(await planSettings(owner, trip.id)).toMatchObject({
    pace: "relaxed",
    preferredTransport: "walking",
  });

  expect((await owner.post(url, {})).statusCode).toBe(202);
  expect((await planSettings(owner, trip.id)).pace).toBe("balanced");
});
