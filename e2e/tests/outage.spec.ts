import { expect, test } from "./fixtures";
import { shot } from "./helpers";
import { createTripApi, guestApi, guestPage } from "./trip-helpers";

const MESSAGE = "The service is temporarily unavailable. Please try again in a moment.";

// The server's side (503 + Retry-After while PostgreSQL is away) is db/outage.test.ts; here the browser's:
// a banner, the typed text kept, no trip to the sign-in screen, and recovery without a reload.
test("while the service is away: a banner, nothing typed is lost, and it recovers by itself @phone", async ({
  browser,
  baseURL,
}, info) => {
  const owner = await guestApi(baseURL!, "Owner");
  const trip = (await (await createTripApi(owner, "Porto weekend")).json()).trip;
  const code = (await (await owner.get(`/api/trips/${trip.id}/invitation`)).json()).displayCode;
  const viewport = info.project.name === "phone" ? { width: 375, height: 812 } : undefined;
  const ben = await guestPage(browser, "Ben", viewport);
  await ben.getByRole("button", { name: "Join Trip" }).click();
  const join = ben.getByRole("dialog", { name: "Join Trip" });
  await join.getByLabel("Trip code").fill(code);

  // The database is away: every API call answers as the server then does.
  await ben.route("**/api/**", (route) =>
    route.fulfill({
      status: 503,
      headers: { "retry-after": "2", "content-type": "application/json" },
      body: JSON.stringify({ error: { code: "SERVICE_UNAVAILABLE", message: MESSAGE } }),
    }),
  );
  await join.getByRole("button", { name: "Join Trip" }).click();
  // The dialog says it where the user looks; the banner (behind the modal, hidden from its a11y tree) too.
  await expect(join.getByRole("alert")).toHaveText(MESSAGE);
  const banner = ben.locator("[role=status]").filter({ hasText: MESSAGE });
  await expect(banner).toBeVisible();
  await expect(join.getByLabel("Trip code")).toHaveValue(code);
  await expect(ben.getByText("Session expired")).toHaveCount(0);
  await shot(ben, info, "outage-banner");

  // It is back: the banner goes by itself (no reload), and the same form now succeeds.
  await ben.unroute("**/api/**");
  await expect(banner).toHaveCount(0, { timeout: 15_000 });
  await join.getByRole("button", { name: "Join Trip" }).click();
  await expect(ben.getByText(`Trip joined successfully! Welcome to "Porto weekend"`)).toBeVisible();
});
