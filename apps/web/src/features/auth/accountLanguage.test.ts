import { describe, expect, it } from "vitest";
import { languageToFollow } from "./accountLanguage";

describe("the account's language follows the user (Me.language)", () => {
  it("switches to the account's language on the first Me of this page", () => {
    expect(languageToFollow("ja", undefined, "en")).toBe("ja");
  });

  it("does nothing when the account has no language yet, or speaks the current one", () => {
    expect(languageToFollow(null, undefined, "en")).toBeNull();
    expect(languageToFollow("en", undefined, "en")).toBeNull();
  });

  it("follows a change made on another device", () => {
    expect(languageToFollow("ko", "ja", "ja")).toBe("ko");
  });

  it("never undoes a choice made here while the account still says the old language", () => {
    // Chosen zh on this page; the save is under way (or failed) and a refetch still says ja.
    expect(languageToFollow("ja", "ja", "zh")).toBeNull();
  });
});
