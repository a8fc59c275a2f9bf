import { describe, expect, it } from "vitest";
import { isAppPage } from "./appPages";
import { paths } from "./paths";

// The service worker answers these with the app shell; anything else must reach the server.
describe("pages the service worker answers with the app shell", () => {
  it("takes every page of the app, with or without a query", () => {
    // Every entry of `paths`, so a page added there cannot be left out here (polls once was: it did
    // not open offline).
    const named = Object.values(paths).map((p) =>
      typeof p === "function" ? p("5b1f3c2e-1111-4a4a-9999-000000000001") : p,
    );
    const pages = [
      ...named,
      ...named.map((p) => `${p}?from=test`),
      "/my-trip/money/print",
      "/auth/callback",
      "/auth/callback?error=access_denied",
      "/premium/success?session_id=cs_test_1",
      "/premium-success",
      "/premium/cancel",
      "/premium-cancel",
      "/?welcome=1",
    ];
    for (const page of pages) expect(isAppPage(page), page).toBe(true);
  });

  it("lets the server's own pages through", () => {
    const server = [
      "/billing/test-checkout/cs_test_1",
      "/billing/test-checkout/cs_test_1/pay",
      "/api/auth/verify-email?token=x&callbackURL=%2F",
      "/api/notifications/unsubscribe?token=x",
      "/api/auth/callback/google?code=x",
      "/api/me/export/1/download",
      "/dev/mail?token=x",
      "/shared/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG",
      "/shared/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG/print",
      "/trip/x/y",
      "/robots.txt",
    ];
    for (const page of server) expect(isAppPage(page), page).toBe(false);
  });
});
