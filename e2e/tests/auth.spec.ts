import { expect, test } from "./fixtures";
import { shot, signUpAndConfirm, uniqueEmail } from "./helpers";

test("sign up, confirm through the outbox, sign out, sign in @phone", async ({ page }, testInfo) => {
  const email = uniqueEmail("mika");
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Sign in to Tabi" })).toBeVisible();
  await expect(page.getByText("Plan amazing trips with friends")).toBeVisible();
  await shot(page, testInfo, "sign-in");

  await signUpAndConfirm(page, email);
  await expect(page.getByText("Plan your perfect journey")).toBeVisible();
  await expect(page.getByText("0/3 trips")).toBeVisible();
  await expect(page.getByText("No trips yet")).toBeVisible();
  await shot(page, testInfo, "home");

  await page.getByRole("button", { name: "Profile menu" }).click();
  await expect(page.getByRole("menu").getByText(email.split("@")[0]!, { exact: true })).toBeVisible();
  await expect(page.getByRole("menu").getByText(email)).toBeVisible();
  await shot(page, testInfo, "profile-menu");
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await expect(page.getByRole("heading", { name: "Sign in to Tabi" })).toBeVisible();
  expect(await page.evaluate(() => localStorage.length)).toBe(0);

  await page.getByRole("tab", { name: "Sign In" }).click();
  await expect(page.getByLabel("Confirm password")).toHaveCount(0);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("trip planner 2026");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Welcome to Tabi" })).toBeVisible();
});

test("sign-up and sign-in errors show the spec's messages", async ({ page }, testInfo) => {
  await page.goto("/");
  await page.getByLabel("Email").fill(uniqueEmail("typo"));
  await page.getByLabel("Password", { exact: true }).fill("trip planner 2026");
  await page.getByLabel("Confirm password").fill("trip planner 2027");
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByText("Passwords do not match")).toBeVisible();
  // What was typed is kept.
  await expect(page.getByLabel("Password", { exact: true })).toHaveValue("trip planner 2026");
  await shot(page, testInfo, "sign-up-error");

  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await expect(
    page.getByText("Google sign-in is not yet configured. Please use email sign-in instead."),
  ).toBeVisible();

  await page.getByRole("tab", { name: "Sign In" }).click();
  await page.getByLabel("Email").fill("nobody@example.com");
  await page.getByLabel("Password", { exact: true }).fill("not the password");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
});

test("signed out, every path shows sign-in except /shared/, /auth/ and /premium/", async ({
  page,
}, testInfo) => {
  for (const path of ["/my-trip", "/my-trip/chat", "/profile", "/add-place", "/trip/123", "/nowhere"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: "Sign in to Tabi" })).toBeVisible();
  }
  await page.goto("/shared/not-a-token");
  await expect(page.getByRole("heading", { name: "Trip Not Found" })).toBeVisible();
  await shot(page, testInfo, "shared-not-found");
  await page.goto("/premium/cancel");
  await expect(page.getByRole("heading", { name: "Payment Cancelled" })).toBeVisible();
  await expect(
    page.getByText("Your payment was cancelled. No charges were made to your account."),
  ).toBeVisible();
  await shot(page, testInfo, "premium-cancel");
});
