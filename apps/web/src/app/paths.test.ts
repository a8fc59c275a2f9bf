import { describe, expect, it } from "vitest";
import { headerFor, isPublicPath } from "./paths";

describe("header titles (spec 1 'Header')", () => {
  it.each([
    ["/", "My Trips", "Plan your next adventure"],
    ["/my-trip", "Trip Details", undefined],
    ["/trip/abc", "Trip Details", undefined],
    ["/my-trip/my-places", "My Places", undefined],
    ["/my-trip/chat", "Group Chat", undefined],
    ["/my-trip/money", "Money", undefined],
    ["/my-trip/documents", "Documents", undefined],
    ["/my-trip/lists", "Lists", undefined],
    ["/my-trip/share", "Share Trip", undefined],
    ["/add-place", "Add Place", undefined],
    ["/profile", "Profile", undefined],
    ["/somewhere", "Tabi", undefined],
  ])("%s -> %s", (path, title, subtitle) => {
    expect(headerFor(path)).toEqual({ title, subtitle });
  });
});

describe("signed-out access", () => {
  it("lets /shared/, /auth/ and /premium/ through and gates the rest", () => {
    for (const p of ["/shared/x", "/auth/callback", "/premium/success", "/premium-cancel"])
      expect(isPublicPath(p)).toBe(true);
    for (const p of ["/", "/my-trip", "/profile", "/sharedx", "/premiumx"])
      expect(isPublicPath(p)).toBe(false);
  });
});
