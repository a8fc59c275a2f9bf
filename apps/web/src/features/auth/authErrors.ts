import { MESSAGES } from "@tabi/contracts";
import { ApiError } from "../../lib/api";

/** Spec 1 section 8: what the sign-in screen shows for a failure. */
export function authErrorMessage(err: unknown, kind: "email" | "google" = "email"): string {
  const status = err instanceof ApiError ? err.status : 0;
  const message = err instanceof Error ? err.message : "";
  if (status === 429 || /rate/i.test(message)) return MESSAGES.rateLimited;
  if (kind === "google") {
    if (/provider is not enabled|provider not found/i.test(message)) return MESSAGES.googleNotConfigured;
    return message || MESSAGES.googleFailed;
  }
  if (err instanceof ApiError && err.code === "EMAIL_NOT_VERIFIED")
    return "Please confirm your email first: we have sent you the link again.";
  return message || MESSAGES.authFailed;
}

/** Spec 3 'Auth callback': failures arrive as /?error={text}; the sign-in screen shows them (spec 1 section 8). */
export function redirectedAuthError(search: string): string {
  const text = new URLSearchParams(search).get("error")?.trim();
  if (!text) return "";
  return authErrorMessage(new Error(text), /oauth|provider|google/i.test(text) ? "google" : "email");
}
