import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { shot, signUpAndConfirm, uniqueEmail } from "./helpers";

async function openLogoMenuItem(page: Page, name: string) {
  await page.getByRole("button", { name: "Tabi menu" }).click();
  await page.getByRole("menuitem", { name }).click();
}

test("theme toggle switches dark mode and is remembered @phone", async ({ page }, testInfo) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/");
  const html = page.locator("html");
  await expect(html).not.toHaveClass(/dark/);
  await page.getByRole("button", { name: "Switch to dark mode" }).click();
  await expect(html).toHaveClass(/dark/);
  await shot(page, testInfo, "sign-in");
  await page.reload();
  await expect(html).toHaveClass(/dark/);
  await page.getByRole("button", { name: "Switch to light mode" }).click();
  await expect(html).not.toHaveClass(/dark/);
});

test("every menu, dialog and screen of the shell @phone", async ({ page }, testInfo) => {
  await signUpAndConfirm(page, uniqueEmail("shell"));
  for (const dark of [false, true]) {
    await page.evaluate((d) => localStorage.setItem("theme", d ? "dark" : "light"), dark);
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Welcome to Tabi" })).toBeVisible();
    await shot(page, testInfo, "home");

    await page.getByRole("button", { name: "Tabi menu" }).click();
    for (const section of ["Company", "Support", "Legal"])
      await expect(page.getByText(section, { exact: true })).toBeVisible();
    await expect(page.getByText("Made with love")).toBeVisible();
    await shot(page, testInfo, "logo-menu");
    await page.keyboard.press("Escape");

    await openLogoMenuItem(page, "About Us");
    let dialog = page.getByRole("dialog", { name: "About Us" });
    for (const h of ["Fair group planning", "Smart optimisation", "Real-time collaboration"])
      await expect(dialog.getByRole("heading", { name: h })).toBeVisible();
    await shot(page, testInfo, "about");
    await page.keyboard.press("Escape");

    await openLogoMenuItem(page, "Help Center");
    dialog = page.getByRole("dialog", { name: "Help Center" });
    await expect(dialog.locator("details")).toHaveCount(16);
    await dialog.getByText("How do I invite friends?").click();
    await expect(dialog.getByText("8-character trip code")).toBeVisible();
    await expect(dialog.getByRole("link", { name: "support@tabi.app" })).toBeVisible();
    await shot(page, testInfo, "help");
    await page.keyboard.press("Escape");

    await openLogoMenuItem(page, "Terms of Service");
    dialog = page.getByRole("dialog", { name: "Terms of Service" });
    await expect(dialog.getByRole("heading", { level: 3 })).toHaveCount(6);
    await expect(dialog.getByText("Last updated: January 2024")).toBeVisible();
    await shot(page, testInfo, "terms");
    await page.keyboard.press("Escape");

    await openLogoMenuItem(page, "Contact Us");
    await expect(
      page.getByRole("dialog", { name: "Contact Us" }).getByRole("link", { name: "support@tabi.app" }),
    ).toBeVisible();
    await shot(page, testInfo, "contact");
    await page.keyboard.press("Escape");

    await openLogoMenuItem(page, "Pricing");
    dialog = page.getByRole("dialog", { name: "Premium" });
    await expect(dialog.getByText("Unlock the full potential of travel planning")).toBeVisible();
    await expect(dialog.getByText("$9.00")).toBeVisible();
    await expect(dialog.getByText("* Taxes calculated automatically by region")).toBeVisible();
    await shot(page, testInfo, "premium");
    await dialog.getByRole("button", { name: "Maybe Later" }).click();

    for (const [path, title] of [
      ["/my-trip", "Trip Details"],
      ["/my-trip/my-places", "My Places"],
      ["/my-trip/chat", "Group Chat"],
      ["/my-trip/share", "Share Trip"],
      ["/add-place", "Add Place"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await expect(page.getByText("No Trip Selected")).toBeVisible();
      await expect(page.getByRole("button", { name: "Back" })).toBeVisible();
    }
    await shot(page, testInfo, "no-trip");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "My Trips" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Back" })).toHaveCount(0);
  }
});

test("feedback is sent and stored, with the spec's states", async ({ page }, testInfo) => {
  const email = uniqueEmail("fb");
  await signUpAndConfirm(page, email);
  await openLogoMenuItem(page, "Send Feedback");
  const dialog = page.getByRole("dialog", { name: "Send Feedback" });
  await expect(dialog.getByLabel("Type")).toHaveValue("general");
  await expect(dialog.getByLabel("Email (optional)")).toHaveValue(email);
  await expect(dialog.getByRole("button", { name: "Send Feedback" })).toBeDisabled();
  await dialog.getByLabel("Type").selectOption({ label: "Feature Request" });
  await dialog.getByLabel("Message").fill("Please add a packing list!");
  await shot(page, testInfo, "feedback");
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/api/feedback")),
    dialog.getByRole("button", { name: "Send Feedback" }).click(),
  ]);
  expect(response.status()).toBe(201);
  await expect(dialog.getByText("Thank you!")).toBeVisible();
  await expect(
    dialog.getByText("Your feedback has been sent successfully. We appreciate your input!"),
  ).toBeVisible();
  await shot(page, testInfo, "feedback-sent");
  await dialog.getByRole("button", { name: "Send Another" }).click();
  await expect(dialog.getByLabel("Message")).toHaveValue("");
});

test("an expired session returns to sign-in with the spec's message", async ({ page }) => {
  const email = uniqueEmail("expired");
  await signUpAndConfirm(page, email);
  await page.context().clearCookies();
  await page.evaluate(() => window.dispatchEvent(new Event("focus")));
  await expect(page.getByText("Session expired. Please refresh the page and sign in again.")).toBeVisible();
});

test.describe("the animated background", () => {
  // The suite runs with reduced motion (playwright.config.ts): here the background as most users see it.
  test.use({ reducedMotion: "no-preference" });

  test("drifts, and stands still for a user who asks for reduced motion", async ({ page }) => {
    await page.goto("/");
    const drift = page.locator(".animate-drift").first();
    await expect(drift).toHaveCSS("animation-name", "drift");
    await page.emulateMedia({ reducedMotion: "reduce" });
    await expect(drift).toHaveCSS("animation-name", "none");
  });
});

test("a tap outside a menu closes it and does nothing else @phone", async ({ browser, baseURL }) => {
  // On a touch screen the tap that closed a menu was also a click on what lay beneath it.
  const context = await browser.newContext({
    hasTouch: true,
    isMobile: true,
    viewport: { width: 375, height: 812 },
  });
  const page = await context.newPage();
  await page.goto(`${baseURL}/`);
  await page.getByRole("button", { name: "Continue as a guest" }).click();
  await page.getByLabel("Your name").fill("Tapper");
  await page.getByRole("button", { name: "Get Started" }).click();
  await expect(page.getByRole("heading", { name: "Welcome to Tabi" })).toBeVisible();
  const created = await page.request.post("/api/trips", {
    data: {
      name: "Tap trip",
      departureLocation: "Kyoto Station",
      departureLatitude: 34.9858,
      departureLongitude: 135.7588,
      startDate: new Date(Date.now() + 20 * 864e5).toISOString().slice(0, 10),
      endDate: new Date(Date.now() + 21 * 864e5).toISOString().slice(0, 10),
    },
    headers: { origin: baseURL! },
  });
  expect(created.status()).toBe(201);
  await page.reload();
  const card = page.getByText("Tap trip").first();
  const box = (await card.boundingBox())!;
  for (const menu of ["Profile menu", "Tabi menu"]) {
    await page.getByRole("button", { name: menu }).click();
    await expect(page.getByRole("menu")).toBeVisible();
    await page.touchscreen.tap(box.x + 5, box.y + 5);
    await expect(page.getByRole("menu")).toHaveCount(0);
    await page.waitForTimeout(500);
    await expect(page).toHaveURL(`${baseURL}/`);
  }
  // Once the menu is gone, the same tap opens the trip.
  await page.touchscreen.tap(box.x + 5, box.y + 5);
  await expect(page).toHaveURL(/\/my-trip|\/trip\//);
  await context.close();
});
