import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { confirmationLink, shot, uniqueEmail } from "./helpers";
import { createTripApi } from "./trip-helpers";

// Issue 16: Premium through the built-in test checkout (embedded mode, no Stripe keys). A free user at
// the trip limit presses Upgrade, pays on the test checkout, lands on 'Welcome to Premium!', sees the
// Premium badge at home and creates a 4th trip; leaving the test checkout with Cancel shows
// 'Payment Cancelled' and changes nothing. Guests cannot buy, so both tests use registered accounts.

const PASSWORD = "trip planner 2026";
const FEATURES = [
  "Unlimited trip creation",
  "Advanced sharing features",
  "Password protection",
  "Access analytics",
  "Priority support",
];

/** Signs up through the API (confirmed by the outbox link) and signs in through the UI. */
async function registered(page: Page, baseURL: string, prefix: string) {
  const email = uniqueEmail(prefix);
  await page.goto("/");
  const signUp = await page.request.post("/api/auth/sign-up/email", {
    data: { email, password: PASSWORD, name: prefix, callbackURL: "/auth/callback" },
    headers: { origin: baseURL },
  });
  expect(signUp.ok(), await signUp.text()).toBeTruthy();
  await page.goto(await confirmationLink(page.request, email));
  await page.getByRole("tab", { name: "Sign In" }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByRole("heading", { name: /Welcome to Tabi/ })).toBeVisible();
  return email;
}

test("a free user at the trip limit upgrades on the test checkout and creates a 4th trip @phone", async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(150_000);
  const email = await registered(page, baseURL!, "buyer");
  for (const name of ["Trip 1", "Trip 2", "Trip 3"]) {
    expect((await createTripApi(page.request, name)).status()).toBe(201);
  }
  // The 4th trip is refused on the free plan.
  expect((await createTripApi(page.request, "One too many")).ok()).toBeFalsy();

  await page.reload();
  const welcome = page.getByRole("heading", { name: /Welcome to Tabi/ });
  await expect(welcome).toBeVisible();
  await expect(page.getByText("3/3 trips")).toBeVisible();
  await expect(welcome.getByText("Premium", { exact: true })).toHaveCount(0);

  // At the limit, Create Trip opens the upgrade dialog.
  await page
    .getByRole("button", { name: /Create Trip/ })
    .first()
    .click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Upgrade to Premium" }).click();

  // The built-in test checkout, marked as a test.
  await expect(page).toHaveURL(/\/billing\/test-checkout\//);
  await expect(page.getByRole("alert")).toContainText("Test checkout — no real payment");
  await expect(
    page.getByText("This is the built-in test checkout. No card is needed and nothing is charged."),
  ).toBeVisible();
  await expect(page.getByText(`For ${email}`)).toBeVisible();
  await shot(page, testInfo, "premium-test-checkout");
  await page.getByRole("button", { name: /^Pay .+ \(test\)$/ }).click();

  // Back in the app: the success page confirms once the webhook has made the account Premium.
  await expect(page).toHaveURL(/\/premium\/success\?session_id=cs_test_/);
  await expect(page.getByRole("heading", { name: "Welcome to Premium!" })).toBeVisible({ timeout: 20_000 });
  for (const feature of FEATURES) await expect(page.getByText(feature, { exact: true })).toBeVisible();
  await shot(page, testInfo, "premium-success");

  await page.getByRole("link", { name: "Go to Home" }).click();
  await expect(welcome).toBeVisible();
  await expect(welcome.getByText("Premium", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "UPGRADE NOW!" })).toHaveCount(0);
  await expect(page.getByText("3 trips", { exact: true })).toBeVisible();

  // Create Trip now opens the create dialog, not the upgrade one.
  await page.getByRole("button", { name: "Create Trip", exact: true }).first().click();
  await expect(page.getByRole("dialog", { name: "Create Trip" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Upgrade to Premium" })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // A 4th trip is created.
  expect((await createTripApi(page.request, "Trip 4")).status()).toBe(201);
  await page.reload();
  await expect(page.getByText("4 trips", { exact: true })).toBeVisible();
  await expect(page.getByText("Trip 4").first()).toBeVisible();
  await shot(page, testInfo, "premium-home");
});

test("cancelling on the test checkout returns to 'Payment Cancelled' and leaves the plan free @phone", async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  await registered(page, baseURL!, "canceller");
  await page.getByRole("button", { name: "UPGRADE NOW!" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Upgrade to Premium" }).click();
  await expect(page).toHaveURL(/\/billing\/test-checkout\//);
  await expect(page.getByRole("alert")).toContainText("Test checkout — no real payment");

  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/premium\/cancel/);
  await expect(page.getByRole("heading", { name: "Payment Cancelled" })).toBeVisible();
  await expect(
    page.getByText("Your payment was cancelled. No charges were made to your account."),
  ).toBeVisible();
  await shot(page, testInfo, "premium-cancelled");

  await page.getByRole("button", { name: "Back to Home" }).click();
  const welcome = page.getByRole("heading", { name: /Welcome to Tabi/ });
  await expect(welcome).toBeVisible();
  await expect(welcome.getByText("Premium", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "UPGRADE NOW!" })).toBeVisible();
});
