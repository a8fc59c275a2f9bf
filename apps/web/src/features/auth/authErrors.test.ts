import { MESSAGES } from "@tabi/contracts";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api";
import { authErrorMessage, redirectedAuthError } from "./authErrors";

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

describe("redirectedAuthError (spec 3 'Auth callback')", () => {
  it("shows the text the callback put in /?error=", () => {
    expect(redirectedAuthError("?error=OAuth%20Error%3A%20access_denied%20-%20User%20cancelled")).toBe(
      "OAuth Error: access_denied - User cancelled",
    );
    expect(redirectedAuthError("?error=Session%20expired")).toBe("Session expired");
  });
  it("uses the spec's words for a disabled provider, and nothing without an error", () => {
    expect(redirectedAuthError("?error=OAuth%20Error%3A%20x%20-%20provider%20is%20not%20enabled")).toBe(
      MESSAGES.googleNotConfigured,
    );
    expect(redirectedAuthError("")).toBe("");
    expect(redirectedAuthError("?error=")).toBe("");
  });
});
