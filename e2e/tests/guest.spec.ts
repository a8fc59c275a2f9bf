import { expect, test } from "./fixtures";
import { confirmationLink, shot, uniqueEmail } from "./helpers";

test("a guest starts with a name and can later attach an e-mail @phone", async ({ page }, testInfo) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Continue as a guest" }).click();
  const dialog = page.getByRole("dialog", { name: "What should we call you?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Get Started" })).toBeDisabled();
  await dialog.getByLabel("Your name").fill("   ");
  await expect(dialog.getByRole("button", { name: "Get Started" })).toBeDisabled();
  await shot(page, testInfo, "welcome-card");
  await dialog.getByRole("button", { name: "Skip for now" }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole("button", { name: "Continue as a guest" }).click();
  await page.getByLabel("Your name").fill("Aiko");
  await page.getByLabel("Your name").press("Enter");
  await expect(page.getByRole("heading", { name: "Welcome to Tabi" })).toBeVisible();

  await page.getByRole("button", { name: "Profile menu" }).click();
  const menu = page.getByRole("menu");
  await expect(menu.getByText("Aiko", { exact: true })).toBeVisible();
  await expect(menu.getByText("Guest Account")).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "Sign Out" })).toHaveCount(0);
  await menu.getByRole("menuitem", { name: "Profile Settings" }).click();

  await expect(page.getByRole("heading", { name: "Profile", exact: true })).toBeVisible();
  await expect(page.getByText("Guest Account")).toBeVisible();
  await shot(page, testInfo, "profile-guest");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();

  const email = uniqueEmail("aiko");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("guest no more");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Registered User")).toBeVisible();
  await expect(page.getByText(`We sent a confirmation link to ${email}`)).toBeVisible();
  await shot(page, testInfo, "profile-registered");

  await page.goto(await confirmationLink(page.request, email));
  await page.getByRole("button", { name: "Profile menu" }).click();
  await expect(page.getByRole("menu").getByText("Aiko", { exact: true })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Sign Out" })).toBeVisible();
});
