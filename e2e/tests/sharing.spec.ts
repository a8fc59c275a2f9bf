import { readFileSync } from "node:fs";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { confirmationLink, shot, uniqueEmail } from "./helpers";
import { createKyotoTripApi, guestPage, optimiseAndWait } from "./trip-helpers";

// Issue 15: a trip shown outside the group. The owner makes links on the Share screen; a signed-out
// visitor reads a view link (places, plan, export), signs up through a collaborate link and lands in
// the trip as a member; a password link refuses a wrong password; revoked and expired links are gone;
// the analytics count the opens; a protected link's page says nothing of the trip in its HTML.

const PHONE = { width: 390, height: 844 };
const PLACES = [
  { name: "Kinkaku-ji", latitude: 35.0394, longitude: 135.7292, category: "temple", notes: "Golden at 9 am" },
  { name: "Fushimi Inari Taisha", latitude: 34.9671, longitude: 135.7727, category: "shrine", notes: null },
  { name: "Nishiki Market", latitude: 35.005, longitude: 135.7649, category: "shopping", notes: null },
];

async function tripWithPlan(owner: Page, name: string) {
  const tripId = await createKyotoTripApi(owner.request, name, 30);
  for (const p of PLACES) {
    const res = await owner.request.post(`/api/trips/${tripId}/places`, { data: { ...p, wishLevel: 8 } });
    expect(res.status(), await res.text()).toBe(201);
  }
  await optimiseAndWait(owner.request, tripId);
  await owner.evaluate((id) => localStorage.setItem("currentTripId", id), tripId);
  return tripId;
}

/** The link the Share screen shows for a type (reused or made when the screen opens). */
async function linkOnShareScreen(page: Page, type: "View Only" | "Collaborative") {
  await page.goto("/my-trip/share");
  await page
    .getByRole("radio", { name: type })
    .or(page.getByRole("tab", { name: type }))
    .click();
  const address = page.getByLabel("Share link address");
  await expect(address).toHaveValue(/\/shared\/[A-Za-z0-9_-]{43}$/);
  return new URL(await address.inputValue()).pathname;
}

async function signedOut(browser: Browser, viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ viewport });
  return context.newPage();
}

async function makePremium(request: APIRequestContext, email: string) {
  const res = await request.post("/api/dev/premium", {
    data: { email },
    headers: { "x-dev-mail-token": process.env.E2E_DEV_MAIL_TOKEN ?? "" },
  });
  expect(res.status()).toBe(204);
}

const viewportOf = (project: string) => (project === "phone" ? PHONE : { width: 1280, height: 800 });

test("a view link shows a signed-out visitor the trip, its places and plan, and exports it @phone", async ({
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const viewport = viewportOf(testInfo.project.name);
  const owner = await guestPage(browser, "Aiko", viewport);
  await tripWithPlan(owner, "Kyoto in autumn");
  const path = await linkOnShareScreen(owner, "View Only");
  await shot(owner, testInfo, "share-screen");

  const visitor = await signedOut(browser, viewport);
  await visitor.goto(path);
  await expect(visitor.getByRole("heading", { name: "Kyoto in autumn" })).toBeVisible();
  await expect(visitor.getByText("View Only")).toBeVisible();
  await expect(visitor.getByText(/^Shared on /)).toBeVisible();
  await expect(visitor.getByRole("heading", { name: "Places to Visit" })).toBeVisible();
  for (const p of PLACES) await expect(visitor.getByText(p.name).first()).toBeVisible();
  await expect(visitor.getByText("Golden at 9 am")).toBeVisible();
  await expect(visitor.getByRole("heading", { name: "Day-by-Day Plan" })).toBeVisible();
  await expect(visitor.getByRole("link", { name: "Create Your Own Trip" })).toBeVisible();
  // Nothing of the members leaves with the page.
  await expect(visitor.getByText("Aiko")).toHaveCount(0);
  await shot(visitor, testInfo, "shared-view");
  await visitor.emulateMedia({ colorScheme: "dark" });
  await visitor.evaluate(() => document.documentElement.classList.add("dark"));
  await shot(visitor, testInfo, "shared-view");

  const [download] = await Promise.all([
    visitor.waitForEvent("download"),
    visitor
      .getByRole("button", { name: "Export Data" })
      .or(visitor.getByRole("link", { name: "Export Data" }))
      .click(),
  ]);
  expect(download.suggestedFilename()).toBe("kyoto-in-autumn.json");
  const file = JSON.parse(readFileSync(await download.path(), "utf8"));
  expect(Object.keys(file).sort()).toEqual(["exportedAt", "exportedFrom", "trip"]);
  expect(file.trip.name).toBe("Kyoto in autumn");
  expect(file.trip.places.map((p: { name: string }) => p.name).sort()).toEqual(
    PLACES.map((p) => p.name).sort(),
  );
  expect(file.trip.days.length).toBeGreaterThan(0);
  expect(new Date(file.exportedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
  expect(file.exportedFrom).toContain(path);

  // The printable itinerary: days, places and a small map per day, without the app's chrome.
  await visitor.goto(`${path}/print`);
  await expect(visitor.getByRole("heading", { name: "Kyoto in autumn" })).toBeVisible();
  await expect(visitor.getByRole("img", { name: /Map of day 1/ })).toBeVisible();
  await expect(visitor.getByRole("navigation")).toHaveCount(0);
  await visitor.evaluate(() => document.documentElement.classList.remove("dark"));
  await visitor.emulateMedia({ colorScheme: "light" });
  await shot(visitor, testInfo, "shared-print");
  // As the printer lays it out (paper is wider than a phone, so only the desktop run shows it).
  if (testInfo.project.name === "desktop") {
    await visitor.emulateMedia({ colorScheme: "light", media: "print" });
    await shot(visitor, testInfo, "shared-print-media");
  }
});

test("a collaborate link: a signed-out visitor signs up in the join dialog, confirms and lands in the trip @phone", async ({
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const viewport = viewportOf(testInfo.project.name);
  const owner = await guestPage(browser, "Aiko", viewport);
  const tripId = await tripWithPlan(owner, "Kyoto with friends");
  const path = await linkOnShareScreen(owner, "Collaborative");

  const visitor = await signedOut(browser, viewport);
  await visitor.goto(path);
  const dialog = visitor.getByRole("dialog", { name: 'Join "Kyoto with friends"' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Sign up to collaborate on this trip with 3 amazing places!")).toBeVisible();
  await shot(visitor, testInfo, "shared-join-dialog");

  const email = uniqueEmail("joiner");
  const password = "cherry blossom 2026";
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill(password);
  await dialog.getByLabel("Confirm password").fill("something else");
  await dialog.getByRole("button", { name: "Sign Up and Join" }).click();
  await expect(dialog.getByText("Passwords do not match")).toBeVisible();
  await dialog.getByLabel("Confirm password").fill(password);
  await dialog.getByRole("button", { name: "Sign Up and Join" }).click();
  await expect(
    visitor.getByText("Please check your email and click the confirmation link to complete sign up."),
  ).toBeVisible();

  // The link in the e-mail confirms the address and leads back to the trip's page, where signing in
  // finishes the join.
  await visitor.goto(await confirmationLink(visitor.request, email));
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill(password);
  await dialog.getByRole("button", { name: "Sign In and Join" }).click();
  await expect(visitor).toHaveURL(new RegExp(`/trip/${tripId}$`), { timeout: 20_000 });
  await expect(visitor.getByText("Kyoto with friends").first()).toBeVisible();
  await shot(visitor, testInfo, "shared-joined");

  const trip = (await (await visitor.request.get(`/api/trips/${tripId}`)).json()).trip;
  expect(trip.my).toMatchObject({
    role: "member",
    canAddPlaces: true,
    canEditPlaces: false,
    canOptimize: true,
    canInviteMembers: false,
  });
  expect(trip.my.colorIndex).toBeGreaterThan(0);
  expect(await visitor.evaluate(() => localStorage.getItem("pendingShareToken"))).toBeNull();
});

test("a password link refuses a wrong password and opens with the right one; revoked and expired links are gone; opens are counted @phone", async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const viewport = viewportOf(testInfo.project.name);
  // A Premium owner (the spec's local upgrade through the dev outbox token).
  const ownerContext = await browser.newContext({ viewport });
  const owner = await ownerContext.newPage();
  const email = uniqueEmail("premium-owner");
  await owner.goto("/");
  const signUp = await owner.request.post("/api/auth/sign-up/email", {
    data: { email, password: "premium planner 2026", name: "Hana", callbackURL: "/auth/callback" },
    headers: { origin: baseURL! },
  });
  expect(signUp.ok()).toBeTruthy();
  await owner.goto(await confirmationLink(owner.request, email));
  await owner.getByRole("tab", { name: "Sign In" }).click();
  await owner.getByLabel("Email").fill(email);
  await owner.getByLabel("Password", { exact: true }).fill("premium planner 2026");
  await owner.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(owner.getByRole("heading", { name: /Welcome to Tabi/ })).toBeVisible();
  await makePremium(owner.request, email);
  await tripWithPlan(owner, "Secret Sapporo");

  // Password on the view link, from the link settings.
  const path = await linkOnShareScreen(owner, "View Only");
  await owner.getByRole("button", { name: "Link settings" }).click();
  const settings = owner.getByRole("dialog", { name: "Link settings" });
  await settings.getByRole("checkbox", { name: /Password protection/ }).check();
  await settings.getByLabel("Password", { exact: true }).fill("snow festival");
  await settings.getByRole("button", { name: "Save" }).click();
  await expect(owner.getByText("Password protected")).toBeVisible();

  const visitor = await signedOut(browser, viewport);
  // The page's HTML, as a messenger's link preview fetches it, says nothing of the trip.
  const html = await (await visitor.request.get(path)).text();
  expect(html).not.toContain("Sapporo");
  expect(html).toContain("Shared trip");
  await visitor.goto(path);
  await expect(visitor.getByRole("heading", { name: "Password Required" })).toBeVisible();
  await expect(visitor.getByText("This shared trip is password protected.")).toBeVisible();
  await expect(visitor.getByText("Secret Sapporo")).toHaveCount(0);
  await visitor.getByLabel("Password").fill("wrong guess");
  await visitor.getByRole("button", { name: "Access Trip" }).click();
  await expect(visitor.getByText("Incorrect password. Please try again.")).toBeVisible();
  await shot(visitor, testInfo, "shared-password");
  await visitor.getByLabel("Password").fill("snow festival");
  await visitor.getByRole("button", { name: "Access Trip" }).click();
  await expect(visitor.getByRole("heading", { name: "Secret Sapporo" })).toBeVisible();

  // Analytics: the visitor's open is counted on the owner's Share screen.
  await owner.reload();
  await expect(owner.locator("div").filter({ hasText: /^Opens1$/ })).toBeVisible();
  await expect(owner.locator("div").filter({ hasText: /^Unique visitors1$/ })).toBeVisible();
  await expect(owner.getByRole("button", { name: "Upgrade to Premium" })).toHaveCount(0);
  await shot(owner, testInfo, "share-screen-premium");

  // Revoked: the same URL is gone.
  await owner.getByRole("button", { name: "Revoke", exact: true }).click();
  await owner.getByRole("button", { name: "Revoke link" }).click();
  await expect(
    owner.getByText("This link no longer opens the trip. Create a new one to share it again."),
  ).toBeVisible();
  await visitor.goto(path);
  await expect(visitor.getByRole("heading", { name: "Trip Not Found" })).toBeVisible();
  await shot(visitor, testInfo, "shared-not-found");

  // Expired: a link whose time is up answers the same.
  const tripId = await owner.evaluate(() => localStorage.getItem("currentTripId"));
  const soon = await owner.request.post(`/api/trips/${tripId}/shares`, {
    data: { shareType: "external_view", expiresAt: new Date(Date.now() + 2000).toISOString() },
    headers: { origin: baseURL! },
  });
  expect(soon.status()).toBe(201);
  const expiring = `/shared/${(await soon.json()).token}`;
  await visitor.waitForTimeout(2500);
  await visitor.goto(expiring);
  await expect(visitor.getByRole("heading", { name: "Trip Not Found" })).toBeVisible();
});
