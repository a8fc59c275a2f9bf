import { mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { shot } from "./helpers";
import { createKyotoTripApi, guestPage } from "./trip-helpers";

// Issue 30 item 1: polls. Two members of a Kyoto trip in two browsers: Aiko asks where to go first, over
// a place of the trip and a place search result; both vote and each sees the other's vote without a
// reload; Aiko closes the poll and adds the winner, which becomes a place of the trip wished by both.
// Then a poll made from the chat's composer shows as a card that Ben votes in inline.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const SHOTS = "/tmp/h-polls-shots";

async function twoMembers(browser: Browser, viewport: { width: number; height: number }) {
  const aiko = await guestPage(browser, "Aiko", viewport);
  const ben = await guestPage(browser, "Ben", viewport);
  const tripId = await createKyotoTripApi(aiko.request, "Kyoto polls", 30);
  const place = await aiko.request.post(`/api/trips/${tripId}/places`, {
    data: { name: "Kinkaku-ji", latitude: 35.0394, longitude: 135.7292, stayMinutes: 60, wishLevel: 8 },
  });
  expect(place.status()).toBe(201);
  const code = (await (await aiko.request.get(`/api/trips/${tripId}/invitation`)).json()).displayCode;
  expect((await ben.request.post("/api/trips/join", { data: { code } })).ok()).toBeTruthy();
  for (const p of [aiko, ben]) await p.evaluate((id) => localStorage.setItem("currentTripId", id), tripId);
  return { aiko, ben, tripId };
}

/** Light and dark, into the shared screenshots folder and this helper's. */
async function capture(page: Page, project: string, name: string, testInfo: Parameters<typeof shot>[1]) {
  mkdirSync(SHOTS, { recursive: true });
  for (const dark of [false, true]) {
    await page.evaluate((d) => {
      document.documentElement.classList.toggle("dark", d);
      localStorage.setItem("theme", d ? "dark" : "light");
    }, dark);
    await page.waitForTimeout(400); // colour transitions
    await page.screenshot({ path: `${SHOTS}/${project}-${name}${dark ? "-dark" : ""}.png`, fullPage: true });
    await shot(page, testInfo, name);
  }
  await page.evaluate(() => {
    document.documentElement.classList.remove("dark");
    localStorage.setItem("theme", "light");
  });
}

async function expectNoViolations(page: Page, what: string) {
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  // A row whose colours are still changing (transition-colors, after a vote) measures mid-way: axe
  // then reported a contrast the row never settles at. Spinners (animations) run on, so transitions only.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a instanceof CSSTransition)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    what,
  ).toEqual([]);
}

const card = (page: Page, question: string) => page.getByTestId("poll-card").filter({ hasText: question });
const option = (c: Locator, label: string) => c.getByRole("button", { name: new RegExp(`^${label}`) });
const votes = (c: Locator, label: string) => option(c, label).getByTestId("poll-option-votes");

test("two members vote on a poll over places live, it is closed and its winner added; a chat poll @phone", async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const project = testInfo.project.name;
  const viewport = project === "phone" ? PHONE : DESKTOP;
  const { aiko, ben, tripId } = await twoMembers(browser, viewport);

  // From the trip page's tools; empty at first.
  await aiko.goto("/my-trip");
  await aiko.getByRole("navigation", { name: "Trip tools" }).getByRole("link", { name: "Polls" }).click();
  await expect(aiko).toHaveURL(/\/my-trip\/polls$/);
  await expect(aiko.getByRole("heading", { name: "No polls yet" })).toBeVisible();
  await capture(aiko, project, "polls-empty", testInfo);
  await ben.goto("/my-trip/polls");
  await expect(ben.getByRole("heading", { name: "No polls yet" })).toBeVisible();

  // Aiko asks: Kinkaku-ji (a trip place) or Ginkaku-ji (a search result).
  await aiko.getByRole("button", { name: "New poll" }).first().click();
  const d = aiko.getByRole("dialog");
  await d.getByRole("tab", { name: "Places" }).click();
  await d.getByRole("button", { name: "Create poll" }).click();
  await expect(d.getByText("Please enter a question")).toBeVisible();
  await expect(d.getByText("A poll needs at least 2 options")).toBeVisible();
  await d.getByLabel("Question").fill("Which temple first?");
  await d.getByRole("button", { name: /Kinkaku-ji/ }).click();
  await d.getByRole("combobox").fill("Ginkaku");
  await aiko
    .getByRole("option", { name: /Ginkaku-ji/ })
    .first()
    .click();
  await expect(d.getByTestId("poll-place-options").getByRole("listitem")).toHaveCount(2);
  await capture(aiko, project, "polls-new-dialog", testInfo);
  await expectNoViolations(aiko, "new poll dialog");
  await d.getByRole("button", { name: "Create poll" }).click();
  await expect(d).toBeHidden();

  // Ben sees it without a reload, and votes; Aiko sees his vote live, and votes too.
  const benCard = card(ben, "Which temple first?");
  await expect(benCard).toBeVisible();
  await option(benCard, "Ginkaku-ji").click();
  await expect(option(benCard, "Ginkaku-ji")).toHaveAttribute("aria-pressed", "true");
  const aikoCard = card(aiko, "Which temple first?");
  await expect(votes(aikoCard, "Ginkaku-ji")).toHaveText("1");
  await expect(option(aikoCard, "Ginkaku-ji")).toContainText("Ben");
  await option(aikoCard, "Ginkaku-ji").click();
  await expect(votes(benCard, "Ginkaku-ji")).toHaveText("2");
  await expect(benCard).toContainText("2 members voted");
  // Ben changes his mind and back: the count follows on Aiko's screen.
  await option(benCard, "Kinkaku-ji").click();
  await expect(votes(aikoCard, "Kinkaku-ji")).toHaveText("1");
  await expect(votes(aikoCard, "Ginkaku-ji")).toHaveText("1");
  await option(benCard, "Ginkaku-ji").click();
  await expect(votes(aikoCard, "Ginkaku-ji")).toHaveText("2");
  await expect(votes(aikoCard, "Kinkaku-ji")).toHaveText("0");
  await capture(aiko, project, "polls-open", testInfo);

  // Only its creator (or an admin) closes it: Ben has no button. Aiko closes it; Ben sees it closed.
  await expect(benCard.getByRole("button", { name: "Close poll" })).toHaveCount(0);
  await aikoCard.getByRole("button", { name: "Close poll" }).click();
  await expect(aikoCard.getByTestId("poll-outcome")).toHaveText("Winner: Ginkaku-ji");
  await expect(benCard.getByTestId("poll-outcome")).toHaveText("Winner: Ginkaku-ji");
  await expect(benCard.getByText("Closed", { exact: true })).toBeVisible();
  await expect(benCard.getByRole("button", { name: "Add winner to the trip" })).toHaveCount(0);

  // The winner joins the trip: Aiko's wish, with Ben (who voted for it) as a co-wisher.
  await aikoCard.getByRole("button", { name: "Add winner to the trip" }).click();
  await expect(aiko.getByText("Ginkaku-ji was added to the trip")).toBeVisible();
  await expect(aikoCard.getByRole("link", { name: "Added to the trip" })).toBeVisible();
  await expect(benCard.getByRole("link", { name: "Added to the trip" })).toBeVisible();
  const places = (await (await ben.request.get(`/api/trips/${tripId}/places`)).json()).places as {
    name: string;
    wishes: { name: string }[];
  }[];
  const ginkaku = places.find((p) => p.name.startsWith("Ginkaku-ji"));
  expect(ginkaku, JSON.stringify(places.map((p) => p.name))).toBeTruthy();
  expect(ginkaku!.wishes.map((w) => w.name).sort()).toEqual(["Aiko", "Ben"]);
  await benCard.getByRole("link", { name: "Added to the trip" }).click();
  await expect(ben).toHaveURL(/\/my-trip\/my-places$/);
  await expect(ben.getByText(/Ginkaku-ji/).first()).toBeVisible();
  await aiko.reload();
  await expect(aiko.getByRole("heading", { name: "Closed (1)" })).toBeVisible();
  await capture(aiko, project, "polls-closed", testInfo);
  await expectNoViolations(aiko, "polls screen");

  // In the chat: a poll from the composer becomes a card; Ben votes in it, Aiko sees it live.
  await aiko.goto("/my-trip/chat");
  await ben.goto("/my-trip/chat");
  await aiko.getByRole("button", { name: "Poll", exact: true }).click();
  const cd = aiko.getByRole("dialog");
  await cd.getByLabel("Question").fill("Dinner tonight?");
  await cd.getByLabel("Option 1", { exact: true }).fill("Ramen");
  await cd.getByLabel("Option 2", { exact: true }).fill("Sushi");
  await cd.getByRole("button", { name: "Add option" }).click();
  await cd.getByLabel("Option 3", { exact: true }).fill("sushi");
  await cd.getByRole("button", { name: "Create poll" }).click();
  await expect(cd.getByText("Two options are the same")).toBeVisible();
  await cd.getByLabel("Option 3", { exact: true }).fill("Okonomiyaki");
  await cd.getByText("Allow several choices").click();
  await cd.getByRole("button", { name: "Create poll" }).click();
  await expect(cd).toBeHidden();
  const benChat = card(ben, "Dinner tonight?");
  await expect(benChat).toBeVisible();
  await option(benChat, "Sushi").click();
  await option(benChat, "Okonomiyaki").click();
  const aikoChat = card(aiko, "Dinner tonight?");
  await expect(votes(aikoChat, "Sushi")).toHaveText("1");
  await expect(votes(aikoChat, "Okonomiyaki")).toHaveText("1");
  await option(aikoChat, "Sushi").click();
  await expect(votes(benChat, "Sushi")).toHaveText("2");
  await capture(ben, project, "polls-chat-card", testInfo);
  await expectNoViolations(ben, "chat with a poll card");
});
