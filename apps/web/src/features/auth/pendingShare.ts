// Spec 1 section 3 (browser storage) and spec 3 'Auth callback': a shared trip a visitor wants to join
// waits in localStorage.pendingShareToken through sign-up, the confirmation e-mail, sign-in and the
// Google redirect. The confirmation link does not sign in (decision 0006), so the link itself also
// carries the token (/auth/callback?share=...): it works in another browser or after storage was cleared.
const KEY = "pendingShareToken";
export const SHARE_PARAM = "share";

export function rememberPendingShare(token: string): void {
  try {
    localStorage.setItem(KEY, token);
  } catch {
    // storage blocked: the callback URL still carries the token
  }
}

export function pendingShare(): string | null {
  try {
    return localStorage.getItem(KEY) || null;
  } catch {
    return null;
  }
}

/** The pending token, removed: read once on the way to /shared/{token}. */
export function takePendingShare(): string | null {
  const token = pendingShare();
  forgetPendingShare();
  return token;
}

export function forgetPendingShare(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // nothing stored
  }
}

/** The callback a sign-up, a sign-in or Google returns to, carrying the shared trip's token. */
export function callbackWithShare(callbackPath: string, token: string | null | undefined): string {
  return token ? `${callbackPath}?${SHARE_PARAM}=${encodeURIComponent(token)}` : callbackPath;
}

/** The token a callback URL carries (?share=), if any. */
export function shareFromSearch(search: string): string | null {
  return new URLSearchParams(search).get(SHARE_PARAM)?.trim() || null;
}

/** The shared page of a token. */
export const sharedPath = (token: string) => `/shared/${encodeURIComponent(token)}`;
