import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { shot } from "./helpers";
import { createTripApi, guestPage } from "./trip-helpers";

async function addBySearch(page: Page, query: string, pick: RegExp) {
  await page.goto("/add-place");
  await page.getByPlaceholder("Search for places, attractions, restaurants...").fill(query);
  await page.getByRole("option", { name: pick }).first().click();
}

async function addByPin(page: Page, name: string) {
  await page.goto("/add-place");
  await expect(page.getByRole("heading", { name: "Configure Place" })).toBeVisible();
  await page.getByRole("tab", { name: "Drop a pin" }).click();
  await page.getByLabel("Name of the place").fill(name);
  const map = page.getByRole("application", { name: "Map: tap to drop a pin" });
  // The map is loaded lazily: wait for it to be there, then for its loading cover to go.
  await expect(map).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("Loading map...")).toBeHidden({ timeout: 20_000 });
  await map.click({ position: { x: 120, y: 90 }, timeout: 10_000 });
  await expect(page.getByText(/Pinned at/)).toBeVisible();
}

test("two members add, share, edit, filter, flip and delete places", async ({ browser }, testInfo) => {
  const aiko = await guestPage(browser, "Aiko");
  const created = await createTripApi(aiko.request, "Lisbon with Ben");
  const tripId = (await created.json()).trip.id;
  const code = (await (await aiko.request.get(`/api/trips/${tripId}/invitation`)).json()).displayCode;
  await aiko.evaluate((id) => localStorage.setItem("currentTripId", id), tripId);

  // Aiko adds a place by dropping a pin, with 4 stars, 6 hours, morning and a note.
  await addByPin(aiko, "Miradouro da Graça");
  await aiko.getByRole("radio", { name: "4 stars" }).click();
  await aiko.getByLabel("Visit Duration").fill("4");
  await expect(aiko.getByText("6 hours · medium")).toBeVisible();
  await aiko.getByRole("button", { name: "Morning" }).click();
  await aiko.getByRole("button", { name: "Morning" }).click(); // tapping again clears
  await expect(aiko.getByRole("button", { name: "Morning" })).toHaveAttribute("aria-pressed", "false");
  await aiko.getByRole("button", { name: "Afternoon" }).click();
  await aiko.getByLabel("Notes").fill("Sunset views");
  await shot(aiko, testInfo, "add-place-pin");
  await aiko.getByRole("button", { name: "Add", exact: true }).click();
  await expect(aiko).toHaveURL(/my-places$/);
  await expect(aiko.getByText("Miradouro da Graça added")).toBeVisible();

  // Aiko also adds Belém Tower by search; Ben joins and proposes the same place: one place, two wishes.
  await addBySearch(aiko, "belem", /Belém Tower/);
  await aiko.getByRole("button", { name: "Add", exact: true }).click();
  await expect(aiko.getByText("Belém Tower added")).toBeVisible();
  const ben = await guestPage(browser, "Ben");
  await ben.request.post("/api/trips/join", { data: { code } });
  await ben.evaluate((id) => localStorage.setItem("currentTripId", id), tripId);
  await addBySearch(ben, "torre de belem", /Belém Tower/);
  await ben.getByRole("radio", { name: "5 stars" }).click();
  await ben.getByRole("button", { name: "Add", exact: true }).click();
  await expect(ben.getByText("Belém Tower was already proposed: your wish was added to it")).toBeVisible();
  await ben.request.post(`/api/trips/${tripId}/places`, {
    data: { name: "Time Out Market", latitude: 38.7069, longitude: -9.1459 },
  });

  await ben.goto("/my-trip/my-places");
  await expect(ben.getByRole("heading", { name: "Lisbon with Ben" })).toBeVisible();
  await expect(ben.getByText("All team places · 3")).toBeVisible();
  await shot(ben, testInfo, "places-grid");
  // Flip a card: who added it, wanted by both.
  await ben.getByRole("button", { name: "Belém Tower: show details" }).click();
  await expect(ben.getByText("Wanted by")).toBeVisible();
  await expect(ben.getByText("Aiko, Ben")).toBeVisible();
  await shot(ben, testInfo, "places-card-back");
  await ben.getByRole("button", { name: "Click to flip back" }).first().click();

  // Tabs, filters, list view.
  await ben.getByRole("tab", { name: "My Places" }).click();
  await expect(ben.getByText("My places · 2")).toBeVisible();
  await expect(ben.getByText("Miradouro da Graça")).toHaveCount(0);
  await ben.getByRole("button", { name: "Scheduled", exact: true }).click();
  await expect(ben.getByText("No places found")).toBeVisible();
  await ben.getByRole("button", { name: "Pending", exact: true }).click();
  await ben.getByRole("button", { name: "List view" }).click();
  await expect(ben.getByText("Stay: 2h").first()).toBeVisible();
  await shot(ben, testInfo, "places-list");

  // Ben edits his own place; he cannot edit Aiko's.
  await ben.getByRole("button", { name: "Edit Time Out Market" }).click();
  const dialog = ben.getByRole("dialog", { name: "Edit Place" });
  await dialog.getByLabel("Name").fill("");
  await expect(dialog.getByRole("button", { name: "Save" })).toBeDisabled();
  await dialog.getByLabel("Name").fill("Mercado da Ribeira");
  await dialog.getByLabel("Category").selectOption({ label: "Food" });
  await dialog.getByLabel("Stay Duration (hours)").fill("1.5");
  await shot(ben, testInfo, "edit-place");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(ben.getByText("Mercado da Ribeira")).toBeVisible();
  await expect(ben.getByText("Stay: 1.5h")).toBeVisible();
  await ben.getByRole("tab", { name: "Trip Places" }).click();
  await expect(ben.getByRole("button", { name: "Edit Miradouro da Graça" })).toHaveCount(0);
  await expect(
    ben.getByText("Only the member who added a place, or a trip admin, can change or delete it."),
  ).toBeVisible();

  // Delete with the spec's confirmation.
  await ben.getByRole("button", { name: "Delete Mercado da Ribeira" }).click();
  await expect(ben.getByText('Are you sure you want to delete "Mercado da Ribeira"?')).toBeVisible();
  await ben.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(ben.getByText("Mercado da Ribeira")).toHaveCount(0);
});

test("the 11th place on the free plan is refused up front, or after the form if the limit came meanwhile, keeping its values; the deadline binds members, not admins", async ({
  browser,
}, testInfo) => {
  const owner = await guestPage(browser, "Olu");
  const created = await createTripApi(owner.request, "Busy trip");
  const tripId = (await created.json()).trip.id;
  await owner.evaluate((id) => localStorage.setItem("currentTripId", id), tripId);
  const addSpot = async (i: number) => {
    const r = await owner.request.post(`/api/trips/${tripId}/places`, {
      data: { name: `Spot ${i}`, latitude: 38.7 + i / 100, longitude: -9.14 },
    });
    expect(r.status()).toBe(201);
  };
  for (let i = 0; i < 9; i++) await addSpot(i);
  // The form opened at 9 of 10; the 10th comes from another device while it is filled in.
  await addByPin(owner, "One too many");
  await expect(owner.getByText("9/10 places used")).toBeVisible();
  await addSpot(9);
  await owner.getByLabel("Notes").fill("Keep me");
  await owner.getByRole("button", { name: "Add", exact: true }).click();
  await expect(
    owner.getByText(
      "You have reached the limit of 10 places per trip on the free plan. Upgrade to Premium to add more.",
    ),
  ).toBeVisible();
  await expect(owner.getByLabel("Name of the place")).toHaveValue("One too many");
  await expect(owner.getByLabel("Notes")).toHaveValue("Keep me");
  await shot(owner, testInfo, "add-place-limit");
  // Opened at the limit, the screen says so before anything is typed, and offers Premium.
  await owner.goto("/add-place");
  await expect(owner.getByText("10/10 places used")).toBeVisible();
  await expect(
    owner.getByText(
      "You have reached the limit of 10 places per trip on the free plan. Upgrade to Premium to add more.",
    ),
  ).toBeVisible();
  await expect(owner.getByLabel("Name of the place")).toHaveCount(0);
  await owner.getByRole("main").getByRole("button", { name: "Upgrade to Premium" }).click();
  await expect(owner.getByRole("dialog")).toBeVisible();
  await shot(owner, testInfo, "add-place-at-limit");
  await owner.keyboard.press("Escape");

  // A member after the deadline is refused by the server; the admin is not.
  const code = (await (await owner.request.get(`/api/trips/${tripId}/invitation`)).json()).displayCode;
  const member = await guestPage(browser, "Mel");
  await member.request.post("/api/trips/join", { data: { code } });
  const soon = new Date(Date.now() + 2000).toISOString();
  expect(
    (await owner.request.patch(`/api/trips/${tripId}`, { data: { addPlaceDeadline: soon } })).status(),
  ).toBe(200);
  await member.waitForTimeout(2500);
  const refused = await member.request.post(`/api/trips/${tripId}/places`, {
    data: { name: "Late idea", latitude: 38.71, longitude: -9.13 },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error.message).toBe(
    "The add-place deadline has passed. Only trip admins can add places now.",
  );
  await member.evaluate((id) => localStorage.setItem("currentTripId", id), tripId);
  await member.goto("/my-trip/my-places");
  await expect(member.getByText(/Add place deadline expired:/)).toBeVisible();
  await expect(member.getByRole("link", { name: "Add Places" })).toHaveCount(0);
  await shot(member, testInfo, "places-deadline-expired");
  await owner.request.delete(
    `/api/trips/${tripId}/places/${(await (await owner.request.get(`/api/trips/${tripId}/places`)).json()).places[0].id}`,
  );
  const admin = await owner.request.post(`/api/trips/${tripId}/places`, {
    data: { name: "Admin idea", latitude: 38.72, longitude: -9.13 },
  });
  expect(admin.status()).toBe(201);
});
