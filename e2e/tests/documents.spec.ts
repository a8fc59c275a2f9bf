import { mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createKyotoTripApi, guestPage, optimiseAndWait } from "./trip-helpers";

// Issue 30 item 4: documents. Aiko attaches a PDF ticket to the trip's hotel booking from the booking's
// card; Ben, another member, finds it on the Documents screen without a reload and opens it (a PDF,
// inline); a stranger asking for the same URL with their own cookie gets the generic 404. Aiko's
// private passport scan is hers alone. Screens are captured on phone and desktop, light and dark.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const SHOTS = "/tmp/h-docs-shots";

/** A small valid PDF: one page. */
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
    "3 0 obj<</Type/Page/MediaBox[0 0 200 200]/Parent 2 0 R>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);
/** A 1 x 1 PNG (a "scan"). */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

async function tripWithHotel(browser: Browser, viewport: { width: number; height: number }) {
  const aiko = await guestPage(browser, "Aiko", viewport);
  const ben = await guestPage(browser, "Ben", viewport);
  const tripId = await createKyotoTripApi(aiko.request, "Kyoto documents", 30);
  const place = await aiko.request.post(`/api/trips/${tripId}/places`, {
    data: { name: "Kinkaku-ji", latitude: 35.0394, longitude: 135.7292, stayMinutes: 60, wishLevel: 8 },
  });
  expect(place.status()).toBe(201);
  const booking = await aiko.request.post(`/api/trips/${tripId}/bookings`, {
    data: {
      bookingType: "hotel",
      hotelName: "Hotel Kanra Kyoto",
      checkInTime: "15:00",
      checkOutTime: "11:00",
    },
  });
  expect(booking.status()).toBe(201);
  const code = (await (await aiko.request.get(`/api/trips/${tripId}/invitation`)).json()).displayCode;
  expect((await ben.request.post("/api/trips/join", { data: { code } })).ok()).toBeTruthy();
  await optimiseAndWait(aiko.request, tripId);
  for (const p of [aiko, ben]) await p.evaluate((id) => localStorage.setItem("currentTripId", id), tripId);
  return { aiko, ben, tripId, bookingId: (await booking.json()).id as string };
}

async function capture(page: Page, project: string, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const dark of [false, true]) {
    await page.evaluate((d) => {
      document.documentElement.classList.toggle("dark", d);
      localStorage.setItem("theme", d ? "dark" : "light");
    }, dark);
    await page.waitForTimeout(400); // colour transitions
    await page.screenshot({ path: `${SHOTS}/${project}-${name}${dark ? "-dark" : ""}.png`, fullPage: true });
  }
  await page.evaluate(() => {
    document.documentElement.classList.remove("dark");
    localStorage.setItem("theme", "light");
  });
}

/** Picks a file through the button's file chooser, as a user does. */
async function choose(
  page: Page,
  button: ReturnType<Page["getByRole"]>,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  const [chooser] = await Promise.all([page.waitForEvent("filechooser"), button.click()]);
  await chooser.setFiles(file);
}

test("a PDF ticket attached to a booking is opened by another member and refused to a stranger @phone", async ({
  browser,
  server,
}, testInfo) => {
  test.setTimeout(180_000);
  const project = testInfo.project.name;
  const viewport = project === "phone" ? PHONE : DESKTOP;
  const { aiko, ben, tripId, bookingId } = await tripWithHotel(browser, viewport);

  // Ben opens the Documents screen from the trip's tools: empty for now.
  await ben.goto("/my-trip");
  await ben.getByRole("link", { name: "Documents" }).click();
  await expect(ben).toHaveURL(/\/my-trip\/documents$/);
  await expect(ben.getByRole("heading", { name: "No documents yet" })).toBeVisible();
  await capture(ben, project, "documents-empty");

  // Aiko attaches the ticket on the hotel's card in the Bookings panel.
  await aiko.goto("/my-trip");
  await aiko.getByRole("button", { name: "Bookings" }).click();
  const panel = aiko.getByRole("dialog", { name: "Bookings" });
  const card = panel.getByTestId(`booking-documents-${bookingId}`);
  await choose(aiko, card.getByRole("button", { name: "Attach file" }), {
    name: "Hotel Kanra confirmation.pdf",
    mimeType: "application/pdf",
    buffer: PDF,
  });
  await expect(aiko.getByText("Hotel Kanra confirmation.pdf added")).toBeVisible();
  await expect(card.getByRole("link", { name: "Open Hotel Kanra confirmation in a new tab" })).toBeVisible();
  await capture(aiko, project, "booking-with-document");

  // Ben's open screen shows it without a reload (the trip's channel), on the booking.
  const row = ben.getByTestId("document-row").filter({ hasText: "Hotel Kanra confirmation" });
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(row).toContainText("Aiko");
  await expect(row).toContainText("On Hotel Kanra Kyoto");
  await expect(row).not.toContainText("Private");

  // He opens it: a new tab with the PDF, inline, sandboxed.
  const link = row.getByRole("link", { name: "Open Hotel Kanra confirmation in a new tab" });
  const href = (await link.getAttribute("href"))!;
  expect(href).toMatch(new RegExp(`^/api/trips/${tripId}/documents/[0-9a-f-]{36}/file$`));
  expect(await link.getAttribute("target")).toBe("_blank");
  // (The headless browser has no PDF viewer and may take it as a download: its answer is what counts.)
  const [tab, opened] = await Promise.all([
    ben.context().waitForEvent("page"),
    ben.context().waitForEvent("response", (r) => r.url() === `${server.url}${href}`),
    link.click(),
  ]);
  expect(opened.status()).toBe(200);
  expect(opened.headers()["content-type"]).toBe("application/pdf");
  await tab.close();
  const file = await ben.request.get(href);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toBe("application/pdf");
  expect(file.headers()["content-disposition"]).toContain('inline; filename="Hotel Kanra confirmation.pdf"');
  expect(file.headers()["x-content-type-options"]).toBe("nosniff");
  expect(file.headers()["content-security-policy"]).toMatch(/^sandbox/);
  expect(Buffer.from(await file.body()).equals(PDF)).toBe(true);

  // A stranger with their own session asks for the same URL: the generic 404, as for any unknown trip.
  const stranger = await guestPage(browser, "Stranger", viewport);
  const refused = await stranger.request.get(href);
  expect(refused.status()).toBe(404);
  const unknown = await stranger.request.get(`/api/trips/${crypto.randomUUID()}/documents`);
  expect(await refused.text()).toBe(await unknown.text());
  expect((await stranger.request.get(`/api/trips/${tripId}/documents`)).status()).toBe(404);
  await stranger.context().close();

  // Aiko adds a private scan on the Documents screen: hers alone.
  await aiko.keyboard.press("Escape");
  await aiko.goto("/my-trip/documents");
  await aiko.getByLabel("Only me").check();
  await choose(aiko, aiko.getByRole("button", { name: "Add file" }), {
    name: "passport.png",
    mimeType: "image/png",
    buffer: PNG,
  });
  const scan = aiko.getByTestId("document-row").filter({ hasText: "passport" });
  await expect(scan).toContainText("Private");
  await expect(aiko.getByTestId("document-row")).toHaveCount(2);
  await capture(aiko, project, "documents");
  // Checked once the toasts (not this screen's) are gone.
  await expect(aiko.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  const axe = await new AxeBuilder({ page: aiko }).withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual(
    [],
  );
  const scanHref = (await scan.getByRole("link").getAttribute("href"))!;
  expect((await ben.request.get(scanHref)).status()).toBe(404);
  await expect(ben.getByTestId("document-row")).toHaveCount(1);

  // Aiko renames her scan, then deletes it from its menu, after a confirmation.
  await aiko.getByRole("button", { name: "More for passport" }).click();
  await aiko.getByRole("menuitem", { name: "Rename" }).click();
  const rename = aiko.getByRole("dialog", { name: "Rename document" });
  await rename.getByLabel("Name").fill("Passport (Aiko)");
  await rename.getByRole("button", { name: "Save" }).click();
  await expect(rename).toBeHidden();
  await expect(scan).toHaveCount(1);
  await expect(aiko.getByRole("link", { name: "Open Passport (Aiko) in a new tab" })).toBeVisible();
  await aiko.getByRole("button", { name: "More for Passport (Aiko)" }).click();
  await aiko.getByRole("menuitem", { name: "Delete" }).click();
  const confirm = aiko.getByRole("alertdialog", { name: "Delete this document?" });
  await expect(confirm).toContainText("Passport (Aiko) will be removed for everyone who can see it.");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(aiko.getByTestId("document-row")).toHaveCount(1);
  expect((await aiko.request.get(scanHref)).status()).toBe(404);

  // Deleting the booking takes its ticket with it, on Ben's screen too.
  expect((await aiko.request.delete(`/api/trips/${tripId}/bookings/${bookingId}`)).status()).toBe(204);
  await expect(ben.getByRole("heading", { name: "No documents yet" })).toBeVisible({ timeout: 15_000 });
  expect((await ben.request.get(href)).status()).toBe(404);
});
