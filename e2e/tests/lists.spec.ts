import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { englishLeft, text } from "./i18n-helpers";
import { createKyotoTripApi, guestPage, isoInDays } from "./trip-helpers";

// Issue 30 item 3: checklists. Aiko copies the packing starter list; Ben, on his own open page, sees
// the item Aiko checks turn checked (and by whom) without a reload; Aiko adds items inline and drags
// one to the top, which stays there after a reload; Ben's personal list never shows on Aiko's screen.
// Screens are captured on a phone and a desktop, light and dark.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const SHOTS = "/tmp/h-lists-shots";

async function capture(page: Page, project: string, name: string) {
  for (const dark of [false, true]) {
    await page.evaluate((d) => {
      document.documentElement.classList.toggle("dark", d);
      localStorage.setItem("theme", d ? "dark" : "light");
    }, dark);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/${project}-${name}${dark ? "-dark" : ""}.png`, fullPage: true });
  }
  await page.evaluate(() => {
    document.documentElement.classList.remove("dark");
    localStorage.setItem("theme", "light");
  });
  await page.waitForTimeout(400); // back to light: the colour transitions end before anything is checked
}

async function expectNoViolations(page: Page, what: string) {
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    what,
  ).toEqual([]);
}

const item = (page: Page, name: string) => page.getByRole("checkbox", { name, exact: true });
const texts = (page: Page) => page.getByTestId("list-item").locator("p[data-user-content]").allTextContents();

/** Drags an item by its handle onto another item's row (dnd-kit's pointer sensor: small steps). */
async function drag(page: Page, from: string, onto: string) {
  const handle = page.getByRole("button", { name: `Move ${from}`, exact: true });
  const target = page.getByTestId("list-item").filter({ has: item(page, onto) });
  await handle.scrollIntoViewIfNeeded();
  const a = (await handle.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2 - 10, { steps: 3 });
  const b = (await target.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, b.y + b.height / 2, { steps: 15 });
  await page.waitForTimeout(150);
  await page.mouse.up();
}

test("a shared checklist: copied from a starter, checked live, added to and reordered by drag @phone", async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const project = testInfo.project.name;
  const viewport = project === "phone" ? PHONE : DESKTOP;
  const aiko = await guestPage(browser, "Aiko", viewport);
  const ben = await guestPage(browser, "Ben", viewport);
  const tripId = await createKyotoTripApi(aiko.request, "Kyoto lists", 30);
  const code = (await (await aiko.request.get(`/api/trips/${tripId}/invitation`)).json()).displayCode;
  expect((await ben.request.post("/api/trips/join", { data: { code } })).ok()).toBeTruthy();
  for (const p of [aiko, ben]) await p.evaluate((id) => localStorage.setItem("currentTripId", id), tripId);

  // From the trip page's tools; empty at first, with the starter lists to copy.
  await aiko.goto("/my-trip");
  await aiko.getByRole("link", { name: "Lists" }).click();
  await expect(aiko).toHaveURL(/\/my-trip\/lists$/);
  await expect(aiko.getByRole("heading", { name: "No lists yet" })).toBeVisible();
  await expectNoViolations(aiko, "no lists yet");
  await capture(aiko, project, "lists-empty");

  await aiko.getByRole("button", { name: "Copy the list Packing basics" }).click();
  await expect(aiko).toHaveURL(/\?list=/);
  await expect(aiko.getByRole("heading", { name: "Packing basics" })).toBeVisible();
  await expect(item(aiko, "Passport")).toHaveAttribute("aria-checked", "false");
  await expect(aiko.getByTestId("progress").first()).toHaveText("0/18");

  // Ben opens it from his overview.
  await ben.goto("/my-trip/lists");
  await ben.getByTestId("list-card").filter({ hasText: "Packing basics" }).click();
  await expect(item(ben, "Passport")).toHaveAttribute("aria-checked", "false");

  // Aiko checks the passport: Ben's page shows it checked, by Aiko, without a reload.
  await item(aiko, "Passport").click();
  await expect(item(aiko, "Passport")).toHaveAttribute("aria-checked", "true");
  await expect(item(ben, "Passport")).toHaveAttribute("aria-checked", "true", { timeout: 15_000 });
  await expect(ben.getByTestId("checked-by").first()).toContainText("Done by Aiko");
  await expect(ben.getByTestId("progress").first()).toHaveText("1/18");

  // Inline adding: Enter adds, the field empties and keeps the focus.
  const add = aiko.getByLabel("New item");
  await add.fill("Sunglasses");
  await add.press("Enter");
  await expect(add).toHaveValue("");
  await expect(add).toBeFocused();
  await add.fill("Snacks for the train");
  await add.press("Enter");
  await expect(item(aiko, "Snacks for the train")).toBeVisible();
  await expect(item(ben, "Snacks for the train")).toBeVisible({ timeout: 15_000 });

  // An item assigned to Ben, due yesterday: marked overdue (set through the API for the date).
  const list = new URL(aiko.url()).searchParams.get("list")!;
  const detail = await (await aiko.request.get(`/api/trips/${tripId}/lists/${list}`)).json();
  const medicines = detail.items.find((i: { text: string }) => i.text === "Medicines");
  const benId = (await (await ben.request.get("/api/me")).json()).id;
  const assigned = await aiko.request.patch(`/api/trips/${tripId}/lists/${list}/items/${medicines.id}`, {
    data: { assigneeId: benId, dueOn: isoInDays(-1) },
  });
  expect(assigned.ok()).toBeTruthy();
  await expect(aiko.locator("[data-overdue]")).toHaveCount(1, { timeout: 15_000 });

  // Dragged to the top, it stays there after a reload (and Ben sees the new order).
  await drag(aiko, "Snacks for the train", "Passport");
  await expect.poll(async () => (await texts(aiko))[0]).toBe("Snacks for the train");
  await expect.poll(async () => (await texts(ben))[0], { timeout: 15_000 }).toBe("Snacks for the train");
  await aiko.reload();
  await expect(item(aiko, "Passport")).toBeVisible();
  expect((await texts(aiko)).slice(0, 2)).toEqual(["Snacks for the train", "Passport"]);
  await expectNoViolations(aiko, "a list");
  await capture(aiko, project, "lists-list");

  // Keyboard reordering: the edit panel's Move down.
  await aiko.getByRole("button", { name: "Edit Snacks for the train" }).click();
  await aiko.getByRole("button", { name: "Move down" }).click();
  await expect
    .poll(async () => (await texts(aiko)).slice(0, 2))
    .toEqual(["Passport", "Snacks for the train"]);
  await capture(aiko, project, "lists-edit");

  // Offline, Ben's tick shows at once and a new item waits; both reach Aiko once he is back online.
  await ben.context().setOffline(true);
  await item(ben, "Sunscreen").click();
  await expect(item(ben, "Sunscreen")).toHaveAttribute("aria-checked", "true");
  await ben.getByLabel("New item").fill("Sun hat");
  await ben.getByLabel("New item").press("Enter");
  await expect(ben.getByText("Waiting to send")).toBeVisible();
  await expect(item(aiko, "Sunscreen")).toHaveAttribute("aria-checked", "false");
  await ben.context().setOffline(false);
  await expect(item(aiko, "Sunscreen")).toHaveAttribute("aria-checked", "true", { timeout: 30_000 });
  await expect(item(aiko, "Sun hat")).toBeVisible({ timeout: 30_000 });
  await expect(item(ben, "Sun hat")).toBeVisible({ timeout: 30_000 });
  await expect(ben.getByText("Waiting to send")).toHaveCount(0);

  // Ben's personal list is his alone.
  await ben.goto("/my-trip/lists");
  await ben.getByRole("button", { name: "New list" }).click();
  await ben.getByLabel("Name").fill("Ben's surprise for Aiko");
  await ben.getByText("Only me", { exact: true }).click();
  await ben.getByRole("button", { name: "Create list" }).click();
  await expect(ben.getByRole("heading", { name: "Ben's surprise for Aiko" })).toBeVisible();
  await ben.getByLabel("New item").fill("Cake");
  await ben.getByLabel("New item").press("Enter");
  await expect(item(ben, "Cake")).toBeVisible();
  await ben.getByRole("button", { name: "All lists" }).click();
  await expect(ben.getByRole("region", { name: "Only you" })).toContainText("Ben's surprise for Aiko");
  await capture(ben, project, "lists-overview");

  await aiko.getByRole("button", { name: "All lists" }).click();
  await expect(aiko.getByTestId("list-card")).toHaveCount(1);
  await aiko.reload();
  await expect(aiko.getByTestId("list-card")).toHaveCount(1);
  await expect(aiko.getByText("Ben's surprise for Aiko")).toHaveCount(0);
  await expect(aiko.getByTestId("list-card")).toContainText("2/21");
});

test("in 日本語: the starter list is copied in Japanese and the screen has no English left @phone", async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const project = testInfo.project.name;
  const chika = await guestPage(browser, "Chika", project === "phone" ? PHONE : DESKTOP);
  const tripId = await createKyotoTripApi(chika.request, "京都の旅", 20);
  await chika.evaluate((id) => localStorage.setItem("currentTripId", id), tripId);
  await chika.goto("/profile");
  await chika.locator("select:has(option[value='ja'])").selectOption("ja");
  await expect(chika.locator("html")).toHaveAttribute("lang", /^ja/);

  await chika.goto("/my-trip/lists");
  await expect(chika.getByRole("heading", { name: text("ja", "lists:empty.title") })).toBeVisible();
  await chika
    .getByRole("button", { name: text("ja", "lists:templates.copyNamed", { title: "出発前にやること" }) })
    .click();
  await expect(chika.getByRole("heading", { name: "出発前にやること" })).toBeVisible();
  await item(chika, "海外旅行保険に加入").click();
  await expect(item(chika, "海外旅行保険に加入")).toHaveAttribute("aria-checked", "true");
  await chika
    .getByRole("button", { name: text("ja", "lists:edit", { text: "オンラインチェックイン" }) })
    .click();
  await expect(chika.getByRole("button", { name: text("ja", "lists:moveUp") })).toBeVisible();
  await expect(chika.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  expect(await englishLeft(chika.locator("main"), "ja", ["京都の旅", "Chika"])).toEqual([]);
  await capture(chika, project, "lists-ja");
});
