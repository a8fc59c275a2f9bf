import { describe, expect, it } from "vitest";
import { placeCreateSchema } from "./places";

const place = (photo: string) =>
  placeCreateSchema.safeParse({ name: "Fushimi Inari", latitude: 34.97, longitude: 135.77, photos: [photo] });

describe("place photo URLs", () => {
  it("accepts https", () => {
    expect(place("https://upload.wikimedia.org/a.jpg").success).toBe(true);
  });

  it.each([
    "http://tracker.example/p.jpg",
    "javascript:alert(1)",
    "data:image/png;base64,AA",
    "file:///etc/passwd",
  ])("refuses %s with a clear message", (url) => {
    const parsed = place(url);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe("Photo URLs must start with https://");
  });
});
