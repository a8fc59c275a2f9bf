import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api";
import { checkoutErrorKey } from "./api";

describe("checkout errors (spec 1 s.8 'Payment')", () => {
  it("says 'Login required' without a session", () => {
    expect(checkoutErrorKey(new ApiError(401, "UNAUTHORIZED", "Authentication required"))).toEqual({
      key: "billing:error.loginRequired",
    });
  });
  it("keeps our own clear refusals (a guest, already Premium)", () => {
    expect(checkoutErrorKey(new ApiError(409, "CONFLICT", "You already have Premium."))).toEqual({
      message: "You already have Premium.",
    });
  });
  it("says 'Failed to create payment session' for any other non-OK answer", () => {
    for (const status of [400, 429, 500, 502])
      expect(checkoutErrorKey(new ApiError(status, "X", "x"))).toEqual({
        key: "billing:error.sessionFailed",
      });
  });
  it("falls back to 'An error occurred during payment processing'", () => {
    expect(checkoutErrorKey(new ApiError(0, "NETWORK", "offline"))).toEqual({ key: "billing:error.generic" });
    expect(checkoutErrorKey(new Error("boom"))).toEqual({ key: "billing:error.generic" });
  });
});
