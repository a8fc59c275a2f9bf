import { readFileSync } from "node:fs";
import { expect, test } from "./fixtures";
import { confirmationLink, shot, uniqueEmail } from "./helpers";
import { createKyotoTripApi, guestPage } from "./trip-helpers";

// Issue 16: Data & Privacy on the profile. Export Data downloads one JSON file with the user's trips
// and places; Delete Account signs the user out and their e-mail no longer signs in, while their trip
// with another member lives on under that member, their messages shown as from "Deleted user".

const PHONE = { width: 390, height: 844 };
const PLACES = [
  { name: "Kinkaku-ji", latitude: 35.0394, longitude: 135.7292 },
  { name: "Fushimi Inari Taisha", latitude: 34.9671, longitude: 135.7727 },
];
const MESSAGE = "Temples on day one?";

test("Export Data downloads trips and places; Delete Account signs out, the e-mail no longer signs in, and the shared trip passes to the other member @phone", async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const viewport = testInfo.project.name === "phone" ? PHONE : { width: 1280, height: 800 };

  // Ben: a guest in his own browser (made first, so that Dana's API calls below follow each other: an
  // API context left idle past the server's keep-alive timeout can meet a closing socket).
  const ben = await guestPage(browser, "Ben", viewport);

  // Dana: an account with an e-mail, signed up through the API, confirmed, signed in through the UI.
  const dana = await (await browser.newContext({ viewport, acceptDownloads: true })).newPage();
  const email = uniqueEmail("dana");
  const password = "trip planner 2026";
  await dana.goto("/");
  const signUp = await dana.request.post("/api/auth/sign-up/email", {
    data: { email, password, name: "Dana", callbackURL: "/auth/callback" },
    headers: { origin: baseURL! },
  });
  expect(signUp.ok()).toBeTruthy();
  await dana.goto(await confirmationLink(dana.request, email));
  await dana.getByRole("tab", { name: "Sign In" }).click();
  await dana.getByLabel("Email").fill(email);
  await dana.getByLabel("Password", { exact: true }).fill(password);
  await dana.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(dana.getByRole("heading", { name: /Welcome to Tabi/ })).toBeVisible();

  // Her trip with two places; Ben joins it by its invitation code; Dana writes in the chat.
  const tripId = await createKyotoTripApi(dana.request, "Kyoto with Ben", 30);
  for (const p of PLACES) {
    const res = await dana.request.post(`/api/trips/${tripId}/places`, { data: p });
    expect(res.status(), await res.text()).toBe(201);
  }
  const code = (await (await dana.request.get(`/api/trips/${tripId}/invitation`)).json()).displayCode;
  expect((await ben.request.post("/api/trips/join", { data: { code } })).ok()).toBeTruthy();
  const sent = await dana.request.post(`/api/trips/${tripId}/chat/messages`, {
    data: { clientId: crypto.randomUUID(), content: MESSAGE },
  });
  expect(sent.ok(), await sent.text()).toBeTruthy();

  // Export Data: the file downloads, with the trip and both places.
  await dana.goto("/profile");
  const section = dana.locator("section", { has: dana.getByRole("heading", { name: "Data & Privacy" }) });
  await expect(section).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await shot(dana, testInfo, "profile-data-privacy");
  const [download] = await Promise.all([
    dana.waitForEvent("download"),
    section.getByRole("button", { name: "Export Data" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^tabi-data-\d{4}-\d{2}-\d{2}\.json$/);
  const raw = readFileSync(await download.path(), "utf8");
  expect(raw).toContain("Kyoto with Ben");
  for (const p of PLACES) expect(raw).toContain(p.name);
  const file = JSON.parse(raw);
  expect(file.trips.some((t: { name: string }) => t.name === "Kyoto with Ben")).toBe(true);
  expect(file.places.map((p: { name: string }) => p.name)).toEqual(
    expect.arrayContaining(PLACES.map((p) => p.name)),
  );
  await expect(dana.getByText("Your data has been downloaded")).toBeVisible();

  // Delete Account: the button waits for the e-mail typed, then the account goes and the app signs out.
  await section.getByRole("button", { name: "Delete Account" }).click();
  const dialog = dana.getByRole("dialog", { name: "Delete your account?" });
  await expect(dialog).toBeVisible();
  const confirmButton = dialog.getByRole("button", { name: "Delete Account" });
  await expect(confirmButton).toBeDisabled();
  await dialog.getByLabel(/Type your e-mail address/).fill(email);
  await expect(confirmButton).toBeEnabled();
  await shot(dana, testInfo, "delete-account-dialog");
  await confirmButton.click();
  await expect(dana.getByRole("tab", { name: "Sign In" })).toBeVisible({ timeout: 20_000 });
  expect((await dana.request.get("/api/me")).status()).toBe(401);

  // Her e-mail and password no longer sign in.
  await dana.getByRole("tab", { name: "Sign In" }).click();
  await dana.getByLabel("Email").fill(email);
  await dana.getByLabel("Password", { exact: true }).fill(password);
  await dana.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(dana.getByRole("alert")).toHaveText("Invalid email or password");
  await expect(dana.getByRole("heading", { name: /Welcome to Tabi/ })).toHaveCount(0);

  // Ben now owns the trip, and his chat shows Dana's message from "Deleted user".
  await ben.reload();
  const trip = (await (await ben.request.get(`/api/trips/${tripId}`)).json()).trip;
  expect(trip.my.isOwner).toBe(true);
  await ben.evaluate((id) => localStorage.setItem("currentTripId", id), tripId);
  await ben.goto("/my-trip/chat");
  const message = ben.locator("[data-num]").filter({ hasText: MESSAGE });
  await expect(message).toBeVisible();
  await expect(message.getByText("Deleted user", { exact: true })).toBeVisible();
  await shot(ben, testInfo, "chat-deleted-user");
});
