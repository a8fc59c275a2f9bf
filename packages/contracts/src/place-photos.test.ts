import { describe, expect, it } from "vitest";
import { placeCreateSchema, placeUpdateSchema } from "./places";
import { parseUploadUrl } from "./plain/places";

const place = (photo: string) =>
  placeCreateSchema.safeParse({ name: "Fushimi Inari", latitude: 34.97, longitude: 135.77, photos: [photo] });

const TRIP = "0b6a4a0e-6f0e-4d43-9a53-2a8f3c1d9e10";
const UPLOAD = "5f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f";

describe("place photo URLs", () => {
  it("accepts https", () => {
    expect(place("https://upload.wikimedia.org/a.jpg").success).toBe(true);
  });

  it("accepts a trip's own upload, and reads its trip and upload ids", () => {
    const url = `/api/trips/${TRIP}/uploads/${UPLOAD}`;
    expect(place(url).success).toBe(true);
    expect(parseUploadUrl(url)).toEqual({ tripId: TRIP, uploadId: UPLOAD });
    expect(parseUploadUrl("https://upload.wikimedia.org/a.jpg")).toBeNull();
  });

  it.each([
    "http://tracker.example/p.jpg",
    "javascript:alert(1)",
    "data:image/png;base64,AA",
    "file:///etc/passwd",
    // Only the upload path itself: no other API path, no thumbnail query, no traversal, no other host.
    `/api/trips/${TRIP}/uploads/${UPLOAD}?size=thumb`,
    `/api/trips/${TRIP}/uploads/../../me`,
    `/api/trips/${TRIP}/places`,
    `//evil.example/api/trips/${TRIP}/uploads/${UPLOAD}`,
  ])("refuses %s with a clear message", (url) => {
    const parsed = place(url);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe("Photo URLs must start with https://");
  });

  it("lets an edit replace the photos, at most five", () => {
    const photos = (n: number) => Array.from({ length: n }, (_, i) => `https://example.org/${i}.jpg`);
    expect(placeUpdateSchema.safeParse({ photos: photos(5) }).success).toBe(true);
    expect(placeUpdateSchema.safeParse({ photos: [] }).success).toBe(true);
    expect(placeUpdateSchema.safeParse({ photos: photos(6) }).success).toBe(false);
    expect(placeUpdateSchema.safeParse({ photos: ["javascript:alert(1)"] }).success).toBe(false);
  });
});
