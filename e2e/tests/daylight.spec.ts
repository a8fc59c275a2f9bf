import { getTimes } from "suncalc";
import { expect, test } from "./fixtures";
import { shot } from "./helpers";
import { guestPage } from "./trip-helpers";

// Issue 26 item 3: parks and gardens were planned after dark in January (Luxembourg Gardens 17:58-18:58,
// sunset about 17:15). An outdoor place is visited in daylight at that date and place.

/** The next 15 January at least a week ahead. */
function nextMidJanuary(): string {
  const soon = new Date(Date.now() + 7 * 86_400_000);
  const year =
    soon.getUTCMonth() === 0 && soon.getUTCDate() <= 15 ? soon.getUTCFullYear() : soon.getUTCFullYear() + 1;
  return `${year}-01-15`;
}

const LUXEMBOURG = { lat: 48.8462, lng: 2.3372 };

/** Sunset at the gardens on the date, in minutes of Paris's clock (the clock the plan is on). */
function sunsetInParis(date: string): number {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const sunset = getTimes(new Date(Date.UTC(y, m - 1, d, 12)), LUXEMBOURG.lat, LUXEMBOURG.lng).sunset!;
  const [h, min] = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/Paris",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  })
    .format(sunset)
    .split(":")
    .map(Number) as [number, number];
  return h * 60 + min;
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

test("a park in winter: after optimising, its calendar block ends before that date's sunset", async ({
  browser,
}, testInfo) => {
  const date = nextMidJanuary();
  const owner = await guestPage(browser, "Camille");
  const created = await owner.request.post("/api/trips", {
    data: {
      name: "Paris in January",
      departureLocation: "Hôtel near Châtelet",
      departureLatitude: 48.8584,
      departureLongitude: 2.347,
      startDate: date,
      endDate: date,
    },
  });
  expect(created.status()).toBe(201);
  const tripId = (await created.json()).trip.id;
  // The gardens (open around the clock as far as the app knows) and a chapel that closes at 17:00: from a
  // 14:30 start, the chapel first and the gardens after it (as planned before issue 26: 16:56-17:56)
  // would end after dark; the gardens are wished more, so they are kept, in daylight.
  for (const place of [
    {
      name: "Luxembourg Gardens",
      latitude: LUXEMBOURG.lat,
      longitude: LUXEMBOURG.lng,
      category: "park",
      stayMinutes: 60,
      wishLevel: 10,
    },
    {
      name: "Sainte-Chapelle",
      latitude: 48.8554,
      longitude: 2.345,
      category: "tourist_attraction",
      stayMinutes: 120,
      openingHours: "Mo-Su 09:00-17:00",
      wishLevel: 6,
    },
  ]) {
    const res = await owner.request.post(`/api/trips/${tripId}/places`, { data: place });
    expect(res.status()).toBe(201);
  }

  await owner.evaluate((id) => localStorage.setItem("currentTripId", id), tripId);
  await owner.goto("/my-trip");
  await owner.getByRole("button", { name: "Optimize" }).click();
  const dialog = owner.getByRole("dialog", { name: "Route Optimization" });
  await dialog.getByLabel("Day starts").fill("14:30");
  await dialog.getByRole("button", { name: "Optimize" }).click();
  await expect(owner.getByText("Optimization Success!")).toBeVisible({ timeout: 20_000 });
  await expect(
    owner.getByRole("status").filter({ hasText: /optimized journey|Your plan|Success/ }),
  ).toHaveCount(0, { timeout: 10_000 });

  await owner.getByRole("tab", { name: "Calendar" }).click();
  const gardens = owner
    .getByRole("region", { name: "Day 1" })
    .locator("[data-visit]", { hasText: "Luxembourg Gardens" });
  await expect(gardens).toBeVisible();
  await shot(owner, testInfo, "daylight-calendar");
  // The block reads "name … 14:51–15:51".
  const [, start, end] = ((await gardens.textContent()) ?? "").match(/(\d\d:\d\d)–(\d\d:\d\d)/) ?? [];
  expect(start, "the block shows its times").toBeTruthy();
  expect(minutes(start!)).toBeGreaterThanOrEqual(minutes("14:30"));
  expect(minutes(end!)).toBeLessThanOrEqual(sunsetInParis(date));
});
