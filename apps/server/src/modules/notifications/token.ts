import { createHmac, timingSafeEqual } from "node:crypto";

/** The four profile toggles (user_settings.notify_*), one per kind of notification e-mail. */
export const TOGGLES = ["newMembers", "tripUpdates", "reminders", "messages"] as const;
export type Toggle = (typeof TOGGLES)[number];

/**
 * One-click unsubscribe tokens: the user id, the toggle, and an HMAC of both with the app's secret.
 * Nothing is stored; a token keeps working (it only ever turns its toggle off).
 */
export class UnsubscribeKeys {
  constructor(private readonly secret: string) {}

  private mac(userId: string, toggle: Toggle) {
    return createHmac("sha256", this.secret).update(`unsubscribe:${userId}:${toggle}`).digest("base64url");
  }

  sign(userId: string, toggle: Toggle): string {
    return `${userId}.${toggle}.${this.mac(userId, toggle)}`;
  }

  verify(token: string): { userId: string; toggle: Toggle } | null {
    const [userId, toggle, mac, ...rest] = token.split(".");
    if (!userId || !mac || rest.length || !TOGGLES.includes(toggle as Toggle)) return null;
    if (!/^[0-9a-f-]{36}$/i.test(userId)) return null;
    const want = Buffer.from(this.mac(userId, toggle as Toggle));
    const got = Buffer.from(mac);
    if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
    return { userId, toggle: toggle as Toggle };
  }
}
