import { describe, expect, it } from "vitest";
import { stubLocalStorageEachTest } from "../../test/memoryStorage";
import {
  callbackWithShare,
  pendingShare,
  rememberPendingShare,
  sharedPath,
  shareFromSearch,
  takePendingShare,
} from "./pendingShare";

describe("the pending shared trip (spec 3 'Auth callback')", () => {
  stubLocalStorageEachTest();

  it("is kept in localStorage.pendingShareToken and read once", () => {
    expect(pendingShare()).toBeNull();
    rememberPendingShare("abc_DEF-123");
    expect(localStorage.getItem("pendingShareToken")).toBe("abc_DEF-123");
    expect(takePendingShare()).toBe("abc_DEF-123");
    expect(pendingShare()).toBeNull();
  });

  it("rides on the callback URL, so a confirmation link opened elsewhere still knows the trip", () => {
    expect(callbackWithShare("/auth/callback", "a b/c")).toBe("/auth/callback?share=a%20b%2Fc");
    expect(callbackWithShare("/auth/callback", null)).toBe("/auth/callback");
    expect(shareFromSearch("?share=a%20b%2Fc")).toBe("a b/c");
    expect(shareFromSearch("?share=")).toBeNull();
    expect(shareFromSearch("")).toBeNull();
  });

  it("names the shared page", () => {
    expect(sharedPath("tok/en")).toBe("/shared/tok%2Fen");
  });
});
