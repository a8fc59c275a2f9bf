import { expect, test } from "./fixtures";
import { shot } from "./helpers";
import { createKyotoTripApi, interactiveMap, optimiseAndWait } from "./trip-helpers";

// The screens issue 12 touched, on the project's viewport, light and dark: opening hours on a place,
// the stop dialog with its lock and a note, the day chips of the map, the day's shape in the optimise
// dialog, and the warning for a place far from the trip.
test("plan screens: hours, locks, notes, one day on the map, the day's shape, a far place @phone", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.goto("/");
  await page.getByRole("button", { name: "Continue as a guest" }).click();
  await page.getByLabel("Your name").fill("Ren");
  await page.getByRole("button", { name: "Get Started" }).click();
  await expect(page.getByRole("heading", { name: "Welcome to Tabi" })).toBeVisible();
  const tripId = await createKyotoTripApi(page.request, "Kyoto in autumn", 60);
  const places: [string, number, number, string, string | null, string | null][] = [
    ["Kinkaku-ji", 35.0394, 135.7292, "temple", "Mo-Su 09:00-17:00", null],
    ["Ryōan-ji", 35.0345, 135.7183, "temple", "Mo-Su 08:00-17:00", null],
    // Wished for the night, but it closes at 17:00: the plan says why it is earlier.
    ["Ginkaku-ji", 35.027, 135.7982, "temple", "Mo-Su 08:30-17:00", "night"],
    ["Nanzen-ji", 35.011, 135.7934, "temple", null, null],
    ["Gion", 35.0037, 135.775, "tourist_attraction", "24/7", "night"],
    ["Fushimi Inari Taisha", 34.9671, 135.7727, "shrine", "24/7", "morning"],
  ];
  for (const [name, latitude, longitude, category, openingHours, when] of places) {
    const res = await page.request.post(`/api/trips/${tripId}/places`, {
      data: { name, latitude, longitude, category, openingHours, preferredTimeOfDay: when, wishLevel: 8 },
    });
    expect(res.status()).toBe(201);
  }
  const plan = await optimiseAndWait(page.request, tripId);
  await page.evaluate((id) => localStorage.setItem("currentTripId", id), tripId);

  for (const theme of ["light", "dark"]) {
    await page.evaluate((t) => localStorage.setItem("theme", t), theme);
    // Hours on the place: its own, and a temple's usual ones.
    await page.goto("/my-trip/my-places");
    await page.getByRole("button", { name: "List view" }).click();
    await expect(page.getByText(/Usual hours for temples/)).toBeVisible();
    await shot(page, testInfo, "plans-places-hours");
    await page.getByRole("button", { name: "Edit Nanzen-ji" }).click();
    await expect(page.getByLabel("Opening hours")).toBeVisible();
    await shot(page, testInfo, "plans-edit-hours");
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Grid view" }).click();

    // The calendar: a visit's stop dialog with its lock buttons and the note on its time.
    await page.goto("/my-trip");
    await page.getByRole("tab", { name: "Calendar" }).click();
    const ginkaku = plan.days.findIndex((d) =>
      d.visits.some((v) => (v as { name?: string }).name === "Ginkaku-ji"),
    );
    const block = page.locator("[data-visit]", { hasText: "Ginkaku-ji" });
    if (ginkaku >= 0) {
      await block.scrollIntoViewIfNeeded();
      await block.click();
      await expect(page.getByRole("dialog")).toContainText("Wished for at night");
      await expect(page.getByRole("button", { name: "Lock to this day" })).toBeVisible();
      await shot(page, testInfo, "plans-stop-note-lock");
      await page.keyboard.press("Escape");
    }
    await shot(page, testInfo, "plans-calendar");

    // One day on the map.
    await page.getByRole("tab", { name: "Map" }).click();
    await page
      .getByRole("group", { name: "Days on the map" })
      .getByRole("button", { name: /^Day 1/ })
      .click();
    await interactiveMap(page);
    await expect(page.locator(".maplibregl-canvas")).toBeVisible();
    await page.waitForTimeout(800);
    await shot(page, testInfo, "plans-map-day");
    await page
      .getByRole("group", { name: "Days on the map" })
      .getByRole("button", { name: "All days" })
      .click();

    // The day's shape in the optimise dialog.
    await page.getByRole("button", { name: "Optimize" }).first().click();
    await expect(page.getByLabel("Day starts")).toBeVisible();
    await shot(page, testInfo, "plans-optimize-dialog");
    await page.keyboard.press("Escape");
  }

  // A place far from the trip: the add-place screen warns before adding.
  await page.goto("/add-place");
  await page.getByPlaceholder("Search for places, attractions, restaurants...").fill("Gyeongbokgung");
  await page
    .getByRole("option", { name: /Gyeongbokgung/ })
    .first()
    .click();
  await expect(page.getByText(/km from your trip/)).toBeVisible();
  await shot(page, testInfo, "plans-far-warning");
});
