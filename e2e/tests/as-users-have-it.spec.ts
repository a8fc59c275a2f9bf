import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { confirmationLink, serviceWorkerControls, shot, uniqueEmail } from "./helpers";
import { createKyotoTripApi, guestApi, guestPage, optimiseAndWait } from "./trip-helpers";

// Issue 25 items 1 and 2, as users have the app: the service worker installed (every navigation after
// the first goes through it) and the query cache kept on the device. A reload shows the server's
// truth, and the server's own pages (test checkout, e-mail links) are never answered with the app.

const PASSWORD = "trip planner 2026";

async function signUpWithPassword(page: Page, baseURL: string, prefix: string) {
  const email = uniqueEmail(prefix);
  await page.goto("/");
  const signUp = await page.request.post("/api/auth/sign-up/email", {
    data: { email, password: PASSWORD, name: prefix, callbackURL: "/auth/callback" },
    headers: { origin: baseURL },
  });
  expect(signUp.ok(), await signUp.text()).toBeTruthy();
  return email;
}

async function signIn(page: Page, email: string) {
  await page.getByRole("tab", { name: "Sign In" }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByRole("heading", { name: /Welcome to Tabi/ })).toBeVisible();
}

test("a returning user buys Premium through the test checkout @phone", async ({ page, baseURL }, info) => {
  test.setTimeout(150_000);
  const email = await signUpWithPassword(page, baseURL!, "returning");
  await serviceWorkerControls(page);
  // The confirmation link and the sign-in, through the worker.
  await page.goto(await confirmationLink(page.request, email));
  await signIn(page, email);
  // A second visit: the worker answers the navigation.
  await page.goto("/");
  expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

  await page.getByRole("button", { name: "UPGRADE NOW!" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Upgrade to Premium" }).click();
  await expect(page).toHaveURL(/\/billing\/test-checkout\//);
  await expect(page.getByRole("alert")).toContainText("Test checkout — no real payment");
  await expect(page.getByText("Page not found")).toHaveCount(0);
  await page.getByRole("button", { name: /^Pay .+ \(test\)$/ }).click();
  await expect(page).toHaveURL(/\/premium\/success\?session_id=cs_test_/);
  await expect(page.getByRole("heading", { name: "Welcome to Premium!" })).toBeVisible({ timeout: 20_000 });
  await shot(page, info, "sw-premium-success");
});

test("e-mail links open the server's pages through the worker: confirmation and unsubscribe", async ({
  page,
  baseURL,
}, info) => {
  const email = await signUpWithPassword(page, baseURL!, "linker");
  await serviceWorkerControls(page);
  // The confirmation link confirms the address (then the app asks to sign in).
  await page.goto(await confirmationLink(page.request, email));
  await expect(page.getByRole("tab", { name: "Sign In" })).toBeVisible();
  await signIn(page, email);

  // A member joins the owner's trip: the owner's e-mail carries a one-click unsubscribe link.
  const tripId = await createKyotoTripApi(page.request, "Links", 30);
  const code = (await (await page.request.get(`/api/trips/${tripId}/invitation`)).json()).displayCode;
  const ken = await guestApi(baseURL!, "Ken");
  expect((await ken.post("/api/trips/join", { data: { code } })).ok()).toBeTruthy();
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await (
        await page.request.get("/api/dev/mail", {
          headers: { "x-dev-mail-token": process.env.E2E_DEV_MAIL_TOKEN ?? "" },
        })
      ).json()) as { to: string; text: string }[];
      link = mails
        .filter((m) => m.to === email)
        .map((m) => m.text.match(/https?:\/\/\S+\/api\/notifications\/unsubscribe\S+/)?.[0])
        .find(Boolean);
      return link;
    })
    .toBeTruthy();
  expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await page.goto(link!);
  await expect(page.getByRole("heading", { name: "Unsubscribed" })).toBeVisible();
  await shot(page, info, "sw-unsubscribed");
  await ken.dispose();
});

/** A member's page on the trip's places list, with the trip chosen as the current one. */
async function openPlaces(page: Page, tripId: string) {
  await page.evaluate((id) => localStorage.setItem("currentTripId", id), tripId);
  await page.goto("/my-trip/my-places");
  await expect(
    page.getByRole("tab", { name: "Trip Places" }).or(page.getByText("Trip Places")).first(),
  ).toBeVisible();
}

/** Aiko (admin, in the browser) and Ben (a member, through the API) on one Kyoto trip. */
async function twoMembers(browser: Browser, baseURL: string) {
  const aiko = await guestPage(browser, "Aiko");
  await serviceWorkerControls(aiko);
  const tripId = await createKyotoTripApi(aiko.request, "Reloads", 20);
  const code = (await (await aiko.request.get(`/api/trips/${tripId}/invitation`)).json()).displayCode;
  const ben = await guestApi(baseURL, "Ben");
  expect((await ben.post("/api/trips/join", { data: { code } })).ok()).toBeTruthy();
  const add = async (api: typeof ben, name: string, lat: number, lng: number) => {
    const res = await api.post(`/api/trips/${tripId}/places`, {
      data: { name, latitude: lat, longitude: lng },
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()).place.id as string;
  };
  return { aiko, ben, tripId, add };
}

test("a reload shows the server's places, not the copy kept on the device @phone", async ({
  browser,
  baseURL,
}, info) => {
  test.setTimeout(150_000);
  const { aiko, ben, tripId, add } = await twoMembers(browser, baseURL!);
  await add(aiko.request, "Kinkaku-ji", 35.0394, 135.7292);
  const bensPlace = await add(ben, "Nishiki Market", 35.005, 135.7649);
  await openPlaces(aiko, tripId);
  await expect(aiko.getByText("Nishiki Market").first()).toBeVisible();

  // The page goes away (no live events reach it); Ben deletes his place through the API meanwhile.
  const context = aiko.context();
  await aiko.close();
  expect((await ben.delete(`/api/trips/${tripId}/places/${bensPlace}`)).ok()).toBeTruthy();
  // ... and the plan is made while nobody looks.
  await add(ben, "Fushimi Inari", 34.9671, 135.7727);
  await optimiseAndWait(ben, tripId);

  // Aiko comes back: the list is read again from the server.
  const again = await context.newPage();
  const asked = again.waitForRequest((r) => r.url().includes(`/api/trips/${tripId}/`));
  await again.goto("/my-trip/my-places");
  await asked;
  await expect(again.getByText("Fushimi Inari").first()).toBeVisible();
  await expect(again.getByText("Nishiki Market")).toHaveCount(0);
  // After the optimisation no place reads "Pending" (the filter's own "Pending" chip aside).
  await expect(again.locator("article").filter({ hasText: "Kinkaku-ji" }).first()).toBeVisible();
  await expect(again.locator("article").getByText("Pending", { exact: true })).toHaveCount(0);
  await shot(again, info, "sw-reload-places");

  // An admin deletes another member's place in the list and reloads at once: it stays deleted.
  await again.getByRole("button", { name: "List view" }).click();
  await again.getByRole("button", { name: "Delete Fushimi Inari" }).click();
  await again.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(again.getByText("Fushimi Inari")).toHaveCount(0);
  await again.reload();
  await expect(again.getByText("Kinkaku-ji").first()).toBeVisible();
  await expect(again.getByText("Fushimi Inari")).toHaveCount(0);
  await ben.dispose();
});

test("Add place counts what the server counts after a reload, and the deadline closes it on time", async ({
  browser,
  baseURL,
}, info) => {
  test.setTimeout(150_000);
  const { aiko, ben, tripId, add } = await twoMembers(browser, baseURL!);
  // Ken, a member, sees his usage on Add place; his page goes away and he adds more from another tab.
  const benPage = await guestPage(browser, "Ken");
  const code = (await (await aiko.request.get(`/api/trips/${tripId}/invitation`)).json()).displayCode;
  expect((await benPage.request.post("/api/trips/join", { data: { code } })).ok()).toBeTruthy();
  for (let i = 0; i < 3; i++) await add(benPage.request, `Shrine ${i + 1}`, 35 + i / 100, 135.75);
  await benPage.evaluate((id) => localStorage.setItem("currentTripId", id), tripId);
  await benPage.goto("/add-place");
  await expect(benPage.getByText("3/10 places used")).toBeVisible();
  const context = benPage.context();
  await benPage.close();
  for (let i = 3; i < 10; i++) {
    const other = await context.request.post(`/api/trips/${tripId}/places`, {
      data: { name: `Garden ${i + 1}`, latitude: 34.9 + i / 100, longitude: 135.7 },
    });
    expect(other.status()).toBe(201);
  }
  const again = await context.newPage();
  await again.goto("/add-place");
  await expect(again.getByText("10/10 places used")).toBeVisible();
  await shot(again, info, "sw-reload-add-place");

  // The admin sets the deadline a few seconds ahead; the open Places screen closes adding on time.
  const deadline = new Date(Date.now() + 6_000).toISOString();
  const set = await aiko.request.patch(`/api/trips/${tripId}`, { data: { addPlaceDeadline: deadline } });
  expect(set.ok(), await set.text()).toBeTruthy();
  await again.goto("/my-trip/my-places");
  await expect(again.getByRole("link", { name: /Add Places/ }).first()).toBeVisible();
  await expect(again.getByRole("link", { name: /Add Places/ })).toHaveCount(0, { timeout: 15_000 });
  await ben.dispose();
});
