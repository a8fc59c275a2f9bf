import { MESSAGES } from "@tabi/contracts";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api";
import { authErrorMessage } from "./authErrors";

describe("authErrorMessage (spec 1 section 8)", () => {
  it("turns a 429 or a message about rates into the rate-limit text", () => {
    expect(authErrorMessage(new ApiError(429, "TOO_MANY_REQUESTS", "Too many requests"))).toBe(
      MESSAGES.rateLimited,
    );
    expect(authErrorMessage(new Error("rate exceeded"))).toBe(MESSAGES.rateLimited);
  });

  it("explains a Google provider that is not enabled", () => {
    expect(authErrorMessage(new ApiError(400, "X", "provider is not enabled"), "google")).toBe(
      MESSAGES.googleNotConfigured,
    );
    expect(authErrorMessage(new ApiError(404, "X", "Provider not found"), "google")).toBe(
      MESSAGES.googleNotConfigured,
    );
    expect(authErrorMessage(new Error(""), "google")).toBe(MESSAGES.googleFailed);
  });

  it("shows the server's message, or 'Authentication failed'", () => {
    expect(
      authErrorMessage(new ApiError(401, "INVALID_EMAIL_OR_PASSWORD", "Invalid email or password")),
    ).toBe("Invalid email or password");
    expect(authErrorMessage(new Error(""))).toBe(MESSAGES.authFailed);
  });
});
