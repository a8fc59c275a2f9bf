import { expect, test } from "./fixtures";
import { shot } from "./helpers";
import { createTripApi, guestApi, guestPage, isoInDays, optimiseAndWait } from "./trip-helpers";

test("a member leaves a trip from its settings and the card disappears", async ({
  browser,
  baseURL,
}, info) => {
  const owner = await guestApi(baseURL!, "Owner");
  const trip = (await (await createTripApi(owner, "Leaving Lisbon")).json()).trip;
  const code = (await (await owner.get(`/api/trips/${trip.id}/invitation`)).json()).displayCode;
  const ben = await guestPage(browser, "Ben");
  const joined = await ben.request.post("/api/trips/join", { data: { code }, headers: { origin: baseURL! } });
  expect(joined.ok()).toBeTruthy();
  await ben.goto("/");
  await ben.getByText("Leaving Lisbon").click();
  await ben.getByRole("button", { name: "Trip settings" }).click();
  const settings = ben.getByRole("dialog", { name: "Trip Settings" });
  // A member's settings open on Permissions; Leave trip is there too, under every tab.
  await expect(settings.getByRole("tab", { name: "Permissions" })).toHaveAttribute("aria-selected", "true");
  await settings.getByRole("button", { name: "Leave trip" }).click();
  await shot(ben, info, "defects-leave-confirm");
  await ben.getByRole("alertdialog").getByRole("button", { name: "Leave trip" }).click();
  await ben.goto("/");
  await expect(ben.getByText("Leaving Lisbon")).toHaveCount(0);
  await shot(ben, info, "defects-after-leave");
});

test("a sign-in error sent to /?error= is shown", async ({ page }, info) => {
  await page.goto(`/?error=${encodeURIComponent("OAuth Error: access_denied - User cancelled")}`);
  await expect(page.getByText("OAuth Error: access_denied - User cancelled")).toBeVisible();
  await shot(page, info, "defects-auth-error");
});

test("removing the last visit of a calendar day keeps the trip page working", async ({ browser }, info) => {
  const owner = await guestPage(browser, "Hana");
  const created = await owner.request.post("/api/trips", {
    data: {
      name: "One day in Nara",
      departureLocation: "Nara Station",
      departureLatitude: 34.6851,
      departureLongitude: 135.8048,
      startDate: isoInDays(30),
      endDate: isoInDays(30),
    },
  });
  const tripId = (await created.json()).trip.id;
  const add = await owner.request.post(`/api/trips/${tripId}/places`, {
    data: { name: "Todai-ji", latitude: 34.689, longitude: 135.8398, stayMinutes: 60, wishLevel: 8 },
  });
  expect(add.status()).toBe(201);
  await optimiseAndWait(owner.request, tripId);
  await owner.evaluate((id) => localStorage.setItem("currentTripId", id), tripId);
  await owner.goto("/my-trip");
  await owner.getByRole("tab", { name: "Calendar" }).click();
  const block = owner.getByRole("region", { name: "Day 1" }).locator("[data-visit]", { hasText: "Todai-ji" });
  await block.click();
  const popup = owner.getByRole("dialog", { name: "Todai-ji" });
  await popup.getByRole("button", { name: "Remove" }).click();
  await popup.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
  await expect(block).toHaveCount(0);
  await expect(owner.getByText("Something went wrong")).toHaveCount(0);
  await shot(owner, info, "defects-removed-last-visit");
  await owner.keyboard.press("Escape");
  await expect(owner.getByRole("tab", { name: "Calendar" })).toBeVisible();
  // Kept after a reload: the day is empty, the page still works.
  await owner.reload();
  await owner.getByRole("tab", { name: "Calendar" }).click();
  await expect(owner.getByRole("region", { name: "Day 1" })).toBeVisible();
  await expect(block).toHaveCount(0);
});
