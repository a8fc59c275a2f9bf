import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { shot } from "./helpers";
import { createKyotoTripApi, guestApi, guestPage, isoInDays, optimiseAndWait } from "./trip-helpers";

const SHOTS = "/tmp/shots-calendar";
const visit = (page: Page, day: number, name: string) =>
  page.getByRole("region", { name: `Day ${day}` }).locator("[data-visit]", { hasText: name });
const stayOf = async (block: Locator) => {
  // The block reads "name … 09:36–10:36" (and a booking badge, when one is booked).
  const [, a, b] = ((await block.textContent()) ?? "").match(/(\d\d:\d\d)–(\d\d:\d\d)/) ?? [];
  const m = (t = "") => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  return m(b) - m(a);
};
// In the middle of the screen: the app's bottom bar covers the lowest 64 px.
const toMiddle = (l: Locator) => l.evaluate((e) => e.scrollIntoView({ block: "center", inline: "center" }));
async function drag(page: Page, from: Locator, onto: Locator) {
  await toMiddle(from);
  const box = (await from.boundingBox())!;
  const to = await centre(onto);
  await page.mouse.move(box.x + box.width / 2, box.y + 12);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 10, box.y + 20, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.mouse.up();
}
const centre = async (l: Locator) => {
  const b = (await l.boundingBox())!;
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
};

/** A two-day trip from Nara Station, starting in `inDays` days, with three places around Nara Park: its id. */
async function naraTrip(owner: APIRequestContext, name: string, inDays: number) {
  const created = await owner.post("/api/trips", {
    data: {
      name,
      departureLocation: "Nara Station",
      departureLatitude: 34.6806,
      departureLongitude: 135.8199,
      startDate: isoInDays(inDays),
      endDate: isoInDays(inDays + 1),
    },
  });
  const tripId = (await created.json()).trip.id as string;
  for (const [i, place] of ["Todai-ji", "Kasuga Taisha", "Nara Park"].entries()) {
    const res = await owner.post(`/api/trips/${tripId}/places`, {
      data: {
        name: place,
        latitude: 34.685 + i / 200,
        longitude: 135.84 + i / 200,
        stayMinutes: 60,
        wishLevel: 7,
      },
    });
    expect(res.status()).toBe(201);
  }
  return tripId;
}

test("calendar: drag across days, drag-resize, keyboard move; seen live by another member and kept", async ({
  browser,
  baseURL,
}, testInfo) => {
  const owner = await guestPage(browser, "Hana");
  const created = await owner.request.post("/api/trips", {
    data: {
      name: "Kyoto in three days",
      departureLocation: "Kyoto Station",
      departureLatitude: 34.9858,
      departureLongitude: 135.7588,
      startDate: isoInDays(40),
      endDate: isoInDays(42),
    },
  });
  const tripId = (await created.json()).trip.id;
  const code = (await (await owner.request.get(`/api/trips/${tripId}/invitation`)).json()).displayCode;
  const kenApi = await guestApi(baseURL!, "Ken");
  await kenApi.post("/api/trips/join", { data: { code } });
  for (let i = 0; i < 9; i++) {
    const res = await (i % 2 ? kenApi : owner.request).post(`/api/trips/${tripId}/places`, {
      data: {
        name: `Temple ${i + 1}`,
        latitude: 34.96 + ((i * 37) % 90) / 1000,
        longitude: 135.7 + ((i * 53) % 100) / 1000,
        stayMinutes: 60,
        wishLevel: 6,
      },
    });
    expect(res.status()).toBe(201);
  }
  await optimiseAndWait(owner.request, tripId);

  const ken = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await ken.context().addCookies((await kenApi.storageState()).cookies);
  for (const page of [owner, ken]) {
    await page.goto("/");
    await page.evaluate((id) => localStorage.setItem("currentTripId", id), tripId);
    await page.goto("/my-trip");
    await page.getByRole("tab", { name: "Calendar" }).click();
    await expect(page.getByRole("region", { name: "Day 3" })).toBeVisible();
  }

  const day1 = owner.getByRole("region", { name: "Day 1" });
  const day2 = owner.getByRole("region", { name: "Day 2" });
  const moving = (await day1.locator("[data-visit]").first().locator("span").first().textContent())!;
  const day2Before = await day2.locator("[data-visit]").count();
  await owner.screenshot({ path: `${SHOTS}/e2e-before-drag.png` });

  // 1. Mouse drag: day 1's first visit onto day 2's first visit.
  await drag(owner, visit(owner, 1, moving), day2.locator("[data-visit]").first());
  await expect(visit(owner, 2, moving)).toHaveCount(1);
  await expect(visit(owner, 1, moving)).toHaveCount(0);
  await expect(day2.locator("[data-visit]")).toHaveCount(day2Before + 1);
  await expect(day2.locator("[data-visit]").first()).toContainText(moving);
  await expect(visit(ken, 2, moving)).toHaveCount(1);
  await expect(visit(ken, 1, moving)).toHaveCount(0);
  await expect(owner.getByRole("button", { name: "Undo" })).toBeVisible();

  // 2. Drag-resize the moved visit by 30 px = 30 minutes.
  const block = visit(owner, 2, moving);
  await expect(block).not.toHaveAttribute("aria-pressed", "true");
  await expect(owner.getByRole("button", { name: "Undo" })).toBeEnabled();
  const stay = await stayOf(block);
  const handle = block.locator("[data-resize-handle]");
  await toMiddle(block);
  const h = await centre(handle);
  await owner.screenshot({ path: `${SHOTS}/e2e-before-resize.png` });
  await owner.mouse.move(h.x, h.y);
  await owner.mouse.down();
  await owner.mouse.move(h.x, h.y + 15, { steps: 3 });
  await owner.mouse.move(h.x, h.y + 30, { steps: 3 });
  await owner.mouse.up();
  const longer = Math.round((stay + 30) / 5) * 5;
  await expect.poll(() => stayOf(visit(owner, 2, moving))).toBe(longer);
  await expect.poll(() => stayOf(visit(ken, 2, moving))).toBe(longer);
  await expect(owner.getByRole("dialog")).toHaveCount(0);
  await shot(owner, testInfo, "calendar-edited");

  // 3. Keyboard: Space picks up, arrows move, Space drops (the last visit of day 2 goes to day 3).
  await expect(owner.getByRole("button", { name: "Undo" })).toBeEnabled();
  const lastOfDay2 = day2.locator("[data-visit]").last();
  const byKeys = (await lastOfDay2.locator("span").first().textContent())!;
  await lastOfDay2.focus();
  // The live region names the places as the block moves (a user waits for it as well).
  const live = owner.getByRole("status").filter({ hasText: byKeys });
  await owner.keyboard.press("Space");
  await expect(live).toContainText(`${byKeys} is over ${byKeys} on day 2`);
  // As a listener does: the next key after hearing it (a key pressed in the same instant as the pickup
  // was lost in 2 of 3 runs on this machine; see the issue 17 note).
  await owner.waitForTimeout(300);
  await owner.keyboard.press("ArrowRight");
  await expect(live).toContainText("on day 3");
  await owner.keyboard.press("Space");
  await expect(visit(owner, 3, byKeys)).toHaveCount(1);
  await expect(visit(owner, 2, byKeys)).toHaveCount(0);
  await expect(owner.getByRole("dialog")).toHaveCount(0);
  // Undo puts it back on day 2.
  await owner.getByRole("button", { name: "Undo" }).click();
  await expect(visit(owner, 2, byKeys)).toHaveCount(1);
  await expect(visit(ken, 2, byKeys)).toHaveCount(1);

  // 4. System places: the day's start cannot be dragged, and nothing can be dropped onto one.
  const start1 = day1.getByRole("button", { name: /Start · Kyoto Station/ });
  await expect(start1).toBeVisible();
  await expect(start1).not.toHaveAttribute("aria-roledescription", /draggable/);
  await drag(owner, start1, day2.locator("[data-visit]").first());
  await expect(day1.getByRole("button", { name: /Start · Kyoto Station/ })).toBeVisible();
  await expect(owner.getByRole("button", { name: "Undo" })).toHaveCount(0);
  await expect(owner.getByRole("dialog")).toHaveCount(0);
  const last2 = day2.locator("[data-visit]").last();
  const lastName2 = (await last2.locator("span").first().textContent())!;
  await drag(owner, last2, day2.getByRole("button", { name: /End · / }));
  await expect(owner.getByText("Cannot reorder onto system places.")).toBeVisible();
  await expect(day2.locator("[data-visit]").last()).toContainText(lastName2);
  await owner.screenshot({ path: `${SHOTS}/e2e-system-refused.png` });

  // 5. Both edits survive a reload.
  await owner.reload();
  await owner.getByRole("tab", { name: "Calendar" }).click();
  await expect(visit(owner, 2, moving)).toHaveCount(1);
  await expect.poll(() => stayOf(visit(owner, 2, moving))).toBe(longer);
  await ken.reload();
  await ken.getByRole("tab", { name: "Calendar" }).click();
  await expect(visit(ken, 2, moving)).toHaveCount(1);
  await expect.poll(() => stayOf(visit(ken, 2, moving))).toBe(longer);

  // 6. A tap still opens the block's popup, with the keyboard path for the stay.
  await visit(owner, 2, moving).click();
  await expect(owner.getByRole("dialog", { name: moving })).toBeVisible();
  await expect(owner.getByRole("button", { name: "Duration" })).toBeVisible();
});

test("calendar handles and the add-place dialog on a phone and a desktop, light and dark @phone", async ({
  browser,
}, testInfo) => {
  const phone = testInfo.project.name === "phone";
  const owner = await guestPage(browser, "Aiko", phone ? { width: 390, height: 844 } : undefined);
  const created = await owner.request.post("/api/trips", {
    data: {
      name: "Nara weekend",
      departureLocation: "Nara Station",
      departureLatitude: 34.6851,
      departureLongitude: 135.8048,
      startDate: isoInDays(50),
      endDate: isoInDays(51),
    },
  });
  const tripId = (await created.json()).trip.id;
  for (let i = 0; i < 7; i++)
    await owner.request.post(`/api/trips/${tripId}/places`, {
      data: {
        name: `Shrine ${i + 1} with a rather long name`,
        latitude: 34.67 + ((i * 37) % 60) / 1000,
        longitude: 135.79 + ((i * 53) % 70) / 1000,
        stayMinutes: 45 + (i % 3) * 30,
      },
    });
  const result = await optimiseAndWait(owner.request, tripId);
  // One place taken out of the plan, so '+ between stops' has something to offer.
  const out = result.days[0]!.visits[0]!.placeId;
  expect(
    (
      await owner.request.post(`/api/trips/${tripId}/itinerary/edits`, {
        data: { type: "remove", day: 1, placeId: out },
      })
    ).ok(),
  ).toBeTruthy();

  await owner.evaluate((id) => localStorage.setItem("currentTripId", id), tripId);
  for (const dark of [false, true]) {
    await owner.evaluate((d) => localStorage.setItem("theme", d ? "dark" : "light"), dark);
    await owner.goto("/my-trip");
    await owner.getByRole("tab", { name: "Calendar" }).click();
    const day1 = owner.getByRole("region", { name: "Day 1" });
    await expect(day1.locator("[data-visit]").first()).toBeVisible();
    await expect(day1.locator("[data-resize-handle]").first()).toBeAttached();
    await expect(
      day1.getByRole("button", { name: /^Add a place (between|before|after)/ }).first(),
    ).toBeVisible();
    // Nothing wider than the screen: the calendar scrolls inside its own box.
    expect(
      await owner.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    const w = owner.viewportSize()!.width;
    await owner.screenshot({ path: `${SHOTS}/calendar-${w}-${dark ? "dark" : "light"}.png`, fullPage: true });
  }
  await shot(owner, testInfo, "calendar-handles");

  // A tap (touch on the phone) opens the block's popup rather than starting a drag.
  const first = owner.getByRole("region", { name: "Day 1" }).locator("[data-visit]").first();
  if (phone) await first.tap();
  else await first.click();
  await expect(owner.getByRole("dialog")).toBeVisible();
  await owner.keyboard.press("Escape");

  if (phone) {
    // A long press then a move drags on a touch screen: an afternoon visit of day 1 to 16:30 on day 2
    // (free there; the plan's afternoons are open).
    const day1 = owner.getByRole("region", { name: "Day 1" });
    const day2 = owner.getByRole("region", { name: "Day 2" });
    const blocks = day1.locator("[data-visit]");
    const times = await blocks.evaluateAll((els) => els.map((e) => e.textContent ?? ""));
    const index = times.findIndex((t) => /(1[2-6]):\d\d–/.test(t));
    expect(index).toBeGreaterThanOrEqual(0);
    const moving = blocks.nth(index);
    const name = (await moving.locator("span").first().textContent())!;
    const before = await day2.locator("[data-visit]").count();
    await toMiddle(moving);
    const from = (await moving.boundingBox())!;
    const hour = (await owner.getByText("16:00", { exact: true }).boundingBox())!;
    const column = (await day2.boundingBox())!;
    const x0 = from.x + from.width / 2;
    const y0 = from.y + 12;
    const to = { x: Math.min(column.x + 40, owner.viewportSize()!.width - 20), y: hour.y + 30 };
    const cdp = await owner.context().newCDPSession(owner);
    const touch = (type: string, x = 0, y = 0) =>
      cdp.send("Input.dispatchTouchEvent", {
        type,
        touchPoints: type === "touchEnd" ? [] : [{ x, y }],
      } as never);
    await touch("touchStart", x0, y0);
    await owner.waitForTimeout(400); // longer than the sensor's 250 ms press
    for (let i = 1; i <= 12; i++)
      await touch("touchMove", x0 + ((to.x - x0) * i) / 12, y0 + ((to.y - y0) * i) / 12);
    await touch("touchEnd");
    await expect(day2.locator("[data-visit]")).toHaveCount(before + 1);
    await expect(day2.locator("[data-visit]", { hasText: name })).toHaveCount(1);
    await expect(day1.locator("[data-visit]", { hasText: name })).toHaveCount(0);
    await owner.getByRole("button", { name: "Undo" }).click();
    await expect(day1.locator("[data-visit]", { hasText: name })).toHaveCount(1);
  }

  await owner
    .getByRole("region", { name: "Day 1" })
    .getByRole("button", { name: /^Add a place/ })
    .first()
    .click();
  const dialog = owner.getByRole("dialog", { name: "Add place" });
  await expect(dialog.getByLabel("Stay")).toHaveValue("60");
  await expect(dialog.getByRole("radio", { name: "Medium Priority" })).toBeChecked();
  for (const p of ["Must Visit", "High Priority", "Low Priority", "Optional"])
    await expect(dialog.getByRole("radio", { name: p })).toBeVisible();
  await dialog
    .getByRole("radio", { name: /Shrine/ })
    .first()
    .check();
  await dialog.getByLabel("Stay").selectOption("90");
  await dialog.getByRole("radio", { name: "High Priority" }).check();
  await owner.screenshot({ path: `${SHOTS}/add-place-${owner.viewportSize()!.width}-dark.png` });
  await dialog.getByRole("button", { name: "Add to schedule" }).click();
  await expect(dialog).toHaveCount(0);
  // Every place is planned now, and '+' stays: it also finds a new place (issue 26).
  await expect(owner.getByRole("button", { name: /^Add a place/ }).first()).toBeVisible();
  const added = owner.locator(`[data-visit="${out}"]`);
  await expect(added).toHaveCount(1);
  await expect.poll(() => stayOf(added)).toBe(90);
  await owner.getByRole("button", { name: "Undo" }).click();
  await expect(added).toHaveCount(0);
});

test("what an edit broke stays on the calendar for every member, after a reload too", async ({
  browser,
  baseURL,
}, testInfo) => {
  const owner = await guestApi(baseURL!, "Rin");
  const tripId = await naraTrip(owner, "Nara day", 50);
  const plan = (await optimiseAndWait(owner, tripId)) as {
    days: { day: number; visits: { placeId: string; system?: boolean }[] }[];
  };
  const day = plan.days.find((d) => d.visits.filter((v) => !v.system).length >= 2)!;
  const first = day.visits.find((v) => !v.system)!;
  // A whole day at the first visit: the day now ends long after its end.
  const edit = await owner.post(`/api/trips/${tripId}/itinerary/edits`, {
    data: { type: "resize", day: day.day, placeId: first.placeId, stayMinutes: 1440 },
  });
  expect(edit.ok()).toBeTruthy();

  // Another member opening the trip later reads it, as the one who edited would after a reload.
  const code = (await (await owner.get(`/api/trips/${tripId}/invitation`)).json()).displayCode;
  const mika = await guestPage(browser, "Mika");
  expect((await mika.request.post("/api/trips/join", { data: { code } })).ok()).toBeTruthy();
  await mika.evaluate((id) => localStorage.setItem("currentTripId", id), tripId);
  await mika.goto("/my-trip");
  await mika.getByRole("tab", { name: "Calendar" }).click();
  const banner = mika.getByRole("region", { name: "Saved with problems" });
  await expect(banner).toContainText("Saved, but the plan breaks these rules:");
  await expect(banner).toContainText(/after the day's end/);
  await mika.reload();
  await mika.getByRole("tab", { name: "Calendar" }).click();
  await expect(banner).toBeVisible();
  await shot(mika, testInfo, "calendar-broken-rules-kept");
  // Dismissed, it stays away for these messages.
  await banner.getByRole("button", { name: "Dismiss" }).click();
  await expect(banner).toHaveCount(0);
  await owner.dispose();
});

test("the night's hotel block starts after a day that runs past 22:00, never over its visits", async ({
  browser,
  baseURL,
}, testInfo) => {
  const owner = await guestApi(baseURL!, "Sora");
  const tripId = await naraTrip(owner, "Late Nara", 40);
  type Day = { day: number; visits: { placeId: string; start: string; system?: boolean }[] };
  let plan = (await optimiseAndWait(owner, tripId)) as { days: Day[] };
  const own = (d: Day) => d.visits.filter((v) => !v.system);
  if (own(plan.days[0]!).length === 0) {
    // Day 1 needs a visit: the night after it is the one drawn.
    const from = plan.days[1]!;
    const index = from.visits.findIndex((v) => !v.system);
    const moved = await owner.post(`/api/trips/${tripId}/itinerary/edits`, {
      data: { type: "move", fromDay: 2, index, toDay: 1, toIndex: 0 },
    });
    expect(moved.ok()).toBeTruthy();
    plan = (await (await owner.get(`/api/trips/${tripId}/optimizations/active`)).json()).result;
  }
  const last = own(plan.days[0]!).at(-1)!;
  const startMin = Number(last.start.slice(0, 2)) * 60 + Number(last.start.slice(3, 5));
  const resized = await owner.post(`/api/trips/${tripId}/itinerary/edits`, {
    data: { type: "resize", day: 1, placeId: last.placeId, stayMinutes: 22 * 60 + 40 - startMin },
  });
  expect(resized.ok()).toBeTruthy();

  const code = (await (await owner.get(`/api/trips/${tripId}/invitation`)).json()).displayCode;
  const page = await guestPage(browser, "Mika");
  expect((await page.request.post("/api/trips/join", { data: { code } })).ok()).toBeTruthy();
  await page.evaluate((id) => localStorage.setItem("currentTripId", id), tripId);
  await page.goto("/my-trip");
  await page.getByRole("tab", { name: "Calendar" }).click();
  const day1 = page.getByRole("region", { name: "Day 1" });
  const late = day1.locator(`[data-visit="${last.placeId}"]`);
  await expect(late).toContainText("22:40");
  const hotel = day1.locator("[data-hotel]");
  await hotel.scrollIntoViewIfNeeded();
  const lateBox = (await late.boundingBox())!;
  const hotelBox = (await hotel.boundingBox())!;
  expect(hotelBox.y).toBeGreaterThanOrEqual(lateBox.y + lateBox.height);
  await shot(page, testInfo, "calendar-late-day-hotel");
  await owner.dispose();
});

test("an edit that loses a time-of-day wish, or takes a park past sunset, says so", async ({
  browser,
  baseURL,
}, testInfo) => {
  const owner = await guestApi(baseURL!, "Aoi");
  // December in Kyoto: the sun sets before 17:00.
  const tripId = await createKyotoTripApi(owner, "Winter Kyoto", 12, 1);
  const add = async (data: Record<string, unknown>) => {
    const res = await owner.post(`/api/trips/${tripId}/places`, { data: { wishLevel: 8, ...data } });
    expect(res.status()).toBe(201);
    return (await res.json()).place.id as string;
  };
  const park = await add({
    name: "Maruyama Park",
    category: "park",
    latitude: 35.0036,
    longitude: 135.7806,
    stayMinutes: 60,
    preferredTimeOfDay: "morning",
  });
  const museum = await add({
    name: "Kyoto National Museum",
    category: "museum",
    latitude: 34.9899,
    longitude: 135.7731,
    stayMinutes: 120,
    openingHours: "Mo-Su 09:30-17:00",
  });
  const plan = (await optimiseAndWait(owner, tripId)) as { days: { visits: { placeId: string }[] }[] };
  expect(plan.days[0]!.visits.map((v) => v.placeId)).toEqual([park, museum]);
  const edit = async (data: Record<string, unknown>) =>
    expect((await owner.post(`/api/trips/${tripId}/itinerary/edits`, { data })).ok()).toBeTruthy();

  const code = (await (await owner.get(`/api/trips/${tripId}/invitation`)).json()).displayCode;
  const page = await guestPage(browser, "Ren");
  expect((await page.request.post("/api/trips/join", { data: { code } })).ok()).toBeTruthy();
  await page.evaluate((id) => localStorage.setItem("currentTripId", id), tripId);
  const banner = page.getByRole("region", { name: "Saved with problems" });
  const open = async () => {
    await page.goto("/my-trip");
    await page.getByRole("tab", { name: "Calendar" }).click();
  };

  // The park after the museum: past the morning it was wished for.
  await edit({ type: "reorder", day: 1, from: 0, to: 1 });
  await open();
  await expect(banner).toContainText(/Maruyama Park \d\d:\d\d-\d\d:\d\d is no longer in the morning/);
  // Seven hours of museum: the park after sunset, said as that (its hours would not say why).
  await edit({ type: "resize", day: 1, placeId: museum, stayMinutes: 420 });
  await open();
  await expect(banner).toContainText(
    /Maruyama Park \d\d:\d\d-\d\d:\d\d is outdoors and runs after dark \(sunset 1[67]:\d\d\)/,
  );
  await expect(banner).not.toContainText("no longer in the morning");
  await shot(page, testInfo, "calendar-after-dark");
  await owner.dispose();
});
