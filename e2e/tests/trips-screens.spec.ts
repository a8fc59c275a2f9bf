import { expect, test } from "./fixtures";
import { shot } from "./helpers";
import { createTripApi, guestApi } from "./trip-helpers";

// Every trip screen and dialog, light and dark, on the project's viewport (phone and desktop).
test("trip screens in light and dark @phone", async ({ page, baseURL }, testInfo) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Continue as a guest" }).click();
  await page.getByLabel("Your name").fill("Mira");
  await page.getByRole("button", { name: "Get Started" }).click();
  await expect(page.getByRole("heading", { name: "Welcome to Tabi" })).toBeVisible();
  const created = await createTripApi(page.request, "Lisbon long weekend");
  const tripId = (await created.json()).trip.id;
  const code = (await (await page.request.get(`/api/trips/${tripId}/invitation`)).json()).displayCode;
  for (const name of ["Noah", "Ines", "Tomás", "Yuki"]) {
    const friend = await guestApi(baseURL!, name);
    await friend.post("/api/trips/join", { data: { code } });
  }

  for (const theme of ["light", "dark"]) {
    await page.evaluate((t) => localStorage.setItem("theme", t), theme);
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Lisbon long weekend" })).toBeVisible();
    await shot(page, testInfo, "trips-home");

    await page.getByRole("button", { name: "Open Lisbon long weekend" }).click();
    await expect(page).toHaveURL(/\/my-trip$/);
    await expect(page.getByRole("button", { name: "Members" }).getByText("+2")).toBeVisible();
    await shot(page, testInfo, "trip-detail");
    await page.getByRole("button", { name: "Members" }).click();
    await expect(page.getByText("5 members · 1 admin")).toBeVisible();
    await shot(page, testInfo, "trip-members");
    await page.keyboard.press("Escape");

    await page.getByRole("button", { name: "Trip settings" }).click();
    const settings = page.getByRole("dialog", { name: "Trip Settings" });
    await expect(settings.getByRole("tab", { name: "Trip Details" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await shot(page, testInfo, "trip-settings-details");
    await settings.getByRole("tab", { name: "Permissions" }).click();
    await shot(page, testInfo, "trip-settings-permissions");
    await settings.getByRole("tab", { name: "Deadline" }).click();
    await shot(page, testInfo, "trip-settings-deadline");
    await page.keyboard.press("Escape");

    await page.goto("/");
    await page.getByRole("button", { name: "Join Trip" }).click();
    await shot(page, testInfo, "join-trip");
    // Closed by its button and checked closed: the next click must not land behind the dialog.
    const join = page.getByRole("dialog", { name: "Join Trip" });
    await join.getByRole("button", { name: "Close" }).click();
    await expect(join).toBeHidden();
    await page.getByRole("button", { name: "Create Trip" }).click();
    await page.getByLabel("Travel dates").click();
    await shot(page, testInfo, "create-trip-dates");
    await page.keyboard.press("Escape");
    await page.keyboard.press("Escape");
  }
});
