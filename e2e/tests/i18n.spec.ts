import type { Page, TestInfo } from "@playwright/test";
import { expect, test } from "./fixtures";
import { shot, signUpAndConfirm, uniqueEmail } from "./helpers";
import { englishLeft, type Lng, text } from "./i18n-helpers";
import { createKyotoTripApi, isoInDays, optimiseAndWait } from "./trip-helpers";

// Issue 13's language check: the profile switched to 日本語, 한국어 and 中文 in turn; on Home, the trip
// page (map and calendar), Places, Add place, the Route Optimization dialog and every dialog of the
// shell, no visible text is left in English (place names and user content excepted). Each screen is
// captured as i18n-<lng>-<screen>.png. A server error then arrives in the chosen language.
const TRIP = "Kyoto in autumn";
const PLACES: [string, number, number, string][] = [
  ["Kinkaku-ji", 35.0394, 135.7292, "temple"],
  ["Fushimi Inari Taisha", 34.9671, 135.7727, "shrine"],
  ["Nishiki Market", 35.005, 135.7649, "shopping"],
  ["Gion", 35.0037, 135.775, "tourist_attraction"],
];
const USER_CONTENT = [TRIP, "Kyoto Station", "Kyoto", ...PLACES.map((p) => p[0])];

async function expectTranslated(page: Page, lng: Lng, testInfo: TestInfo, screen: string) {
  // Wait for the language's texts (loaded lazily) and for spinners to settle.
  await expect(page.locator("html")).toHaveAttribute("lang", new RegExp(`^${lng}`));
  await page.waitForLoadState("networkidle");
  const left = await englishLeft(page.locator("body"), lng, USER_CONTENT);
  await shot(page, testInfo, `i18n-${lng}-${screen}`);
  expect(left, `${lng} ${screen}: text left in English`).toEqual([]);
}

test("the app in Japanese, Korean and Chinese: no English left on the main screens; server errors translated @phone", async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  const email = uniqueEmail("lang");
  await signUpAndConfirm(page, email);
  USER_CONTENT.push((await (await page.request.get("/api/me")).json()).name);
  const tripId = await createKyotoTripApi(page.request, TRIP, 40);
  for (const [name, latitude, longitude, category] of PLACES)
    expect(
      (
        await page.request.post(`/api/trips/${tripId}/places`, {
          data: { name, latitude, longitude, category, wishLevel: 7 },
        })
      ).status(),
    ).toBe(201);
  await optimiseAndWait(page.request, tripId);
  await page.evaluate((id) => localStorage.setItem("currentTripId", id), tripId);

  for (const lng of ["ja", "ko", "zh"] as const) {
    // The profile's language select: switches at once and is kept on the server.
    await page.goto("/profile");
    await page.locator("select:has(option[value='ja'])").selectOption(lng);
    await expect(page.locator("html")).toHaveAttribute("lang", new RegExp(`^${lng}`));
    await expect.poll(async () => (await (await page.request.get("/api/me")).json()).language).toBe(lng);
    await expectTranslated(page, lng, testInfo, "profile");

    await page.goto("/");
    await expect(
      page.getByRole("heading", { level: 1, name: text(lng, "shell:title.myTrips") }),
    ).toBeVisible();
    await expectTranslated(page, lng, testInfo, "home");

    // The shell's menus and dialogs.
    const logoMenu = text(lng, "shell:menu.logo", { product: "Tabi" });
    await page.getByRole("button", { name: logoMenu }).click();
    await expectTranslated(page, lng, testInfo, "logo-menu");
    await page.keyboard.press("Escape");
    for (const [key, screen] of [
      ["info:title.about", "about"],
      ["info:title.help", "help"],
      ["info:title.feedback", "feedback"],
      ["info:title.terms", "terms"],
      ["info:title.contact", "contact"],
      ["shell:menu.pricing", "premium"],
    ] as const) {
      await page.getByRole("button", { name: logoMenu }).click();
      await page.getByRole("menuitem", { name: text(lng, key) }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectTranslated(page, lng, testInfo, screen);
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toHaveCount(0);
    }
    await page.getByRole("button", { name: text(lng, "shell:profileMenu.label") }).click();
    await expectTranslated(page, lng, testInfo, "profile-menu");
    await page.keyboard.press("Escape");

    // The trip page: the map, the calendar and the Route Optimization dialog.
    await page.goto("/my-trip");
    await page.getByRole("tab", { name: text(lng, "plan:view.map") }).click();
    await expectTranslated(page, lng, testInfo, "trip-map");
    await page.getByRole("button", { name: text(lng, "plan:optimize.run"), exact: true }).click();
    await expect(page.getByRole("dialog", { name: text(lng, "plan:optimize.title") })).toBeVisible();
    await expectTranslated(page, lng, testInfo, "optimize-dialog");
    await page.keyboard.press("Escape");
    await page.getByRole("tab", { name: text(lng, "plan:view.calendar") }).click();
    await expect(page.locator("[data-visit]").first()).toBeVisible();
    await expectTranslated(page, lng, testInfo, "trip-calendar");

    await page.goto("/my-trip/my-places");
    await expect(page.getByText(PLACES[0]![0]).first()).toBeVisible();
    await expectTranslated(page, lng, testInfo, "places");
    await page.getByRole("button", { name: text(lng, "places:list.listView") }).click();
    await expectTranslated(page, lng, testInfo, "places-list");
    await page.getByRole("button", { name: text(lng, "places:list.gridView") }).click();

    await page.goto("/add-place");
    await expectTranslated(page, lng, testInfo, "add-place");
  }

  // A server error in the user's language: the free plan's trip limit, in Chinese (the last choice).
  for (let i = 0; i < 3; i++) {
    const res = await page.request.post("/api/trips", {
      data: {
        name: `Trip ${i}`,
        departureLocation: "Kyoto Station",
        departureLatitude: 34.9858,
        departureLongitude: 135.7588,
        startDate: isoInDays(50),
        endDate: isoInDays(51),
      },
    });
    if (res.status() !== 201) {
      expect(res.status()).toBe(403);
      expect((await res.json()).error.message).toBe(text("zh", "server:trips.tripLimitCreate"));
      return;
    }
  }
  throw new Error("the free plan's trip limit was never reached");
});
