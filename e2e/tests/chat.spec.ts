import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import exifReader from "exif-reader";
import sharp from "sharp";
import { expect, test } from "./fixtures";
import { shot } from "./helpers";
import { englishLeft } from "./i18n-helpers";
import { createKyotoTripApi, guestPage } from "./trip-helpers";

// Issue 14: the group chat between two members in two browsers: messages arrive without a reload,
// reactions toggle on both sides, read receipts move from "Sent" to the reader's dot, photos are sent
// (and refused with a clear message when they are not photos or too large), and the members popup's
// Online badge follows whether the other member has the trip open.

/** Two guests in two browsers, members of one Kyoto trip that is the current trip of both. */
async function twoMembers(
  browser: import("@playwright/test").Browser,
  viewport?: { width: number; height: number },
) {
  const aiko = await guestPage(browser, "Aiko", viewport);
  const ben = await guestPage(browser, "Ben", viewport);
  const tripId = await createKyotoTripApi(aiko.request, "Kyoto with friends", 30);
  const code = (await (await aiko.request.get(`/api/trips/${tripId}/invitation`)).json()).displayCode;
  expect((await ben.request.post("/api/trips/join", { data: { code } })).ok()).toBeTruthy();
  for (const p of [aiko, ben]) await p.evaluate((id) => localStorage.setItem("currentTripId", id), tripId);
  const benId = (await (await ben.request.get("/api/me")).json()).id as string;
  return { aiko, ben, tripId, benId };
}

async function expectNoViolations(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    what,
  ).toEqual([]);
}

const composer = (page: Page) => page.getByPlaceholder("Type a message...");
const message = (page: Page, text: string) => page.locator("[data-num]").filter({ hasText: text });
/** A message as shown, stored or still waiting to be sent (no number yet). */
const shown = (page: Page, text: string) => page.locator('[id^="message-"]').filter({ hasText: text });

async function send(page: Page, text: string) {
  await composer(page).fill(text);
  await composer(page).press("Enter");
  await expect(composer(page)).toHaveValue("");
}

test("two members chat live: messages, reactions, read receipts and who is online", async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const { aiko, ben, benId } = await twoMembers(browser);

  await aiko.goto("/my-trip/chat");
  await expect(aiko.getByRole("heading", { name: "Kyoto with friends" })).toBeVisible();
  await expect(aiko.getByText("No messages yet")).toBeVisible();
  await expect(aiko.getByRole("button", { name: "Send", exact: true })).toBeDisabled();

  // Ben is elsewhere in the app: Aiko's message is "Sent", unread by anyone.
  await send(aiko, "Shall we visit Kinkaku-ji on the first morning? https://www.shokoku-ji.jp/kinkakuji/");
  const first = message(aiko, "Shall we visit Kinkaku-ji");
  await expect(first.getByTestId("read-receipt")).toHaveText("Sent");
  await expect(first.getByRole("link", { name: "https://www.shokoku-ji.jp/kinkakuji/" })).toHaveAttribute(
    "target",
    "_blank",
  );
  // The Chat tab counts it for Ben, and his trip card too.
  await ben.goto("/");
  await expect(ben.getByRole("link", { name: /Chat.*1 unread message/ })).toBeVisible();
  await expect(
    ben.locator("article").filter({ hasText: "Kyoto with friends" }).getByText("1 unread message"),
  ).toBeAttached();

  // Ben opens the chat: he sees it, and Aiko's receipt turns into Ben's dot, without a reload.
  await ben.getByRole("link", { name: /Chat/ }).click();
  await expect(message(ben, "Shall we visit Kinkaku-ji")).toBeVisible();
  await expect(first.locator(`[data-reader="${benId}"]`)).toBeVisible();
  await expect(first.getByTestId("read-receipt")).not.toHaveText("Sent");
  await expect(ben.getByTestId("chat-unread")).toHaveCount(0);

  // A reply travels the other way; text is never read as HTML and its lines are kept.
  await composer(ben).fill("Yes!");
  await composer(ben).press("Shift+Enter");
  await composer(ben).pressSequentially("<b>Tea</b> after?");
  await composer(ben).press("Enter");
  await expect(message(aiko, "<b>Tea</b> after?")).toBeVisible();
  await expect(message(aiko, "<b>Tea</b> after?").locator("b")).toHaveCount(0);
  expect(await message(aiko, "Tea").locator("p[data-user-content]").innerText()).toBe(
    "Yes!\n<b>Tea</b> after?",
  );

  // Ben reacts with a heart from the hover button: both see it; pressing it again takes it away.
  const onBen = message(ben, "Shall we visit Kinkaku-ji");
  await onBen.hover();
  await onBen.getByRole("button", { name: "React" }).click();
  await ben.getByRole("button", { name: "Heart" }).click();
  const chip = (page: Page) =>
    message(page, "Shall we visit Kinkaku-ji").getByRole("button", { name: /^Heart, 1 person: Ben/ });
  await expect(chip(ben)).toHaveAttribute("aria-pressed", "true");
  await expect(chip(aiko)).toHaveAttribute("aria-pressed", "false");
  await shot(aiko, testInfo, "chat-reaction");
  await chip(ben).click();
  await expect(chip(ben)).toHaveCount(0);
  await expect(chip(aiko)).toHaveCount(0);

  // The screen passes axe in both themes.
  await expectNoViolations(aiko, "chat light");
  await aiko.getByRole("button", { name: "Switch to dark mode" }).click();
  await expectNoViolations(aiko, "chat dark");
  await aiko.getByRole("button", { name: "Switch to light mode" }).click();

  // "Ben is typing..." while he types.
  await composer(ben).pressSequentially("Let me check");
  await expect(aiko.getByText("Ben is typing...")).toBeVisible();
  await composer(ben).fill("");

  // Presence: Ben has the trip open, so the members popup shows him Online; his tab closes, it goes.
  await aiko.getByRole("button", { name: "Members" }).click();
  const benRow = aiko.getByRole("dialog").getByRole("listitem").filter({ hasText: "Ben" });
  await expect(benRow.getByText("Online")).toBeVisible();
  await shot(aiko, testInfo, "chat-members-online");
  await ben.context().close();
  await expect(benRow.getByText("Online")).toHaveCount(0, { timeout: 30_000 });
  await aiko.keyboard.press("Escape");
  await shot(aiko, testInfo, "chat");
});

test("a photo is sent to the other member; files that are not photos or too large are refused", async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const { aiko, ben } = await twoMembers(browser);
  await aiko.goto("/my-trip/chat");
  await ben.goto("/my-trip/chat");
  const input = aiko.getByTestId("chat-photo-input");

  // A camera photo: where it was taken is in its EXIF (GPS), and must not reach the others.
  const camera = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: "#2d8a5f" } })
    .withExif({
      IFD0: { Make: "TabiCam" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "35/1 0/1 42/1",
        GPSLongitudeRef: "E",
        GPSLongitude: "135/1 46/1 5/1",
      },
    })
    .jpeg({ quality: 90 })
    .toBuffer();
  expect(exifReader((await sharp(camera).metadata()).exif!).GPSInfo?.GPSLatitude).toEqual([35, 0, 42]);
  await input.setInputFiles({ name: "temple.jpg", mimeType: "image/jpeg", buffer: camera });
  await expect(ben.getByRole("button", { name: "Open photo" })).toBeVisible();
  // What the other member's browser gets: re-encoded (WebP, at most 2048 px) and without any EXIF.
  const src = await ben.locator("[data-num] img[alt=Photo]").getAttribute("src");
  const full = await ben.request.get(src!.replace(/\?size=thumb$/, ""));
  expect(full.headers()["content-type"]).toBe("image/webp");
  const served = await sharp(await full.body()).metadata();
  expect(served.exif).toBeUndefined();
  expect(Math.max(served.width!, served.height!)).toBeLessThanOrEqual(2048);
  const thumb = ben.locator("[data-num] img[alt=Photo]");
  await expect(thumb).toHaveJSProperty("complete", true);
  expect(await thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await ben.getByRole("button", { name: "Open photo" }).click();
  await expect(ben.getByRole("dialog").locator("img[alt=Photo]")).toBeVisible();
  await shot(ben, testInfo, "chat-photo");
  await ben.keyboard.press("Escape");

  // An SVG says it is an image: the server reads its bytes and refuses it, in words.
  const notPhoto = aiko.getByText("Only photos can be sent: JPEG, PNG, WebP, GIF or AVIF.");
  await input.setInputFiles({
    name: "logo.svg",
    mimeType: "image/svg+xml",
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  });
  await expect(notPhoto).toBeVisible();
  await aiko.getByRole("button", { name: "Close notification" }).click();
  await expect(notPhoto).toHaveCount(0);
  // A text file renamed to .jpg: the browser calls it image/jpeg, the server reads its bytes.
  await input.setInputFiles({
    name: "notes.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.from("hello, not a photo"),
  });
  await expect(notPhoto).toBeVisible();
  await aiko.getByRole("button", { name: "Close notification" }).click();
  await expect(notPhoto).toHaveCount(0);
  // Not a photo by its type, or too large: refused before anything is sent.
  await input.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
  await expect(notPhoto).toBeVisible();
  await input.setInputFiles({
    name: "huge.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.alloc(12 * 1024 * 1024),
  });
  await expect(aiko.getByText("Photos can be at most 10 MB.")).toBeVisible();
  await expect(ben.getByRole("button", { name: "Open photo" })).toHaveCount(1);
});

test("the chat on a phone: a long press opens the reactions, a place is shared as a card @phone", async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const phone = { width: 390, height: 844 };
  const { aiko, ben, tripId } = await twoMembers(browser, phone);
  const placeRes = await aiko.request.post(`/api/trips/${tripId}/places`, {
    data: {
      name: "Fushimi Inari Taisha",
      latitude: 34.9671,
      longitude: 135.7727,
      category: "shrine",
      wishLevel: 8,
    },
  });
  expect(placeRes.status()).toBe(201);
  await aiko.goto("/my-trip/chat");
  await ben.goto("/my-trip/chat");

  // Aiko shares a place of the trip: Ben sees its card, which opens the place.
  await aiko.getByRole("button", { name: "Share a place" }).click();
  await aiko
    .getByRole("dialog")
    .getByRole("button", { name: /Fushimi Inari Taisha/ })
    .click();
  const card = ben.locator("[data-num]").getByRole("button", { name: /Fushimi Inari Taisha/ });
  await expect(card).toBeVisible();
  await card.click();
  await expect(ben.getByRole("dialog", { name: "Fushimi Inari Taisha" })).toBeVisible();
  await expect(ben.getByRole("link", { name: "Show in Places" })).toBeVisible();
  await ben.keyboard.press("Escape");

  // A long press (touch) on the message opens its menu with the six reactions.
  await send(aiko, "Meet at the station at 8?");
  const bubble = message(ben, "Meet at the station").locator("div.rounded-2xl").first();
  const box = (await bubble.boundingBox())!;
  const at = { pointerType: "touch", isPrimary: true, clientX: box.x + 20, clientY: box.y + 10 };
  await bubble.dispatchEvent("pointerdown", at);
  await ben.waitForTimeout(700);
  await bubble.dispatchEvent("pointerup", at);
  const menu = ben.getByRole("dialog", { name: "Message actions" });
  await expect(menu.getByRole("button")).toHaveCount(7); // six reactions and Reply
  await shot(ben, testInfo, "chat-menu");
  await menu.getByRole("button", { name: "Thumbs up" }).click();
  await expect(
    message(aiko, "Meet at the station").getByRole("button", { name: /^Thumbs up, 1 person: Ben/ }),
  ).toBeVisible();
  await shot(ben, testInfo, "chat-place");

  // In Japanese, nothing of the chat's own is left in English (names and messages are the users').
  await ben.evaluate(() => localStorage.setItem("language", "ja"));
  await ben.reload();
  await expect(ben.getByPlaceholder("メッセージを入力...")).toBeVisible();
  await expect(ben.getByText("今日")).toBeVisible();
  const left = await englishLeft(ben.locator("body"), "ja", ["Kyoto with friends", "Aiko", "Ben"]);
  await shot(ben, testInfo, "chat-ja");
  expect(left).toEqual([]);
});

test("a message sent offline waits, shown as sending, and reaches the group when the network is back @phone", async ({
  browser,
}, testInfo) => {
  const { aiko, ben } = await twoMembers(browser, { width: 390, height: 844 });
  await ben.goto("/my-trip/chat");
  await aiko.goto("/my-trip/chat");
  await expect(composer(aiko)).toBeVisible();
  // The app is installed (its service worker holds every screen's code), as on a phone used before.
  await aiko.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await aiko.reload();
  await expect.poll(() => aiko.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await expect(composer(aiko)).toBeVisible();
  // Offline, Aiko sends: the message stays in the chat as sending, the box is free for the next one.
  await aiko.context().setOffline(true);
  await composer(aiko).fill("Meet at the station at nine");
  await composer(aiko).press("Enter");
  await expect(shown(aiko, "Meet at the station at nine")).toBeVisible();
  await expect(aiko.getByText("Sending...")).toBeVisible();
  await expect(composer(aiko)).toHaveValue("");
  await expect(aiko.getByText("Your message was not sent. Your text is back in the box.")).toHaveCount(0);
  // It survives leaving the chat and reopening the app, still offline.
  const nav = aiko.getByRole("navigation").last();
  await nav.getByRole("link", { name: "Money" }).click();
  await nav.getByRole("link", { name: "Chat" }).click();
  await expect(shown(aiko, "Meet at the station at nine")).toBeVisible();
  await aiko.reload();
  await expect(shown(aiko, "Meet at the station at nine")).toBeVisible();
  await shot(aiko, testInfo, "chat-waiting-offline");
  // Back online, it is sent once: Ben reads it, and Aiko sees it stored.
  await aiko.context().setOffline(false);
  await expect(message(ben, "Meet at the station at nine")).toBeVisible({ timeout: 35_000 });
  await expect(message(ben, "Meet at the station at nine")).toHaveCount(1);
  // Stored (numbered), once.
  await expect(message(aiko, "Meet at the station at nine")).toHaveCount(1);
  await expect(shown(aiko, "Meet at the station at nine")).toHaveCount(1);
  await aiko.reload();
  await expect(shown(aiko, "Meet at the station at nine")).toHaveCount(1);
});
