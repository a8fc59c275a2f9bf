import { expect, test } from "./fixtures";
import { shot } from "./helpers";
import { createTripApi } from "./trip-helpers";

// The places screens with places found by search, on the project's viewport, light and dark.
test("places and add-place screens in light and dark @phone", async ({ page }, testInfo) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Continue as a guest" }).click();
  await page.getByLabel("Your name").fill("Lia");
  await page.getByRole("button", { name: "Get Started" }).click();
  await expect(page.getByRole("heading", { name: "Welcome to Tabi" })).toBeVisible();
  const tripId = (await (await createTripApi(page.request, "Lisbon in spring")).json()).trip.id;
  await page.evaluate((id) => localStorage.setItem("currentTripId", id), tripId);

  // Search near the trip's departure: the offline gazetteer finds Belém Tower.
  await page.goto("/add-place");
  await page.getByPlaceholder("Search for places, attractions, restaurants...").fill("belem");
  await expect(page.getByRole("option", { name: /Belém Tower/ })).toBeVisible();
  await shot(page, testInfo, "add-place-search");
  await page.getByRole("option", { name: /Belém Tower/ }).click();
  await expect(page.getByText("Lisbon, Portugal")).toBeVisible();
  await page.getByRole("radio", { name: "5 stars" }).click();
  await page.getByRole("button", { name: "Morning" }).click();
  await shot(page, testInfo, "add-place-chosen");
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page).toHaveURL(/my-places$/);
  for (const q of ["Jerónimos", "Lisbon Oceanarium"]) {
    const r = await page.request.get(`/api/places/search?q=${encodeURIComponent(q)}&near=38.72,-9.14`);
    const hit = (await r.json()).results[0];
    await page.request.post(`/api/trips/${tripId}/places`, {
      data: {
        name: hit.name,
        address: hit.address,
        latitude: hit.lat,
        longitude: hit.lng,
        providerPlaceId: hit.id,
        category: "museum",
      },
    });
  }

  for (const theme of ["light", "dark"]) {
    await page.evaluate((t) => localStorage.setItem("theme", t), theme);
    await page.goto("/my-trip/my-places");
    await expect(page.getByText("All team places · 3")).toBeVisible();
    await shot(page, testInfo, "places-grid");
    await page.getByRole("button", { name: "Belém Tower: show details" }).click();
    await expect(page.getByRole("button", { name: "Click to flip back" })).toBeVisible();
    await shot(page, testInfo, "places-card-back");
    await page.getByRole("button", { name: "List view" }).click();
    await shot(page, testInfo, "places-list");
    await page.getByRole("button", { name: "Edit Belém Tower" }).click();
    await shot(page, testInfo, "places-edit");
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Grid view" }).click();
    await page.goto("/add-place");
    await expect(page.getByText("3/10 places used")).toBeVisible();
    await shot(page, testInfo, "add-place");
  }
});
