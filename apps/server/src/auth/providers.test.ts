import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app";
import { TestClient } from "../test/client";

// Google sign-in cannot reach Google here; we check the request it would make, as far as it goes offline.
describe("with Google configured", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      GOOGLE_CLIENT_ID: "test-client.apps.googleusercontent.com",
      GOOGLE_CLIENT_SECRET: "test-secret",
      PUBLIC_URL: "https://tabi.example",
    });
  });
  afterAll(() => t.close());

  it("reports Google sign-in as available", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/config" })).json().googleSignIn).toBe(true);
  });

  it("sends the browser to Google with offline access, consent and our callback", async () => {
    const c = new TestClient(t.app, "10.5.0.1");
    const res = await c.request(
      "POST",
      "/api/auth/sign-in/social",
      { provider: "google", callbackURL: "/auth/callback" },
      { origin: "https://tabi.example" },
    );
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().url);
    expect(url.origin).toBe("https://accounts.google.com");
    expect(url.searchParams.get("client_id")).toBe("test-client.apps.googleusercontent.com");
    expect(url.searchParams.get("redirect_uri")).toBe("https://tabi.example/api/auth/callback/google");
    expect(url.searchParams.get("access_type")).toBe("offline");
    expect(url.searchParams.get("prompt")).toBe("consent");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("scope")).toContain("email");
  });

  it("marks the session cookie Secure behind an https public URL", async () => {
    const c = new TestClient(t.app, "10.5.0.2");
    const res = await c.request(
      "POST",
      "/api/auth/sign-in/anonymous",
      { name: "Kai" },
      { origin: "https://tabi.example" },
    );
    expect(res.statusCode).toBe(200);
    const cookie = [res.headers["set-cookie"]].flat().find((h) => h?.includes("session_token"));
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/HttpOnly/i);
  });
});

describe("without Google configured", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("refuses Google sign-in with a 4xx the client explains", async () => {
    const res = await new TestClient(t.app, "10.5.0.3").post("/api/auth/sign-in/social", {
      provider: "google",
      callbackURL: "/auth/callback",
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});
