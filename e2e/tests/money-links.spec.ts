import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import sharp from "sharp";
import { expect, test } from "./fixtures";
import { englishLeft } from "./i18n-helpers";
import { createKyotoTripApi, guestPage, optimiseAndWait } from "./trip-helpers";

// Issue 29, the money tied to the plan: a hotel booking with a price becomes an expense with "Add as
// expense" (title, amount, currency, category, day and link filled in), with a receipt photo uploaded
// in the dialog, seen as a thumbnail on the row and full size; an expense linked to a meal of the plan;
// the printable summary checked in print media. Screens are captured light and dark.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const SHOTS = "/tmp/h-money-shots";

async function twoMembers(browser: Browser, viewport: { width: number; height: number }) {
  const aiko = await guestPage(browser, "Aiko", viewport);
  const ben = await guestPage(browser, "Ben", viewport);
  const tripId = await createKyotoTripApi(aiko.request, "Kyoto receipts", 30);
  const place = await aiko.request.post(`/api/trips/${tripId}/places`, {
    data: { name: "Kinkaku-ji", latitude: 35.0394, longitude: 135.7292, stayMinutes: 60, wishLevel: 8 },
  });
  expect(place.status()).toBe(201);
  const code = (await (await aiko.request.get(`/api/trips/${tripId}/invitation`)).json()).displayCode;
  expect((await ben.request.post("/api/trips/join", { data: { code } })).ok()).toBeTruthy();
  const plan = (await optimiseAndWait(aiko.request, tripId)) as unknown as {
    days: { day: number; date: string; meals: { kind: string }[] }[];
  };
  expect(
    (await aiko.request.put(`/api/trips/${tripId}/money/currency`, { data: { currency: "JPY" } })).ok(),
  ).toBeTruthy();
  const checkIn = plan.days[0]!.date;
  const hotel = await aiko.request.post(`/api/trips/${tripId}/bookings`, {
    data: {
      bookingType: "hotel",
      hotelName: "Ryokan Sakura",
      checkInTime: "15:00",
      checkOutTime: "11:00",
      checkInDate: checkIn,
      checkOutDate: plan.days[1]?.date ?? checkIn,
      price: 54000,
      currency: "JPY",
    },
  });
  expect(hotel.status()).toBe(201);
  for (const p of [aiko, ben]) await p.evaluate((id) => localStorage.setItem("currentTripId", id), tripId);
  return { aiko, ben, tripId, plan, checkIn, hotelId: (await hotel.json()).id as string };
}

/** A photographed receipt: a white slip with lines of text. */
const receiptPhoto = () =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="600" height="900">
      <rect width="600" height="900" fill="#fdfcf7"/>
      <text x="300" y="90" font-size="44" text-anchor="middle" font-family="sans-serif">RYOKAN SAKURA</text>
      <text x="60" y="220" font-size="32" font-family="monospace">2 nights ........ 54,000</text>
      <text x="60" y="290" font-size="32" font-family="monospace">Tax ............. incl.</text>
      <text x="60" y="420" font-size="40" font-family="monospace" font-weight="bold">TOTAL   JPY 54,000</text>
    </svg>`),
  )
    .jpeg({ quality: 85 })
    .toBuffer();

const dialog = (page: Page) => page.getByRole("dialog").first();

async function capture(page: Page, project: string, name: string) {
  for (const dark of [false, true]) {
    await page.evaluate((d) => {
      document.documentElement.classList.toggle("dark", d);
      localStorage.setItem("theme", d ? "dark" : "light");
    }, dark);
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${SHOTS}/${project}-${name}${dark ? "-dark" : ""}.png`, fullPage: true });
  }
  await page.evaluate(() => {
    document.documentElement.classList.remove("dark");
    localStorage.setItem("theme", "light");
  });
}

test("a booking becomes an expense with a receipt, a meal is linked, and the summary prints @phone", async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const project = testInfo.project.name;
  const viewport = project === "phone" ? PHONE : DESKTOP;
  const { aiko, ben, plan, checkIn, hotelId } = await twoMembers(browser, viewport);

  // "Add as expense" on the hotel in the trip's bookings.
  await aiko.goto("/my-trip");
  await aiko.getByRole("button", { name: "Bookings" }).click();
  const panel = aiko.getByRole("dialog", { name: "Bookings" });
  await expect(panel.getByText("Ryokan Sakura")).toBeVisible();
  await capture(aiko, project, "booking-add-as-expense");
  await panel.getByRole("button", { name: "Add as expense" }).click();
  await expect(aiko).toHaveURL(/\/my-trip\/money$/);
  const d = dialog(aiko);
  await expect(d.getByRole("heading", { name: "Add expense" })).toBeVisible();
  await expect(d.getByLabel("What for")).toHaveValue("Ryokan Sakura");
  await expect(d.getByLabel("Amount", { exact: true })).toHaveValue("54000");
  await expect(d.getByLabel("Currency")).toHaveValue("JPY");
  await expect(d.getByLabel("Category")).toHaveValue("lodging");
  await expect(d.getByLabel("Date")).toHaveValue(checkIn);
  await expect(d.getByLabel("Linked to")).toHaveValue(`booking:${hotelId}`);

  // A receipt photo: uploaded at once, shown as a thumbnail; a second one is removed again.
  const input = d.getByTestId("receipts-input");
  await input.setInputFiles({ name: "receipt.jpg", mimeType: "image/jpeg", buffer: await receiptPhoto() });
  await expect(d.getByRole("button", { name: "Open receipt 1" })).toBeVisible();
  await input.setInputFiles({ name: "again.jpg", mimeType: "image/jpeg", buffer: await receiptPhoto() });
  await expect(d.getByRole("button", { name: "Open receipt 2" })).toBeVisible();
  await d.getByRole("button", { name: "Remove receipt 2" }).click();
  await expect(d.getByRole("button", { name: "Open receipt 2" })).toBeHidden();
  await input.setInputFiles({
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("not a photo"),
  });
  await expect(d.getByText("notes.txt is not a photo.")).toBeVisible();
  await expect(d.getByText("1 of 5")).toBeVisible();
  await d.getByTestId("receipts").scrollIntoViewIfNeeded();
  await capture(aiko, project, "expense-dialog-receipt");
  await d.getByRole("button", { name: "Save" }).click();
  await expect(d).toBeHidden();

  // The row: the booking by name, the receipt's thumbnail, which opens it full size. Ben sees it too.
  const row = aiko.getByTestId("expense-row").filter({ hasText: "Ryokan Sakura" });
  await expect(row).toContainText("Booking: Ryokan Sakura");
  await expect(row).toContainText("¥54,000");
  for (const page of [aiko, ben]) {
    if (page === ben) await ben.goto("/my-trip/money");
    const thumb = page.getByTestId("receipt-thumb");
    await expect(thumb).toHaveCount(1);
    await expect
      .poll(() => thumb.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
  }
  await capture(aiko, project, "expense-row-receipt");
  await aiko.getByTestId("receipt-thumb").click();
  const full = aiko.getByTestId("receipt-full");
  await expect(full).toBeVisible();
  await expect.poll(() => full.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(300);
  await capture(aiko, project, "receipt-full");
  await aiko.keyboard.press("Escape");
  await expect(full).toBeHidden();

  // An expense linked to a meal of the plan: its day becomes the date; the row names the meal.
  const meal = plan.days.flatMap((day) => day.meals.map((m) => ({ day, kind: m.kind })))[0];
  expect(meal, "the plan has a meal").toBeTruthy();
  const label = meal!.kind[0]!.toUpperCase() + meal!.kind.slice(1);
  await aiko.getByRole("button", { name: "Add expense" }).first().click();
  await d.getByLabel("What for").fill("Soba for two");
  await d.getByLabel("Amount", { exact: true }).fill("2400");
  await d.getByLabel("Linked to").selectOption(`meal:${meal!.day.date}:${meal!.kind}`);
  await expect(d.getByLabel("Linked to").locator("option:checked")).toHaveText(
    new RegExp(`^Day ${meal!.day.day}: ${label}`),
  );
  await expect(d.getByLabel("Date")).toHaveValue(meal!.day.date);
  await d.getByRole("button", { name: "Save" }).click();
  await expect(d).toBeHidden();
  await expect(aiko.getByTestId("expense-row").filter({ hasText: "Soba for two" })).toContainText(
    `Meal: ${label},`,
  );
  await expect(aiko.getByTestId("money-total")).toHaveText("¥56,400");

  // The printable summary, in print media: totals by category, per person, transfers, every expense.
  await expect(aiko.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  await capture(aiko, project, "money-with-links");
  await aiko.getByRole("link", { name: "Print summary" }).click();
  await expect(aiko).toHaveURL(/\/my-trip\/money\/print$/);
  const doc = aiko.getByTestId("money-print");
  await expect(doc.getByRole("heading", { name: "Kyoto receipts" })).toBeVisible();
  await aiko.emulateMedia({ media: "print" });
  await expect(aiko.getByRole("button", { name: "Print" })).toBeHidden();
  await expect(aiko.getByTestId("print-total")).toHaveText("¥56,400");
  await expect(aiko.getByTestId("print-categories")).toContainText("Lodging");
  await expect(aiko.getByTestId("print-categories")).toContainText("¥54,000");
  const balances = aiko.getByTestId("print-balances");
  await expect(balances.locator("tr").filter({ hasText: "Aiko" })).toContainText("+¥28,200");
  await expect(balances.locator("tr").filter({ hasText: "Ben" })).toContainText("-¥28,200");
  await expect(aiko.getByTestId("print-transfers")).toContainText("Ben pays Aiko");
  await expect(aiko.getByTestId("print-transfers")).toContainText("¥28,200");
  await expect(aiko.getByTestId("print-expense")).toHaveCount(2);
  await expect(aiko.getByTestId("print-expense").filter({ hasText: "Ryokan Sakura" })).toContainText(
    "1 receipt",
  );
  await capture(aiko, project, "money-print");
  const pdfLike = await aiko.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(pdfLike).not.toBe("rgb(2, 6, 23)"); // never the dark page behind it on paper
  await aiko.emulateMedia({ media: "screen" });
  await expect(aiko.getByRole("button", { name: "Print" })).toBeVisible();
  await capture(aiko, project, "money-print-screen");
  const axe = await new AxeBuilder({ page: aiko }).withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual(
    [],
  );

  // Ben reads the summary in 日本語, nothing left in English; his receipt view opens from his row.
  expect((await ben.request.put("/api/me/language", { data: { language: "ja" } })).ok()).toBeTruthy();
  await ben.goto("/my-trip/money/print");
  await expect(ben.getByRole("button", { name: "印刷" })).toBeVisible();
  await expect(ben.getByTestId("print-transfers")).toContainText("Ben → Aiko");
  const names = ["Aiko", "Ben", "Kyoto receipts", "Ryokan Sakura", "Soba for two", "Tabi"];
  expect(await englishLeft(ben.locator("body"), "ja", names)).toEqual([]);
  await capture(ben, project, "money-print-ja");
  await ben.goto("/my-trip/money");
  await ben.getByTestId("expense-row").filter({ hasText: "Ryokan Sakura" }).click();
  await expect(dialog(ben).getByRole("button", { name: "レシート 1 を開く" })).toBeEnabled();
  expect(await englishLeft(dialog(ben), "ja", names)).toEqual([]);
});
