import { i18n, serverText } from "../../i18n";
import { ApiError } from "../../lib/api";

/** Spec 1 section 8: what the sign-in screen shows for a failure (in the app's language). */
export function authErrorMessage(err: unknown, kind: "email" | "google" = "email"): string {
  const status = err instanceof ApiError ? err.status : 0;
  const message = err instanceof Error ? err.message : "";
  if (status === 429 || /rate/i.test(message)) return i18n.t("server:messages.rateLimited");
  if (kind === "google") {
    if (/provider is not enabled|provider not found/i.test(message))
      return i18n.t("server:messages.googleNotConfigured");
    return message ? serverText(message) : i18n.t("server:messages.googleFailed");
  }
  if (err instanceof ApiError && err.code === "EMAIL_NOT_VERIFIED")
    return i18n.t("auth:error.emailNotVerified");
  return message ? serverText(message) : i18n.t("server:messages.authFailed");
}

/** Spec 3 'Auth callback': failures arrive as /?error={text}; the sign-in screen shows them (spec 1 section 8). */
export function redirectedAuthError(search: string): string {
  const text = new URLSearchParams(search).get("error")?.trim();
  if (!text) return "";
  const shown = authErrorMessage(new Error(text), /oauth|provider|google/i.test(text) ? "google" : "email");
  // The callback's "OAuth Error: {code} - {description}" (AuthCallback), its frame in the app's language.
  const oauth = /^OAuth Error: (.*?) - (.*)$/s.exec(shown);
  return oauth ? i18n.t("auth:error.oauth", { error: oauth[1], description: oauth[2] }) : shown;
}

/** Drops ?error= from the address once shown, so a reload or a shared address does not repeat it. */
export function dropRedirectedAuthError(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has("error")) return;
  url.searchParams.delete("error");
  window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
}
