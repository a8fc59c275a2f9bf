import { api } from "../../lib/api";

// Calls to better-auth's endpoints (mounted at /api/auth on our server).
export const CALLBACK_PATH = "/auth/callback";

/**
 * The callback of the confirmation link (sent on sign-up, and again on a sign-in before confirming);
 * `callbackURL` carries a shared trip to join afterwards (pendingShare.ts).
 */
export function signUpEmail(email: string, password: string, callbackURL = CALLBACK_PATH) {
  return api<unknown>("/api/auth/sign-up/email", {
    body: { email, password, name: email.split("@")[0], callbackURL },
  });
}

export function signInEmail(email: string, password: string, callbackURL = CALLBACK_PATH) {
  return api<unknown>("/api/auth/sign-in/email", { body: { email, password, callbackURL } });
}

export function signInGuest(name: string) {
  return api<unknown>("/api/auth/sign-in/anonymous", { body: { name } });
}

export async function signInGoogle(callbackURL = CALLBACK_PATH) {
  const res = await api<{ url?: string }>("/api/auth/sign-in/social", {
    body: { provider: "google", callbackURL, errorCallbackURL: callbackURL },
  });
  if (res.url) window.location.assign(res.url);
}

/** Spec 1 section 4: end the server session, clear all local storage, reload (also on failure). */
export async function signOut() {
  try {
    await api<unknown>("/api/auth/sign-out", { body: {} });
  } finally {
    try {
      localStorage.clear();
    } catch {
      // storage unavailable: nothing to clear
    }
    window.location.assign("/");
  }
}
