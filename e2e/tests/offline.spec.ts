import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { shot, signUpAndConfirm, uniqueEmail } from "./helpers";
import { createTripApi, guestPage, interactiveMap, isoInDays, optimiseAndWait } from "./trip-helpers";

// Issue 13 item 4: a trip opened once opens without a network (the app from the service worker, the
// data from the query cache kept in IndexedDB, the map tiles seen from the worker's tile cache); a wish changed offline waits in the outbox, survives a
// reload, and reaches the other member's browser when the network is back.

/** A map tile: one transparent pixel (the real tile host is out of reach here). */
const TILE = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

const PLACES = [
  { name: "Belém Tower", latitude: 38.6916, longitude: -9.216 },
  { name: "Time Out Market", latitude: 38.7069, longitude: -9.1459 },
  { name: "Miradouro da Graça", latitude: 38.7163, longitude: -9.131 },
];

/** Whether this browser has kept the trip's places for offline use (lib/offline/persist.ts). */
function keptForOffline(page: Page, tripId: string | null) {
  return page.evaluate(async (id) => {
    const db = await new Promise<IDBDatabase>((done, fail) => {
      const open = indexedDB.open("tabi-offline");
      open.onsuccess = () => done(open.result);
      open.onerror = () => fail(open.error);
    });
    if (!db.objectStoreNames.contains("keyval")) return false;
    const values = await new Promise<unknown[]>((done) => {
      const all = db.transaction("keyval").objectStore("keyval").getAll();
      all.onsuccess = () => done(all.result);
    });
    db.close();
    // With no trip named: whether anything at all is kept.
    return id
      ? values.some((v) => JSON.stringify(v).includes(`["trips","places","${id}"]`))
      : values.length > 0;
  }, tripId);
}

/** The service worker has precached the app and controls the page. */
async function appCachedForOffline(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

test("a trip opened once opens offline, and a wish changed offline reaches the other member @phone", async ({
  browser,
}, info) => {
  const viewport = info.project.name === "phone" ? { width: 375, height: 812 } : undefined;
  const aiko = await guestPage(browser, "Aiko", viewport);
  const ben = await guestPage(browser, "Ben", viewport);
  const trip = (await (await createTripApi(aiko.request, "Offline in Lisbon")).json()).trip;
  const code = (await (await aiko.request.get(`/api/trips/${trip.id}/invitation`)).json()).displayCode;
  expect((await ben.request.post("/api/trips/join", { data: { code } })).ok()).toBeTruthy();
  for (const place of PLACES)
    expect((await ben.request.post(`/api/trips/${trip.id}/places`, { data: place })).status()).toBe(201);
  await optimiseAndWait(aiko.request, trip.id);
  await aiko.context().route("https://tile.openstreetmap.org/**", (route) =>
    route.fulfill({
      body: TILE,
      contentType: "image/png",
      headers: { "access-control-allow-origin": "*" },
    }),
  );

  // Aiko opens the trip once (the app's service worker is installed by then): its map, its calendar,
  // its places. The map tiles it shows are kept.
  await aiko.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await aiko.goto(`/trip/${trip.id}`);
  await expect(aiko.getByRole("heading", { name: "Offline in Lisbon" })).toBeVisible();
  await interactiveMap(aiko);
  await expect(aiko.locator(".tabi-marker").first()).toBeVisible();
  await expect
    .poll(() => aiko.evaluate(() => caches.open("tabi-map-tiles").then(async (c) => (await c.keys()).length)))
    .toBeGreaterThan(0);
  await aiko.getByRole("tab", { name: "Calendar" }).click();
  await expect(aiko.getByRole("region", { name: "Day 1" })).toBeVisible();
  await aiko.goto("/my-trip/my-places");
  await expect(aiko.getByText("Belém Tower").first()).toBeVisible();
  // The trip's money, opened once online, is kept too (it once spun forever offline).
  await aiko.goto("/my-trip/money");
  await expect(aiko.getByRole("heading", { name: "No expenses yet" })).toBeVisible();
  await appCachedForOffline(aiko);
  await expect.poll(() => keptForOffline(aiko, trip.id)).toBe(true);

  // Ben has the trip open on Belém Tower's details: who wants it.
  await ben.goto(`/trip/${trip.id}`);
  await ben.getByRole("tab", { name: "Calendar" }).click();
  await ben
    .getByRole("button", { name: /Belém Tower/ })
    .first()
    .click();
  // The popup's "Added by" line (its "Who's going" part names every member who goes).
  const stop = ben
    .getByRole("dialog", { name: "Belém Tower" })
    .locator("dl > div")
    .filter({ has: ben.getByText("Added by", { exact: true }) })
    .locator("dd");
  await expect(stop.getByText("Ben")).toBeVisible();
  await expect(stop.getByText(/Aiko/)).toHaveCount(0);

  // The network is cut: the trip still opens, with its map, calendar and places, and says it is offline.
  await aiko.context().setOffline(true);
  await aiko.goto(`/trip/${trip.id}`);
  const banner = aiko.getByRole("status").filter({ hasText: "You are offline" });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText("Last synced");
  await expect(aiko.getByRole("heading", { name: "Offline in Lisbon" })).toBeVisible();
  await interactiveMap(aiko);
  await expect(aiko.locator(".tabi-marker").first()).toBeVisible();
  await shot(aiko, info, "offline-trip-map");
  await aiko.getByRole("tab", { name: "Calendar" }).click();
  await expect(aiko.getByRole("region", { name: "Day 1" })).toBeVisible();
  await expect(aiko.getByRole("region", { name: "Day 1" }).getByRole("button").first()).toBeVisible();
  await shot(aiko, info, "offline-trip-calendar");

  // Money opens from what was kept; polls, never opened here, say they load once back online.
  await aiko.goto("/my-trip/money");
  await expect(aiko.getByRole("heading", { name: "No expenses yet" })).toBeVisible();
  await aiko.goto("/my-trip/polls");
  await expect(aiko.getByRole("heading", { name: "Not saved on this device" })).toBeVisible();
  await shot(aiko, info, "offline-not-saved");

  // Offline, Aiko wants Belém Tower too: it shows at once and waits to be sent, even across a reload.
  await aiko.goto("/my-trip/my-places");
  await aiko.getByRole("button", { name: "List view" }).click();
  const aikoRow = aiko.getByRole("listitem").filter({ hasText: "Belém Tower" });
  await aikoRow.getByRole("button", { name: "I want this too" }).click();
  await expect(aikoRow.getByRole("button", { name: "I want this too" })).toHaveCount(0);
  await expect(aikoRow.getByText(/Aiko/)).toBeVisible();
  await expect(banner).toContainText("1 change waiting to be sent");
  await shot(aiko, info, "offline-wish-waiting");
  await aiko.reload();
  await aiko.getByRole("button", { name: "List view" }).click();
  await expect(aikoRow.getByText(/Aiko/)).toBeVisible();
  await expect(banner).toContainText("1 change waiting to be sent");
  // Meanwhile nothing reached the server.
  await expect(stop.getByText(/Aiko/)).toHaveCount(0);

  // The network is back: the wish is sent, the banner goes, and Ben sees it without reloading.
  await aiko.context().setOffline(false);
  await expect(aiko.getByRole("status").filter({ hasText: /offline|waiting to be sent/ })).toHaveCount(0, {
    timeout: 15_000,
  });
  await expect(stop.getByText(/Aiko/)).toBeVisible({ timeout: 15_000 });
  await shot(ben, info, "offline-wish-arrived");
  const places = (await (await ben.request.get(`/api/trips/${trip.id}/places`)).json()).places as {
    name: string;
    wishes: { name: string }[];
  }[];
  expect(
    places
      .find((p) => p.name === "Belém Tower")
      ?.wishes.map((w) => w.name)
      .sort(),
  ).toEqual(["Aiko", "Ben"]);
});

test("a calendar edit made offline is sent when the network is back; one that no longer fits is refused, clearly", async ({
  browser,
}, info) => {
  const aiko = await guestPage(browser, "Aiko");
  const ben = await guestPage(browser, "Ben");
  // One day, so all six places share it whatever the pace (the edits below move visits within day 1).
  const trip = (
    await (await createTripApi(aiko.request, "Calendar offline", { endDate: isoInDays(20) })).json()
  ).trip;
  const code = (await (await aiko.request.get(`/api/trips/${trip.id}/invitation`)).json()).displayCode;
  expect((await ben.request.post("/api/trips/join", { data: { code } })).ok()).toBeTruthy();
  for (const [i, name] of ["Alfama", "Baixa", "Chiado", "Docas", "Estrela", "Feira da Ladra"].entries())
    await aiko.request.post(`/api/trips/${trip.id}/places`, {
      data: { name, latitude: 38.7 + i / 200, longitude: -9.14 },
    });
  await optimiseAndWait(aiko.request, trip.id);
  const serverDay1 = async () =>
    (
      (await (await ben.request.get(`/api/trips/${trip.id}/optimizations/active`)).json()).result.days[0]
        .visits as { name: string }[]
    ).map((v) => v.name);

  await aiko.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await aiko.goto(`/trip/${trip.id}`);
  await aiko.getByRole("tab", { name: "Calendar" }).click();
  const day1 = aiko.getByRole("region", { name: "Day 1" });
  const nameAt = (i: number) => day1.locator("[data-visit]").nth(i).locator("span").first();
  await expect(nameAt(0)).toBeVisible();
  await expect.poll(() => keptForOffline(aiko, trip.id)).toBe(true);

  // Offline: the first visit of day 1 goes one later; it shows, and stays after a reload.
  await aiko.context().setOffline(true);
  await aiko.reload();
  await aiko.getByRole("tab", { name: "Calendar" }).click();
  const first = (await nameAt(0).textContent())!;
  await day1.locator("[data-visit]").first().click();
  await aiko.getByRole("button", { name: "Later" }).click();
  await expect(nameAt(1)).toHaveText(first);
  const banner = aiko.getByRole("status").filter({ hasText: "You are offline" });
  await expect(banner).toContainText("1 change waiting to be sent");
  await aiko.reload();
  await aiko.getByRole("tab", { name: "Calendar" }).click();
  await expect(nameAt(1)).toHaveText(first);
  expect((await serverDay1())[0]).toBe(first);

  // Back online: the server has it.
  await aiko.context().setOffline(false);
  await expect(aiko.getByRole("status").filter({ hasText: /waiting to be sent/ })).toHaveCount(0, {
    timeout: 15_000,
  });
  await expect.poll(async () => (await serverDay1())[1]).toBe(first);

  // Offline again, Aiko moves the first visit later, while Ben moves that same visit himself: Aiko's
  // edit no longer fits, is not applied, and she is told so; her plan shows the server's.
  await aiko.context().setOffline(true);
  const moved = (await nameAt(0).textContent())!;
  await day1.locator("[data-visit]").first().click();
  await aiko.getByRole("button", { name: "Later" }).click();
  await expect(banner).toContainText("1 change waiting to be sent");
  expect(
    (
      await ben.request.post(`/api/trips/${trip.id}/itinerary/edits`, {
        data: { type: "reorder", day: 1, from: 0, to: 2 },
      })
    ).ok(),
  ).toBeTruthy();
  const afterBen = await serverDay1();
  await aiko.context().setOffline(false);
  const refusal = aiko.locator("[data-sonner-toast]").filter({ hasText: "could not be saved" });
  await expect(refusal).toContainText(`Your change to the plan (${moved}) could not be saved`, {
    timeout: 15_000,
  });
  await expect(refusal).toContainText("Someone changed the plan while you were offline");
  await shot(aiko, info, "offline-edit-refused");
  expect(await serverDay1()).toEqual(afterBen);
  await expect(nameAt(afterBen.indexOf(moved))).toHaveText(moved);
});

test("signing out leaves nothing of the account in the browser", async ({ page }) => {
  await signUpAndConfirm(page, uniqueEmail("rin"));
  const trip = (await (await createTripApi(page.request, "Kept until signing out")).json()).trip;
  await page.goto(`/trip/${trip.id}`);
  await expect(page.getByRole("heading", { name: "Kept until signing out" })).toBeVisible();
  await expect.poll(() => keptForOffline(page, trip.id)).toBe(true);
  await page.getByRole("button", { name: "Profile menu" }).click();
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await expect(page.getByRole("heading", { name: "Sign in to Tabi" })).toBeVisible();
  await expect.poll(() => keptForOffline(page, null)).toBe(false);
  expect(await page.evaluate(() => localStorage.length)).toBe(0);
});
