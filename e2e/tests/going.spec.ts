import { expect, test } from "./fixtures";
import { createKyotoTripApi, guestPage, optimiseAndWait } from "./trip-helpers";

// Issue 30 item 2, who's going: Ken says he will do something else than a planned visit; Hana's open
// calendar shows it without a reload, the visit's popup lists who goes, and Ken takes it back.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const SHOTS = "/tmp/shots-going";

test("a member skips a visit and the calendar shows it to the others live @phone", async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const project = testInfo.project.name;
  const viewport = project === "phone" ? PHONE : DESKTOP;
  const hana = await guestPage(browser, "Hana", viewport);
  const ken = await guestPage(browser, "Ken", viewport);
  const tripId = await createKyotoTripApi(hana.request, "Kyoto together", 30);
  const code = (await (await hana.request.get(`/api/trips/${tripId}/invitation`)).json()).displayCode;
  expect((await ken.request.post("/api/trips/join", { data: { code } })).ok()).toBeTruthy();
  for (const [who, name, latitude, longitude] of [
    [hana, "Kinkaku-ji", 35.0394, 135.7292],
    [ken, "Gion", 35.0037, 135.7788],
  ] as const) {
    const res = await who.request.post(`/api/trips/${tripId}/places`, {
      data: { name, latitude, longitude, stayMinutes: 60, wishLevel: 8 },
    });
    expect(res.status()).toBe(201);
  }
  // Both want Kinkaku-ji: Ken adds his wish to Hana's place.
  const places = (await (await hana.request.get(`/api/trips/${tripId}/places`)).json()).places;
  const kinkaku = places.find((p: { name: string }) => p.name === "Kinkaku-ji");
  expect(
    (
      await ken.request.put(`/api/trips/${tripId}/places/${kinkaku.id}/wish`, { data: { wishLevel: 6 } })
    ).ok(),
  ).toBeTruthy();
  await optimiseAndWait(hana.request, tripId);

  for (const page of [hana, ken]) {
    await page.evaluate((id) => localStorage.setItem("currentTripId", id), tripId);
    await page.goto("/my-trip");
    await page.getByRole("tab", { name: "Calendar" }).click();
    await expect(page.locator(`[data-visit="${kinkaku.id}"]`)).toBeVisible();
  }
  const hanaBlock = hana.locator(`[data-visit="${kinkaku.id}"]`);
  await expect(hanaBlock.locator("[data-skips]")).toHaveCount(0);

  // Ken opens the visit from his calendar: both go, and he says he will do something else.
  await ken.locator(`[data-visit="${kinkaku.id}"]`).click();
  const popup = ken.getByRole("dialog");
  const going = popup.getByRole("region", { name: "Who's going" });
  await expect(going.locator("[data-going]")).toContainText("Hana");
  await expect(going.locator("[data-going]")).toContainText("Ken");
  await going.getByRole("button", { name: "I'll do something else" }).click();
  await expect(going.locator("[data-skipping]")).toHaveText("Ken will do something else");
  await expect(going.locator("[data-going]")).not.toContainText("Ken");
  await expect(going.getByRole("button", { name: "I'm going after all" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await ken.screenshot({ path: `${SHOTS}/${project}-popup.png` });

  // Hana's calendar shows it without a reload: a badge on the block, named for screen readers.
  await expect(hanaBlock.locator("[data-skips]")).toHaveAttribute("data-skips", "1");
  await expect(hanaBlock).toContainText("Ken will do something else");
  await hana.screenshot({ path: `${SHOTS}/${project}-calendar.png` });
  // Her popup (the map's pins open the same one) lists who goes.
  await hanaBlock.click();
  await expect(hana.getByRole("dialog").locator("[data-going]")).not.toContainText("Ken");
  await expect(hana.getByRole("dialog").locator("[data-skipping]")).toContainText("Ken");
  await hana.keyboard.press("Escape");

  // Kept after a reload, and taken back.
  await ken.reload();
  await ken.getByRole("tab", { name: "Calendar" }).click();
  await ken.locator(`[data-visit="${kinkaku.id}"]`).click();
  await ken.getByRole("button", { name: "I'm going after all" }).click();
  await expect(ken.getByRole("dialog").locator("[data-skipping]")).toHaveCount(0);
  await expect(hanaBlock.locator("[data-skips]")).toHaveCount(0);
});
