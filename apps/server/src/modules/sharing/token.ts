import { createHash, createHmac, timingSafeEqual } from "node:crypto";

/**
 * Share-link secrets (decision 0012). A link's token is HMAC(secret, link id): the database keeps only its
 * SHA-256, so a copy of the database opens no trip, while the members who may share can be shown the
 * link again without the server keeping it.
 */
export class ShareKeys {
  private readonly key: Buffer;
  constructor(authSecret: string) {
    // One key of its own, derived from the app's secret (scaled processes share BETTER_AUTH_SECRET).
    this.key = createHmac("sha256", authSecret).update("tabi/share-links/v1").digest();
  }

  /** 32 random-looking bytes in base64url (43 characters): as hard to guess as a random token. */
  token(shareId: string): string {
    return this.mac(`token:${shareId}`).toString("base64url");
  }

  /** The value of the cookie that proves the link's password was given; it dies when the password changes. */
  unlockValue(shareId: string, passwordHash: string, expiresAt: number): string {
    return `${expiresAt}.${this.mac(`unlock:${shareId}:${passwordHash}:${expiresAt}`).toString("base64url")}`;
  }

  unlocked(shareId: string, passwordHash: string, cookie: string | undefined, now = Date.now()): boolean {
    if (!cookie) return false;
    const expiresAt = Number(cookie.split(".")[0]);
    if (!Number.isFinite(expiresAt) || expiresAt < now) return false;
    const expected = Buffer.from(this.unlockValue(shareId, passwordHash, expiresAt));
    const given = Buffer.from(cookie);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /**
   * A visitor of one day, for counting unique visitors: keyed by the day, so days do not link, and by
   * the secret, so the hash cannot be reversed by trying every address. No IP address is stored.
   */
  visitor(day: string, ip: string, userAgent: string): string {
    return this.mac(`visitor:${day}:${ip}:${userAgent}`).toString("base64url").slice(0, 22);
  }

  private mac(data: string): Buffer {
    return createHmac("sha256", this.key).update(data).digest();
  }
}

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** A token as the links carry it (base64url, 43 characters); anything else is not looked up. */
export const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
