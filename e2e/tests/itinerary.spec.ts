import { expect, test } from "./fixtures";
import { shot } from "./helpers";
import { guestApi, guestPage, interactiveMap, isoInDays } from "./trip-helpers";

test("three members, 25 places, 4 days: optimise with live progress, seen by another member; map and calendar @phone", async ({
  browser,
  baseURL,
}, testInfo) => {
  test.slow(); // 25 places, 4 days, two browsers: on a loaded CI machine the solve alone can take a minute
  const owner = await guestPage(
    browser,
    "Hana",
    testInfo.project.name === "phone" ? { width: 375, height: 812 } : undefined,
  );
  const created = await owner.request.post("/api/trips", {
    data: {
      name: "Kyoto autumn",
      departureLocation: "Kyoto Station",
      departureLatitude: 34.9858,
      departureLongitude: 135.7588,
      startDate: isoInDays(30),
      endDate: isoInDays(33),
    },
  });
  const tripId = (await created.json()).trip.id;
  const code = (await (await owner.request.get(`/api/trips/${tripId}/invitation`)).json()).displayCode;
  const friends = [await guestApi(baseURL!, "Ken"), await guestApi(baseURL!, "Mai")];
  for (const f of friends) await f.post("/api/trips/join", { data: { code } });
  const members = [owner.request, ...friends];
  for (let i = 0; i < 25; i++) {
    const res = await members[i % 3]!.post(`/api/trips/${tripId}/places`, {
      data: {
        name: `Spot ${i + 1}`,
        latitude: 34.95 + ((i * 37) % 100) / 1000,
        longitude: 135.69 + ((i * 53) % 110) / 1000,
        stayMinutes: 60 + (i % 4) * 30,
        wishLevel: 2 + (i % 9),
      },
    });
    expect(res.status()).toBe(201);
  }

  // Ken watches in his own browser.
  const ken = await browser.newPage();
  const kenState = await friends[0]!.storageState();
  await ken.context().addCookies(kenState.cookies);
  await ken.goto("/");
  await ken.evaluate((id) => localStorage.setItem("currentTripId", id), tripId);
  await ken.goto("/my-trip");
  await expect(
    ken.getByText("Press Optimize to turn everyone's wishes into a day-by-day plan."),
  ).toBeVisible();

  await owner.evaluate((id) => localStorage.setItem("currentTripId", id), tripId);
  await owner.goto("/my-trip");
  await owner.getByRole("button", { name: "Optimize" }).click();
  const dialog = owner.getByRole("dialog", { name: "Route Optimization" });
  await expect(dialog.getByText("Fairness 0.6 · Efficiency 0.4")).toBeVisible();
  await expect(dialog.getByLabel("Transport")).toHaveValue("public_transport");
  await shot(owner, testInfo, "optimize-dialog");
  const started = Date.now();
  await dialog.getByRole("button", { name: "Optimize" }).click();
  // The solve paces itself by iterations, not time: on a CI machine shared by two e2e workers, their
  // servers and browsers it took over 15 s now and then (a few seconds when quiet), and the 2-second
  // celebration can pass between two polls of a loaded browser; so wait for the plan, whichever of
  // the two is seen first.
  const score = owner.getByRole("button", { name: "Optimisation score" });
  await expect(owner.getByText("Optimization Success!").or(score).first()).toBeVisible({
    timeout: 90_000,
  });
  testInfo.annotations.push({ type: "optimise-ms", description: String(Date.now() - started) });
  await shot(owner, testInfo, "optimize-success");

  // Ken sees the result without reloading.
  await expect(ken.getByRole("button", { name: "Optimisation score" })).toBeVisible({ timeout: 10_000 });
  await expect(score).toBeVisible();
  // The success overlay: celebration, then the scores, then 'Loading your optimized journey...', then gone
  // 5 s after it began. It begins when the run's 'complete' is read, which on a loaded machine can come
  // seconds after the plan (the score button, awaited above) is on screen.
  await expect(
    owner.getByRole("status").filter({ hasText: /optimized journey|Your plan|Success/ }),
  ).toHaveCount(0, { timeout: 15_000 });
  await interactiveMap(owner);
  await expect(owner.locator(".tabi-marker").first()).toBeVisible();
  await shot(owner, testInfo, "trip-map");

  await owner.getByRole("button", { name: "Optimisation score" }).click();
  for (const label of [
    "Overall",
    "Fairness",
    "Efficiency",
    "User Adoption",
    "Wish Satisfaction",
    "Hana",
    "Ken",
    "Mai",
  ])
    await expect(owner.getByRole("meter", { name: label })).toBeVisible();
  await shot(owner, testInfo, "score-popup");
  await owner.keyboard.press("Escape");

  await owner.getByRole("tab", { name: "Calendar" }).click();
  for (const day of [1, 2, 3, 4])
    await expect(owner.getByRole("region", { name: `Day ${day}` })).toBeVisible();
  await expect(owner.getByRole("button", { name: "Optimize" })).toHaveCount(0);
  await shot(owner, testInfo, "trip-calendar");
  const day1 = owner.getByRole("region", { name: "Day 1" });
  const firstName = (await day1.locator("[data-visit]").first().locator("span").first().textContent())!;
  await day1.locator("[data-visit]").first().click();
  await expect(owner.getByText("Added by")).toBeVisible();
  await shot(owner, testInfo, "calendar-block");

  // An edit is saved on the server, seen live by Ken, kept after a reload, and can be undone.
  await owner.getByRole("button", { name: "Later" }).click();
  await expect(day1.locator("[data-visit]").nth(1).locator("span").first()).toHaveText(firstName);
  await ken.getByRole("tab", { name: "Calendar" }).click();
  await expect(
    ken.getByRole("region", { name: "Day 1" }).locator("[data-visit]").nth(1).locator("span").first(),
  ).toHaveText(firstName);
  await owner.reload();
  await owner.getByRole("tab", { name: "Calendar" }).click();
  await expect(
    owner.getByRole("region", { name: "Day 1" }).locator("[data-visit]").nth(1).locator("span").first(),
  ).toHaveText(firstName);
  await owner.getByRole("region", { name: "Day 1" }).locator("[data-visit]").nth(1).click();
  await owner.getByRole("button", { name: "Earlier" }).click();
  await expect(owner.getByRole("button", { name: "Undo" })).toBeVisible();
  await owner.getByRole("button", { name: "Undo" }).click();
  await expect(
    owner.getByRole("region", { name: "Day 1" }).locator("[data-visit]").nth(1).locator("span").first(),
  ).toHaveText(firstName);

  // Places now carry their status.
  await owner.goto("/my-trip/my-places");
  await owner.getByRole("button", { name: "List view" }).click();
  await expect(owner.getByRole("listitem").getByText("Pending", { exact: true })).toHaveCount(0);
  await expect(owner.getByRole("listitem").first()).toBeVisible();
});
