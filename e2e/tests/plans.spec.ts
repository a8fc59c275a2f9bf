import { expect, test } from "./fixtures";
import { shot } from "./helpers";
import { guestPage, isoInDays, optimiseAndWait } from "./trip-helpers";

// Issue 12: plans a group trusts. A Kyoto trip with real sights, their opening hours and time-of-day
// wishes: the place detail shows the hours, a member locks a visit, re-optimises, and it stays.
const KYOTO: [string, number, number, string, number, string, string | null][] = [
  ["Kinkaku-ji", 35.0394, 135.7292, "temple", 60, "Mo-Su 09:00-17:00", null],
  ["Ryōan-ji", 35.0345, 135.7183, "temple", 60, "Mo-Su 08:00-17:00", null],
  ["Fushimi Inari Taisha", 34.9671, 135.7727, "shrine", 120, "24/7", "morning"],
  ["Kiyomizu-dera", 34.9949, 135.785, "temple", 90, "Mo-Su 06:00-18:00", null],
  ["Yasaka Shrine", 35.0037, 135.7785, "shrine", 30, "24/7", null],
  ["Gion", 35.0037, 135.775, "tourist_attraction", 60, "24/7", "night"],
  ["Ginkaku-ji", 35.027, 135.7982, "temple", 60, "Mo-Su 08:30-17:00", null],
  ["Nanzen-ji", 35.011, 135.7934, "temple", 60, "Mo-Su 08:40-17:00", null],
  ["Nijō Castle", 35.0142, 135.7481, "tourist_attraction", 90, "Mo-Su 08:45-16:00", null],
  ["Nishiki Market", 35.005, 135.7649, "shopping", 60, "Mo-Su 09:00-18:00", "noon"],
  ["Tōfuku-ji", 34.9766, 135.7737, "temple", 60, "Mo-Su 09:00-16:00", null],
];

test("plans: opening hours on the place, a locked visit stays through a re-optimise, a compact Kyoto day", async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const page = await guestPage(browser, "Aiko");
  const created = await page.request.post("/api/trips", {
    data: {
      name: "Kyoto temples",
      departureLocation: "Kyoto Station",
      departureLatitude: 34.9858,
      departureLongitude: 135.7588,
      startDate: isoInDays(50),
      endDate: isoInDays(52),
    },
  });
  const tripId = (await created.json()).trip.id;
  for (const [name, latitude, longitude, category, stayMinutes, openingHours, when] of KYOTO.slice(0, 10)) {
    const res = await page.request.post(`/api/trips/${tripId}/places`, {
      data: {
        name,
        latitude,
        longitude,
        category,
        stayMinutes,
        openingHours,
        preferredTimeOfDay: when,
        wishLevel: 8,
      },
    });
    expect(res.status()).toBe(201);
  }
  // Hours that cannot be read are refused with the message, not stored.
  const bad = await page.request.post(`/api/trips/${tripId}/places`, {
    data: {
      name: "Somewhere",
      latitude: 35.0,
      longitude: 135.76,
      openingHours: "every day but Tuesday",
      wishLevel: 6,
    },
  });
  expect(bad.status()).toBe(400);
  const plan = await optimiseAndWait(page.request, tripId);
  expect(plan.days.flatMap((d) => d.visits).length).toBeGreaterThan(6);

  await page.goto("/");
  await page.evaluate((id) => localStorage.setItem("currentTripId", id), tripId);

  // The place detail shows its opening hours.
  await page.goto("/my-trip");
  await page.getByRole("tab", { name: "Calendar" }).click();
  const day1 = page.getByRole("region", { name: "Day 1" });
  await expect(day1.locator("[data-visit]").first()).toBeVisible();
  const first = day1.locator("[data-visit]").first();
  const placeId = (await first.getAttribute("data-visit"))!;
  const name = (await first.textContent())?.trim();
  await first.click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(/\d\d:\d\d-\d\d:\d\d|Open 24 hours/);
  await shot(page, testInfo, "plans-stop-opening-hours");

  // Lock it to its day, then re-optimise: it stays on day 1, with the lock shown.
  await dialog.getByRole("button", { name: "Lock to this day" }).click();
  await expect(dialog.getByRole("button", { name: "Lock to this day" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  const locked = (await (await page.request.get(`/api/trips/${tripId}/optimizations/active`)).json()).result;
  expect(locked.days[0].visits.find((v: { placeId: string }) => v.placeId === placeId).locked).toBe("day");

  // A new place and a different fairness: the plan changes, the locked visit does not move.
  await page.request.post(`/api/trips/${tripId}/places`, {
    data: {
      name: KYOTO[10]![0],
      latitude: KYOTO[10]![1],
      longitude: KYOTO[10]![2],
      category: KYOTO[10]![3],
      stayMinutes: KYOTO[10]![4],
      openingHours: KYOTO[10]![5],
      wishLevel: 10,
    },
  });
  const before = locked.id;
  expect(
    (await page.request.post(`/api/trips/${tripId}/optimizations`, { data: { fairnessWeight: 0.2 } })).ok(),
  ).toBeTruthy();
  await expect
    .poll(
      async () =>
        (await (await page.request.get(`/api/trips/${tripId}/optimizations/active`)).json()).result.id,
      {
        timeout: 30_000,
      },
    )
    .not.toBe(before);
  const after = (await (await page.request.get(`/api/trips/${tripId}/optimizations/active`)).json()).result;
  const kept = after.days[0].visits.find((v: { placeId: string }) => v.placeId === placeId);
  expect(kept?.locked).toBe("day");
  await page.reload();
  await page.getByRole("tab", { name: "Calendar" }).click();
  const lockedBlock = page.getByRole("region", { name: "Day 1" }).locator(`[data-visit="${placeId}"]`);
  await expect(lockedBlock).toBeVisible();
  await expect(lockedBlock).toHaveAccessibleName(/Locked to this day/);
  await expect(lockedBlock.locator("[data-locked=day]")).toBeVisible();
  await shot(page, testInfo, "plans-calendar-locked");
  testInfo.annotations.push({ type: "locked", description: name ?? placeId });

  // A Kyoto day on the map: its route, for the eye (the bench measures it).
  await page.getByRole("tab", { name: "Map" }).click();
  await expect(page.locator(".maplibregl-canvas")).toBeVisible();
  await page
    .getByRole("group", { name: "Days on the map" })
    .getByRole("button", { name: /^Day 2/ })
    .click();
  await expect(
    page.getByRole("group", { name: "Days on the map" }).getByRole("button", { name: /^Day 2/ }),
  ).toHaveAttribute("aria-pressed", "true");
  // Only that day's stops are drawn: its visits plus its start and end.
  const dayTwo = after.days[1].visits.length;
  await expect(page.locator(".tabi-marker:not([aria-label*='start, end'])")).toHaveCount(dayTwo);
  await page.waitForTimeout(1000);
  await shot(page, testInfo, "plans-kyoto-day-map");
});
