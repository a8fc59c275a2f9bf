import sharp from "sharp";
import { expect, test } from "./fixtures";
import { shot } from "./helpers";
import { createKyotoTripApi } from "./trip-helpers";

// Issue 14 item 6: a place's own photos, uploaded in the edit dialog, re-encoded and shown to members.
test("a member adds photos to a place: refused files explained, the photo shown on the card", async ({
  page,
}, testInfo) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Continue as a guest" }).click();
  await page.getByLabel("Your name").fill("Mio");
  await page.getByRole("button", { name: "Get Started" }).click();
  await expect(page.getByRole("heading", { name: "Welcome to Tabi" })).toBeVisible();
  const tripId = await createKyotoTripApi(page.request, "Kyoto photos", 20);
  const added = await page.request.post(`/api/trips/${tripId}/places`, {
    data: { name: "Kinkaku-ji", latitude: 35.0394, longitude: 135.7292, category: "temple" },
  });
  expect(added.status()).toBe(201);
  await page.evaluate((id) => localStorage.setItem("currentTripId", id), tripId);

  const photo = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: "#c9a227" } })
    .withExif({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "35/1 2/1 21/1" } })
    .jpeg()
    .toBuffer();

  await page.goto("/my-trip/my-places");
  await page.getByRole("button", { name: "List view" }).click();
  await page.getByRole("button", { name: "Edit Kinkaku-ji" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Place" });
  const files = dialog.locator('input[type="file"]');

  // Not an image by its type: refused before any upload.
  await files.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
  await expect(dialog.getByRole("alert")).toHaveText(/“notes.txt” is not a photo/);
  // Claims to be a JPEG, is text: the server reads the bytes and refuses it.
  await files.setInputFiles({ name: "photo.jpg", mimeType: "image/jpeg", buffer: Buffer.from("not a jpeg") });
  await expect(dialog.getByRole("alert")).toHaveText(
    "Only photos can be sent: JPEG, PNG, WebP, GIF or AVIF.",
  );

  await files.setInputFiles({ name: "kinkaku.jpg", mimeType: "image/jpeg", buffer: photo });
  const thumb = dialog.getByRole("img", { name: "Photo 1" });
  await expect(thumb).toBeVisible();
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await thumb.scrollIntoViewIfNeeded();
  await shot(page, testInfo, "place-photos-edit");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();

  // The list's picture is the upload's thumbnail, served to this member.
  const picture = page.locator('img[src*="/uploads/"]').first();
  await expect(picture).toHaveAttribute("src", /\?size=thumb$/);
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await shot(page, testInfo, "place-photos-list");

  // The add-place screen has the same row, in dark too.
  await page.evaluate(() => localStorage.setItem("theme", "dark"));
  await page.goto("/add-place");
  await expect(page.getByRole("button", { name: "Add photo" })).toBeVisible();
  await shot(page, testInfo, "place-photos-add");
});
