import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { shot } from "./helpers";
import { createKyotoTripApi, guestPage, optimiseAndWait } from "./trip-helpers";

// Issue 30 items 5 and 6: places imported from a Google My Maps KML, and the trip's plan exported as GPX
// (parsed back here), from the trip page and from a share link that allows exporting.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

const MY_MAPS_KML = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2">
  <Document>
    <name>Kyoto with friends</name>
    <Folder>
      <name>Temples &amp; shrines</name>
      <Placemark>
        <name>Kinkaku-ji</name>
        <description><![CDATA[Golden Pavilion<br>Opens 9:00]]></description>
        <Point><coordinates>135.7292431,35.0393793,0</coordinates></Point>
      </Placemark>
      <Placemark>
        <name>Fushimi Inari Taisha</name>
        <Point><coordinates>135.7726717,34.9676945,0</coordinates></Point>
      </Placemark>
    </Folder>
    <Folder>
      <name>Food</name>
      <Placemark>
        <name>Nishiki Market</name>
        <description>Pickles &amp; tamagoyaki</description>
        <Point><coordinates>135.7649,35.005,0</coordinates></Point>
      </Placemark>
    </Folder>
  </Document>
</kml>`;
const NAMES = ["Kinkaku-ji", "Fushimi Inari Taisha", "Nishiki Market"];

const setTheme = async (page: Page, theme: "light" | "dark") => {
  await page.evaluate((t) => localStorage.setItem("theme", t), theme);
  await page.reload();
};

/** A GPX file read back in the browser's own XML parser: its waypoints and its routes' points. */
async function readGpx(page: Page, text: string) {
  return page.evaluate((xml) => {
    const doc = new DOMParser().parseFromString(xml, "application/xml");
    if (doc.getElementsByTagName("parsererror").length) throw new Error("not XML");
    const gpx = doc.documentElement;
    const name = (el: Element) => el.getElementsByTagName("name")[0]?.textContent ?? "";
    return {
      root: gpx.localName,
      ns: gpx.namespaceURI,
      version: gpx.getAttribute("version"),
      waypoints: [...gpx.getElementsByTagName("wpt")].map((w) => ({
        name: name(w),
        lat: Number(w.getAttribute("lat")),
        lon: Number(w.getAttribute("lon")),
      })),
      routes: [...gpx.getElementsByTagName("rte")].map((r) => ({
        name: r.getElementsByTagName("name")[0]?.textContent ?? "",
        points: [...r.getElementsByTagName("rtept")].map(name),
      })),
    };
  }, text);
}

test("a KML of three placemarks is imported as three places @phone", async ({ browser }, testInfo) => {
  const viewport = testInfo.project.name === "phone" ? PHONE : DESKTOP;
  const page = await guestPage(browser, "Mika", viewport);
  const tripId = await createKyotoTripApi(page.request, "Kyoto imports", 30);
  await page.evaluate((id) => localStorage.setItem("currentTripId", id), tripId);
  await page.goto("/my-trip/my-places");
  await expect(page.getByText("No trip places found")).toBeVisible();

  for (const theme of ["light", "dark"] as const) {
    await setTheme(page, theme);
    await page.getByRole("button", { name: "Import places" }).click();
    const dialog = page.getByRole("dialog", { name: "Import places" });
    await expect(dialog.getByText("Choose a file")).toBeVisible();
    await shot(page, testInfo, "import-pick");
    await dialog.locator('input[type="file"]').setInputFiles({
      name: "Kyoto with friends.kml",
      mimeType: "application/vnd.google-earth.kml+xml",
      buffer: Buffer.from(MY_MAPS_KML),
    });
    await expect(dialog.getByText("3 places found in Kyoto with friends.kml")).toBeVisible();
    for (const name of NAMES) await expect(dialog.getByText(name, { exact: true })).toBeVisible();
    await expect(dialog.getByText("Temples & shrines").first()).toBeVisible();
    await expect(dialog.getByRole("checkbox", { checked: true })).toHaveCount(3);
    await shot(page, testInfo, "import-preview");
    if (theme === "light") {
      // Select none, then all: the add button follows.
      await dialog.getByRole("button", { name: "Select none" }).click();
      await expect(dialog.getByRole("button", { name: "Add 0 places" })).toBeDisabled();
      await dialog.getByRole("button", { name: "Select all" }).click();
      await page.keyboard.press("Escape");
      continue;
    }
    await dialog.getByRole("button", { name: "Add 3 places" }).click();
    await expect(dialog.getByText("Import finished")).toBeVisible();
    await expect(dialog.getByText("3 new places added")).toBeVisible();
    await shot(page, testInfo, "import-done");
    await dialog.getByRole("button", { name: "Done" }).click();
  }

  await expect(page.getByText("All team places · 3")).toBeVisible();
  await shot(page, testInfo, "import-places-header");
  for (const name of NAMES) await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
  const list = (await (await page.request.get(`/api/trips/${tripId}/places`)).json()).places as {
    name: string;
    myWish: number | null;
    notes: string | null;
  }[];
  expect(list.map((p) => p.name).sort()).toEqual([...NAMES].sort());
  expect(list.every((p) => p.myWish !== null)).toBe(true);
  expect(list.find((p) => p.name === "Nishiki Market")!.notes).toBe("Pickles & tamagoyaki");

  // The same file again: every place is already hers, nothing to add.
  await page.getByRole("button", { name: "Import places" }).click();
  const again = page.getByRole("dialog", { name: "Import places" });
  await again.locator('input[type="file"]').setInputFiles({
    name: "Kyoto with friends.kml",
    mimeType: "application/vnd.google-earth.kml+xml",
    buffer: Buffer.from(MY_MAPS_KML),
  });
  await expect(again.getByText("Already yours", { exact: true })).toHaveCount(3);
  await expect(again.getByRole("button", { name: "Add 0 places" })).toBeDisabled();
  // A file that is no map: a clear message, in the dialog.
  await again.getByRole("button", { name: "Choose another file" }).click();
  await again.locator('input[type="file"]').setInputFiles({
    name: "broken.kml",
    mimeType: "application/vnd.google-earth.kml+xml",
    buffer: Buffer.from("<kml><Document><Placemark>"),
  });
  await expect(again.getByRole("alert")).toHaveText(
    "This file is not valid KML or GPX: its XML cannot be read.",
  );
  await shot(page, testInfo, "import-error");
});

test("the plan exported as GPX from the trip page and as KML from the share page, read back @phone", async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const viewport = testInfo.project.name === "phone" ? PHONE : DESKTOP;
  const page = await guestPage(browser, "Ren", viewport);
  const tripId = await createKyotoTripApi(page.request, "Kyoto & friends 京都", 30);
  const places = [
    { name: "Kinkaku-ji", latitude: 35.0394, longitude: 135.7292 },
    { name: "Ginkaku-ji", latitude: 35.027, longitude: 135.7982 },
    { name: "Fushimi Inari Taisha", latitude: 34.9671, longitude: 135.7727 },
  ];
  for (const p of places)
    expect((await page.request.post(`/api/trips/${tripId}/places`, { data: p })).status()).toBe(201);
  const plan = await optimiseAndWait(page.request, tripId);
  const days = (plan as unknown as { days: { day: number; visits: { name: string }[] }[] }).days.filter(
    (d) => d.visits.length > 0,
  );
  expect(days.length).toBeGreaterThan(0);

  await page.evaluate((id) => localStorage.setItem("currentTripId", id), tripId);
  await page.goto("/my-trip");
  for (const theme of ["light", "dark"] as const) {
    await setTheme(page, theme);
    await page.getByRole("button", { name: "Export for maps" }).click();
    await expect(page.getByRole("menuitem", { name: "GPX · OsmAnd, Garmin" })).toBeVisible();
    await shot(page, testInfo, "export-menu");
    await page.keyboard.press("Escape");
  }
  await page.getByRole("button", { name: "Export for maps" }).click();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("menuitem", { name: "GPX · OsmAnd, Garmin" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("kyoto-friends-京都.gpx");
  const gpx = await readGpx(page, readFileSync(await download.path(), "utf8"));
  expect(gpx).toMatchObject({ root: "gpx", ns: "http://www.topografix.com/GPX/1/1", version: "1.1" });
  expect(gpx.waypoints.map((w) => w.name).sort()).toEqual(places.map((p) => p.name).sort());
  const kinkaku = gpx.waypoints.find((w) => w.name === "Kinkaku-ji")!;
  expect(kinkaku.lat).toBeCloseTo(35.0394, 4);
  expect(kinkaku.lon).toBeCloseTo(135.7292, 4);
  // One route a day, the visits in the plan's order.
  expect(gpx.routes.map((r) => r.points)).toEqual(days.map((d) => d.visits.map((v) => v.name)));
  expect(gpx.routes[0]!.name).toMatch(new RegExp(`^Day ${days[0]!.day} · \\d{4}-\\d{2}-\\d{2}$`));

  // A view link that allows exporting: the share page offers the same files to anyone with it.
  const share = await page.request.post(`/api/trips/${tripId}/shares`, {
    data: { shareType: "external_view", permissions: { canExport: true, canViewPlaces: true } },
  });
  expect(share.status()).toBe(201);
  const visitor = await (await browser.newContext({ viewport, acceptDownloads: true })).newPage();
  await visitor.goto(`/shared/${(await share.json()).token}`);
  await expect(visitor.getByRole("heading", { name: "Kyoto & friends 京都" })).toBeVisible();
  await visitor.getByRole("button", { name: "Export for maps" }).click();
  await shot(visitor, testInfo, "shared-export-menu");
  const [kmlDownload] = await Promise.all([
    visitor.waitForEvent("download"),
    visitor.getByRole("menuitem", { name: "KML · Google My Maps, Organic Maps" }).click(),
  ]);
  expect(kmlDownload.suggestedFilename()).toBe("kyoto-friends-京都.kml");
  const folders = await visitor.evaluate(
    (xml) => {
      const doc = new DOMParser().parseFromString(xml, "application/xml");
      return [...doc.getElementsByTagName("Folder")].map((f) => ({
        name: f.getElementsByTagName("name")[0]?.textContent ?? "",
        placemarks: [...f.getElementsByTagName("Placemark")].map(
          (p) => p.getElementsByTagName("name")[0]?.textContent ?? "",
        ),
      }));
    },
    readFileSync(await kmlDownload.path(), "utf8"),
  );
  expect(folders.filter((f) => f.name.startsWith("Day ")).map((f) => f.placemarks)).toEqual(
    days.map((d) => d.visits.map((v) => v.name)),
  );
});
