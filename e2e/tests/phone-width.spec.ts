import { expect, test } from "./fixtures";
import { shot } from "./helpers";
import { createKyotoTripApi, guestPage } from "./trip-helpers";

// No screen is wider than a phone. A grid or flex row sized by its widest content (a long name that
// does not wrap) makes the whole page pan sideways on a phone, and a tap then lands beside the button
// the user sees (the Share screen did, found by its e2e). Long names everywhere, on a narrow phone,
// every screen of the trip and its public page: the page must be exactly as wide as the screen.

const PHONE = { width: 360, height: 780 };
const LONG_MEMBER = "Maximiliane Alexandrina Wolkenstein-Trostburg Vasconcelos";
// A link pasted in a note: one word of 90 characters.
const LONG_NOTE =
  "Tickets: https://www.kiyomizudera.or.jp/en/visit/admission-and-opening-hours-information-2026";
const LONG_TITLE =
  "Dinner at the little place by the river with the lanterns that Ben found on the first evening in town";

test("@phone every screen of a trip with long names fits a 360 px phone, light and dark", async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const owner = await guestPage(browser, LONG_MEMBER.slice(0, 60), PHONE);
  const friend = await guestPage(browser, `${LONG_MEMBER.slice(0, 40)} Junior`, PHONE);
  const tripId = await createKyotoTripApi(
    owner.request,
    "Autumn leaves in Kyoto and the temples of the northern hills with everyone",
    30,
  );
  // A second trip on home whose name is one word of 75 characters: nothing to break it at.
  await createKyotoTripApi(owner.request, "Kyoto".repeat(15), 60);
  const place = await owner.request.post(`/api/trips/${tripId}/places`, {
    data: {
      name: "Rokuon-ji, the Temple of the Golden Pavilion (Kinkaku-ji) and its mirror pond garden",
      latitude: 35.0394,
      longitude: 135.7292,
      stayMinutes: 60,
      wishLevel: 8,
      notes: LONG_NOTE,
    },
  });
  expect(place.status()).toBe(201);
  const code = (await (await owner.request.get(`/api/trips/${tripId}/invitation`)).json()).displayCode;
  expect((await friend.request.post("/api/trips/join", { data: { code } })).ok()).toBeTruthy();
  const ids = [owner, friend].map(async (p) => (await (await p.request.get("/api/me")).json()).id as string);
  const [ownerId, friendId] = await Promise.all(ids);
  expect(
    (await owner.request.put(`/api/trips/${tripId}/money/currency`, { data: { currency: "JPY" } })).ok(),
  ).toBeTruthy();
  const expense = await owner.request.post(`/api/trips/${tripId}/expenses`, {
    data: {
      title: LONG_TITLE,
      amountMinor: 1234567,
      currency: "JPY",
      date: new Date().toISOString().slice(0, 10),
      payers: [{ memberId: ownerId, amountMinor: 1234567 }],
      split: { kind: "equal", entries: [{ memberId: ownerId }, { memberId: friendId }] },
    },
  });
  expect(expense.status(), await expense.text()).toBe(201);
  await owner.evaluate((id) => localStorage.setItem("currentTripId", id), tripId);

  const screens = [
    "/",
    "/my-trip",
    "/my-trip/my-places",
    "/my-trip/chat",
    "/my-trip/money",
    "/my-trip/polls",
    "/my-trip/documents",
    "/my-trip/lists",
    "/my-trip/share",
    "/add-place",
    "/profile",
  ];
  // The public page, as a stranger sees it: read-only, and with the join sheet over it.
  const shared: string[] = [];
  for (const shareType of ["external_view", "external_collaborate"]) {
    const share = await owner.request.post(`/api/trips/${tripId}/shares`, { data: { shareType } });
    expect(share.status()).toBe(201);
    shared.push(`/shared/${(await share.json()).token}`);
  }
  const stranger = await (await browser.newContext({ viewport: PHONE })).newPage();

  for (const theme of ["light", "dark"]) {
    await owner.evaluate((t) => localStorage.setItem("theme", t), theme);
    await stranger.emulateMedia({ colorScheme: theme === "dark" ? "dark" : "light" });
    for (const [page, path] of [
      ...screens.map((path) => [owner, path] as const),
      ...shared.map((path) => [stranger, path] as const),
    ]) {
      await page.goto(path);
      await expect(page.locator("main")).toBeVisible();
      // Content arrives after the shell: wait for the network to settle before measuring.
      await page.waitForLoadState("networkidle");
      const width = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        screen: document.documentElement.clientWidth,
        // What sticks out, leaving out what a clipping ancestor hides (the background's glows).
        widest: [...document.querySelectorAll("body *")]
          .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
          .filter((e) => {
            for (let p = e.parentElement; p && p !== document.body; p = p.parentElement)
              if (getComputedStyle(p).overflowX !== "visible") return false;
            return true;
          })
          .slice(0, 3)
          .map((e) => `${e.tagName.toLowerCase()}.${String(e.className).slice(0, 60)}`),
      }));
      expect(width.page, `${path} (${theme}) is wider than the phone: ${width.widest.join(" | ")}`).toBe(
        width.screen,
      );
      if (path.startsWith("/shared/"))
        await shot(page, testInfo, `phone-width-shared-${shared.indexOf(path) ? "join" : "view"}-${theme}`);
      else if (theme === "light" || path === "/my-trip/money")
        await shot(page, testInfo, `phone-width${path === "/" ? "-home" : path.replaceAll("/", "-")}`);
    }
  }
});
