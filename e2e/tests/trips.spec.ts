import { expect, test } from "./fixtures";
import { shot } from "./helpers";
import { createTripApi, guestApi, guestPage, inDays, pickDay } from "./trip-helpers";

test("two friends: create a trip, invite by code, join, change a role, set a deadline", async ({
  browser,
}, testInfo) => {
  const aiko = await guestPage(browser, "Aiko");
  await expect(aiko.getByText("No trips yet")).toBeVisible();
  await expect(aiko.getByRole("button", { name: "Create Trip" })).toHaveClass(/animate-guidance/);
  await shot(aiko, testInfo, "home-empty");

  // Create: place search box, range picker, description.
  await aiko.getByRole("button", { name: "Create Trip" }).click();
  const dialog = aiko.getByRole("dialog", { name: "Create Trip" });
  // Create Trip with fields missing says which one, and the message goes once it is filled in.
  await dialog.getByRole("button", { name: "Create Trip" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Departure location is required");
  // A name used as typed has no point on the map, and the form says so.
  const notOnMap = dialog.getByText("Not on the map: pick a suggestion to show it there.");
  await dialog.getByRole("combobox", { name: "Departure location" }).fill("Grandma's house");
  await dialog.getByRole("option", { name: /as typed/ }).click();
  await expect(notOnMap).toBeVisible();
  await dialog.getByRole("button", { name: "Clear Grandma's house" }).click();
  await dialog.getByRole("combobox", { name: "Departure location" }).fill("Kyoto");
  await dialog.getByRole("option").filter({ hasNotText: "as typed" }).first().click();
  await expect(notOnMap).toHaveCount(0);
  await expect(dialog.getByRole("alert")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Create Trip" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Travel dates are required");
  await dialog.getByLabel("Travel dates").click();
  await pickDay(aiko, inDays(12));
  await pickDay(aiko, inDays(9)); // earlier than the first click: swapped
  await expect(dialog.getByText("4 days")).toBeVisible();
  await dialog.getByLabel("Description (optional)").fill("Temples and tea");
  await shot(aiko, testInfo, "create-trip");
  await dialog.getByRole("button", { name: "Create Trip" }).click();

  await expect(aiko).toHaveURL(/\/my-trip$/);
  const title = aiko.getByRole("heading", { level: 2 }).first();
  await expect(title).toContainText("Kyoto");
  const tripName = (await title.textContent())!;
  // The code is generated on first view: wait for it rather than read 'Generating code...'.
  await expect(aiko.getByLabel("Invitation code")).toHaveText(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  const code = (await aiko.getByLabel("Invitation code").textContent())!;
  await shot(aiko, testInfo, "trip-detail");

  // Ben joins with the code typed in lower case without the hyphen.
  const ben = await guestPage(browser, "Ben");
  await ben.getByRole("button", { name: "Join Trip" }).click();
  const join = ben.getByRole("dialog", { name: "Join Trip" });
  await expect(join.getByText("Enter the 8-character code (hyphens optional)")).toBeVisible();
  await join.getByLabel("Trip code").fill(code.replace("-", "").toLowerCase());
  await expect(join.getByLabel("Trip code")).toHaveValue(code.replace("-", ""));
  await join.getByRole("button", { name: "Join Trip" }).click();
  await expect(ben.getByText(`Trip joined successfully! Welcome to "${tripName}"`)).toBeVisible();
  await expect(ben).toHaveURL(/\/my-trip$/);
  await expect(ben.getByRole("heading", { level: 2 }).first()).toHaveText(tripName);

  // Aiko makes Ben an admin and sets the deadline one day before the start.
  await aiko.reload();
  await aiko.getByRole("button", { name: "Trip settings" }).click();
  const settings = aiko.getByRole("dialog", { name: "Trip Settings" });
  await settings.getByRole("tab", { name: "Permissions" }).click();
  await settings.getByLabel("Role of Ben").selectOption("admin");
  await expect(settings.getByLabel("Role of Ben")).toHaveValue("admin");
  await shot(aiko, testInfo, "settings-permissions");
  await settings.getByRole("tab", { name: "Deadline" }).click();
  await settings.getByRole("button", { name: "1 day" }).click();
  await expect(settings.getByText(/Members can add places until/)).toBeVisible();
  await shot(aiko, testInfo, "settings-deadline");
  await aiko.keyboard.press("Escape");

  // Each sees the other in the members popup, with colour and role.
  for (const page of [aiko, ben]) {
    await page.reload();
    await page.getByRole("button", { name: "Members" }).click();
    const popup = page.getByRole("dialog");
    await expect(popup.getByText("2 members · 2 admins")).toBeVisible();
    const aikoRow = popup.getByRole("listitem").filter({ hasText: "Aiko" });
    const benRow = popup.getByRole("listitem").filter({ hasText: "Ben" });
    // The owner is an admin, named Owner as on the share page.
    await expect(aikoRow.getByText("Owner", { exact: true })).toBeVisible();
    await expect(benRow.getByText("Admin", { exact: true })).toBeVisible();
    await expect(aikoRow.locator("span").first()).toHaveCSS("background-color", "rgb(0, 119, 190)");
    await expect(benRow.locator("span").first()).toHaveCSS("background-color", "rgb(34, 139, 34)");
    await shot(page, testInfo, `members-popup-${page === aiko ? "owner" : "member"}`);
    await page.keyboard.press("Escape");
  }

  // The trip card on Ben's home shows the deadline line.
  await ben.goto("/");
  await expect(ben.getByText(/Add places by:/)).toBeVisible();
  await shot(ben, testInfo, "home-with-trip");
});

test("a free owner's trip takes 5 members; the 6th is refused with a clear message", async ({
  browser,
  baseURL,
}, testInfo) => {
  const owner = await guestApi(baseURL!, "Olga");
  const created = await createTripApi(owner, "Full house");
  expect(created.status()).toBe(201);
  const tripId = (await created.json()).trip.id;
  const code = (await (await owner.get(`/api/trips/${tripId}/invitation`)).json()).displayCode;
  for (const name of ["P1", "P2", "P3", "P4"]) {
    const p = await guestApi(baseURL!, name);
    expect((await p.post("/api/trips/join", { data: { code } })).status()).toBe(200);
  }
  const sixth = await guestPage(browser, "Sixth");
  await sixth.getByRole("button", { name: "Join Trip" }).click();
  await sixth.getByLabel("Trip code").fill(code);
  await sixth.getByRole("button", { name: "Join Trip" }).last().click();
  await expect(
    sixth.getByText("This trip has reached the limit of 5 members of the free plan.", { exact: false }),
  ).toBeVisible();
  await shot(sixth, testInfo, "join-member-limit");
});

test("a free user's 4th trip is refused by the server, in the app and sent directly", async ({
  browser,
  baseURL,
}, testInfo) => {
  const page = await guestPage(browser, "Trina");
  for (const n of [1, 2, 3]) expect((await createTripApi(page.request, `Trip ${n}`)).status()).toBe(201);
  await page.reload();
  await expect(page.getByText("3/3 trips")).toBeVisible();
  await expect(page.getByRole("button", { name: "Create Trip" }).getByLabel("Premium")).toBeVisible();
  await page.getByRole("button", { name: "Create Trip" }).click();
  await expect(
    page.getByText(
      "You have reached the trip limit for your current plan. Please upgrade to Premium to create more trips.",
    ),
  ).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Premium" })).toBeVisible();
  await shot(page, testInfo, "trip-limit");
  const direct = await createTripApi(page.request, "Trip 4");
  expect(direct.status(), await direct.text()).toBe(403);
  expect((await direct.json()).error.message).toBe(
    "You have reached the trip limit for your current plan. Please upgrade to Premium to create more trips.",
  );
  void baseURL;
});

test("an admin removes a member: the member's open trip says so at once, and a later visit neither spins nor asks again and again @phone", async ({
  browser,
}, testInfo) => {
  const phone = testInfo.project.name === "phone" ? { width: 390, height: 844 } : undefined;
  const aiko = await guestPage(browser, "Aiko", phone);
  const tripId = (await (await createTripApi(aiko.request, "Lisbon weekend")).json()).trip.id;
  const code = (await (await aiko.request.get(`/api/trips/${tripId}/invitation`)).json()).displayCode;
  const ben = await guestPage(browser, "Ben", phone);
  expect((await ben.request.post("/api/trips/join", { data: { code } })).ok()).toBeTruthy();
  for (const page of [aiko, ben]) {
    await page.evaluate((id) => localStorage.setItem("currentTripId", id), tripId);
    await page.goto("/my-trip");
    await expect(page.getByRole("heading", { level: 2 }).first()).toHaveText("Lisbon weekend");
  }

  await aiko.getByRole("button", { name: "Trip settings" }).click();
  const settings = aiko.getByRole("dialog", { name: "Trip Settings" });
  await settings.getByRole("tab", { name: "Permissions" }).click();
  // Neither the owner nor oneself can be removed here.
  await expect(settings.getByRole("button", { name: "Remove Aiko from the trip" })).toHaveCount(0);
  await shot(aiko, testInfo, "permissions-remove");
  await settings.getByRole("button", { name: "Remove Ben from the trip" }).click();
  const confirm = aiko.getByRole("alertdialog").or(aiko.getByRole("dialog", { name: "Remove from trip" }));
  await expect(confirm.getByText(/Remove Ben from "Lisbon weekend"\?/)).toBeVisible();
  await shot(aiko, testInfo, "remove-member-confirm");
  await confirm.getByRole("button", { name: "Remove", exact: true }).click();
  await expect(aiko.getByText("Ben was removed from the trip")).toBeVisible();
  await expect(settings.getByText("Ben")).toHaveCount(0);

  // Ben, with the trip open, is told and let go of it.
  await expect(ben.getByText(/“Lisbon weekend” is no longer open to you/)).toBeVisible({ timeout: 15_000 });
  await expect(ben.getByText("No Trip Selected")).toBeVisible();
  await shot(ben, testInfo, "removed-member");

  // A phone that was closed before the removal still names the trip as its current one: opening the
  // trip screens then says so once, with no spinner and no request after request (there were 40 a
  // second).
  let reads = 0;
  ben.on("request", (r) => {
    if (r.url().includes(`/api/trips/${tripId}/`)) reads++;
  });
  for (const path of ["/my-trip", "/my-trip/money"]) {
    await ben.evaluate((id) => localStorage.setItem("currentTripId", id), tripId);
    await ben.goto(path);
    await expect(ben.getByText("No Trip Selected")).toBeVisible();
  }
  await expect(ben.getByText(/is no longer open to you/).first()).toBeVisible();
  await ben.waitForTimeout(2000);
  expect(reads).toBeLessThanOrEqual(4);
});
