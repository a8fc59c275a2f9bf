import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { confirmationLink, shot, signUpAndConfirm, uniqueEmail } from "./helpers";
import { createTripApi, guestPage } from "./trip-helpers";

/** Issue 16 item 3: the profile saves to the server, and the other members see a new name at once. */
test("a renamed member shows in another member's open members popup without reload @phone", async ({
  browser,
}, testInfo) => {
  const phone = testInfo.project.name === "phone";
  const viewport = phone ? { width: 375, height: 812 } : { width: 1280, height: 800 };
  const aiko = await guestPage(browser, "Aiko", viewport);
  const created = await createTripApi(aiko.request, "Lisbon with friends");
  expect(created.status()).toBe(201);
  const tripId = (await created.json()).trip.id as string;
  const code = (await (await aiko.request.get(`/api/trips/${tripId}/invitation`)).json()).displayCode;

  const ben = await guestPage(browser, "Ben", viewport);
  await ben.getByRole("button", { name: "Join Trip" }).click();
  const join = ben.getByRole("dialog", { name: "Join Trip" });
  await join.getByLabel("Trip code").fill(code);
  await join.getByRole("button", { name: "Join Trip" }).click();
  await expect(ben).toHaveURL(/\/my-trip$/);
  await ben.getByRole("button", { name: "Members" }).click();
  const popup = ben.getByRole("dialog");
  await expect(popup.getByRole("listitem").filter({ hasText: "Aiko" })).toBeVisible();

  // Aiko renames herself in the profile: "Save Changes" appears after the edit.
  await aiko.goto("/profile");
  await expect(aiko.getByRole("heading", { name: "Profile Settings" })).toBeVisible();
  await expect(aiko.getByRole("button", { name: "Save Changes" })).toHaveCount(0);
  const name = aiko.getByLabel("Name", { exact: true });
  await expect(name).toHaveValue("Aiko");
  await name.fill("   ");
  await aiko.getByRole("button", { name: "Save Changes" }).click();
  await expect(aiko.getByText("Please enter a name")).toBeVisible();
  await name.fill("Aiko Tanaka");
  await shot(aiko, testInfo, "profile-edited");
  await aiko.getByRole("button", { name: "Save Changes" }).click();
  await expect(aiko.getByText("Your changes have been saved")).toBeVisible();
  await expect(aiko.getByRole("button", { name: "Save Changes" })).toHaveCount(0);
  await expect(aiko.getByRole("heading", { name: "Aiko Tanaka" })).toBeVisible();

  // Ben's popup, still open, shows the new name.
  await expect(popup.getByRole("listitem").filter({ hasText: "Aiko Tanaka" })).toBeVisible();
  await shot(ben, testInfo, "members-popup-renamed");

  // The notification toggles are kept on the server.
  const toggle = aiko.getByRole("switch", { name: "Trip updates" });
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await expect
    .poll(async () => (await (await aiko.request.get("/api/me/settings")).json()).notifyTripUpdates)
    .toBe(false);
  await aiko.reload();
  await expect(aiko.getByRole("switch", { name: "Trip updates" })).toHaveAttribute("aria-checked", "false");
  await shotBothThemes(aiko, testInfo, "profile-guest-settings");
});

test("a registered user's new e-mail takes effect when the link sent to it is opened", async ({
  page,
}, testInfo) => {
  const email = uniqueEmail("mover");
  await signUpAndConfirm(page, email);
  await page.goto("/profile");
  await expect(page.getByText("Registered User")).toBeVisible();
  const field = page.getByLabel("Email", { exact: true });
  await expect(field).toHaveValue(email);
  await field.fill("not an address");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  const next = uniqueEmail("moved");
  await field.fill(next);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText(`Check ${next}: open the link we sent to change your e-mail.`)).toBeVisible();
  await expect(
    page.getByText(`We sent a link to ${next}. Your e-mail changes when you open it.`),
  ).toBeVisible();
  // Not yet changed: the field shows the address in use.
  await expect(field).toHaveValue(email);
  await shotBothThemes(page, testInfo, "profile-registered-email-pending");

  await page.goto(await confirmationLink(page.request, next));
  await page.goto("/profile");
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(next);
});

async function shotBothThemes(page: Page, testInfo: Parameters<typeof shot>[1], name: string) {
  await shot(page, testInfo, name);
  await page.getByRole("switch", { name: "Dark mode" }).click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await shot(page, testInfo, name);
  await page.getByRole("switch", { name: "Dark mode" }).click();
}
